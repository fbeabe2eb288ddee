//! What the provider is told: where it is mounted, its one client, its tokens' lifetimes.

use std::time::Duration;

use secrecy::SecretString;
use url::Url;

use crate::settings::Settings;

/// Where the provider is mounted; also the path of its issuer identifier.
pub(super) const MOUNT: &str = "/_demo/idp";

/// The one client the provider knows, with the exact URIs it may send members back to.
#[derive(Debug, Clone)]
pub struct ClientRegistration {
    pub client_id: String,
    pub credentials: ClientCredentials,
    pub redirect_uri: Url,
    pub post_logout_redirect_uri: Url,
    /// Where logout tokens are posted when a session ends; none means no back-channel call.
    pub backchannel_logout_uri: Option<Url>,
}

/// How the client proves who it is at the token and revocation endpoints.
#[derive(Debug, Clone)]
pub enum ClientCredentials {
    /// `client_secret_basic` or `client_secret_post`.
    Secret(SecretString),
    /// `private_key_jwt`: an assertion signed by one of these keys, the ones the client
    /// publishes (Keycloak's « JWKS URL »).
    Keys(jsonwebtoken::jwk::JwkSet),
}

impl ClientRegistration {
    /// The portal itself, at its public address: authenticated by its keys when it publishes
    /// some, else by its secret.
    pub fn for_portal(settings: &Settings) -> anyhow::Result<Self> {
        let public_url = &settings.public_url;
        let credentials = match (&settings.client_keys, &settings.client_secret) {
            (Some(keys), _) => ClientCredentials::Keys(keys.clone()),
            (None, Some(secret)) => ClientCredentials::Secret(secret.clone()),
            (None, None) => anyhow::bail!("the demo identity provider needs a client secret or keys"),
        };
        Ok(Self {
            client_id: settings.client_id.clone(),
            credentials,
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
    pub(super) fn endpoint(&self, name: &str) -> String {
        format!("{}/{name}", self.issuer)
    }
}

/// The issuer identifier of the provider served by the portal at `public_url`.
fn issuer(public_url: &Url) -> String {
    format!("{}{}", public_url.as_str().trim_end_matches('/'), MOUNT)
}
