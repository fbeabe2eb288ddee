//! The embedded OpenID provider of the demo: standard OpenID Connect (discovery, JWKS,
//! authorization code flow with PKCE S256, token, userinfo, RP-initiated and back-channel
//! logout, revocation), so that any client library can use it in place of Keycloak. Members
//! sign in by picking one of the fictitious members of `personas`: there is no password.

mod authorize;
mod claims;
mod client_auth;
mod keys;
mod logout;
mod metadata;
mod oauth_error;
mod pages;
mod store;
mod token;
mod userinfo;

use std::path::Path;
use std::time::Duration;

use actix_web::{Scope, web};
use secrecy::SecretString;
use url::Url;

use crate::settings::Settings;

use keys::SigningKey;

/// Where the provider is mounted; also the path of its issuer identifier.
const MOUNT: &str = "/_demo/idp";
/// Name of the signing key file in the demo data folder.
// Named for its algorithm: a data folder from before ES256 holds an RSA key under another name.
const KEY_FILE: &str = "idp-signing-key-es256.pem";
/// How long a back-channel logout call may take: signing out must not hang on a slow client.
const BACKCHANNEL_TIMEOUT: Duration = Duration::from_secs(2);

/// The one client the provider knows, with the exact URIs it may send members back to.
#[derive(Debug, Clone)]
pub struct ClientRegistration {
    pub client_id: String,
    pub client_secret: SecretString,
    pub redirect_uri: Url,
    pub post_logout_redirect_uri: Url,
    /// Where logout tokens are posted when a session ends; none means no back-channel call.
    pub backchannel_logout_uri: Option<Url>,
}

impl ClientRegistration {
    /// The portal itself, at its public address.
    pub fn for_portal(settings: &Settings) -> anyhow::Result<Self> {
        let public_url = &settings.public_url;
        let client_secret = settings
            .client_secret
            .clone()
            .ok_or_else(|| anyhow::anyhow!("the demo identity provider needs a client secret"))?;
        Ok(Self {
            client_id: settings.client_id.clone(),
            client_secret,
            redirect_uri: public_url.join("auth/callback")?,
            post_logout_redirect_uri: public_url.clone(),
            backchannel_logout_uri: Some(public_url.join("auth/backchannel-logout")?),
        })
    }
}

#[derive(Debug, Clone)]
pub struct IdpConfig {
    /// `{public_url}_demo/idp`, without a trailing slash.
    pub issuer: String,
    pub client: ClientRegistration,
    /// Name of the claim carrying the person number (`NUMERO_PERSONNE`).
    pub person_number_claim: String,
    pub access_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
}

impl IdpConfig {
    pub fn new(settings: &Settings, client: ClientRegistration) -> Self {
        Self {
            issuer: issuer(&settings.public_url),
            client,
            person_number_claim: settings.person_number_claim.clone(),
            access_token_ttl: settings.access_token_ttl,
            refresh_token_ttl: settings.refresh_token_ttl,
        }
    }

    /// The absolute URL of one of the provider's endpoints, e.g. `endpoint("token")`.
    fn endpoint(&self, name: &str) -> String {
        format!("{}/{name}", self.issuer)
    }
}

/// The issuer identifier of the provider served by the portal at `public_url`.
fn issuer(public_url: &Url) -> String {
    format!("{}{}", public_url.as_str().trim_end_matches('/'), MOUNT)
}

pub struct Idp {
    config: IdpConfig,
    key: SigningKey,
    store: store::Store,
    /// For back-channel logout calls only: short timeout, no redirects.
    backchannel: reqwest::Client,
}

impl Idp {
    /// Loads the signing key from `data_dir`, generating it on first start.
    pub fn open(config: IdpConfig, data_dir: &Path) -> anyhow::Result<Self> {
        let key = SigningKey::load_or_create(&data_dir.join(KEY_FILE))?;
        let store = store::Store::new(config.refresh_token_ttl);
        let backchannel = reqwest::Client::builder()
            .timeout(BACKCHANNEL_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("espace-assure-demo-idp/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { config, key, store, backchannel })
    }

    /// The page refusing a browser request, with a way back to the portal.
    fn refuse(&self, refusal: pages::Refusal) -> actix_web::HttpResponse {
        pages::refusal(refusal, &self.config.client.post_logout_redirect_uri)
    }
}

pub fn scope(idp: web::Data<Idp>) -> Scope {
    // Resources (not bare routes) so that another method on these paths answers 405.
    web::scope(MOUNT)
        .app_data(idp)
        .service(web::resource("/.well-known/openid-configuration").get(metadata::discovery))
        .service(web::resource("/jwks").get(metadata::jwks))
        .service(web::resource("/style.css").get(pages::stylesheet))
        .service(web::resource("/auth").get(authorize::authorize))
        .service(web::resource("/sign-in").post(authorize::sign_in))
        .service(web::resource("/token").post(token::token))
        .service(web::resource("/revoke").post(token::revoke))
        .service(web::resource("/userinfo").get(userinfo::userinfo).post(userinfo::userinfo))
        .service(web::resource("/logout").get(logout::end_session).post(logout::end_session))
}
