//! The provider as the server holds it: its configuration, signing key and sessions.

use std::path::Path;
use std::time::Duration;

use super::client_auth::AssertionsSeen;
use super::config::IdpConfig;
use super::dpop_nonce::Nonces;
use super::keys::SigningKey;
use super::pages;
use super::store::Store;

/// Name of the signing key file in the demo data folder.
// Named for its algorithm: a data folder from before ES256 holds an RSA key under another name.
const KEY_FILE: &str = "idp-signing-key-es256.pem";
/// How long a back-channel logout call may take: signing out must not hang on a slow client.
const BACKCHANNEL_TIMEOUT: Duration = Duration::from_secs(2);

pub struct Idp {
    pub(super) config: IdpConfig,
    pub(super) key: SigningKey,
    pub(super) store: Store,
    /// For back-channel logout calls only: short timeout, no redirects.
    pub(super) backchannel: reqwest::Client,
    /// DPoP proofs at the token and userinfo endpoints, each taken once...
    pub(super) proofs: crate::dpop::ProofChecker,
    /// ...and with a nonce of the provider's at the token endpoint.
    pub(super) nonces: Nonces,
    /// The `private_key_jwt` assertions taken, each once.
    pub(super) assertions: AssertionsSeen,
}

impl Idp {
    /// Loads the signing key from `data_dir`, generating it on first start.
    pub fn open(config: IdpConfig, data_dir: &Path) -> anyhow::Result<Self> {
        let key = SigningKey::load_or_create(&data_dir.join(KEY_FILE))?;
        let store = Store::new(config.refresh_token_ttl);
        let backchannel = reqwest::Client::builder()
            .timeout(BACKCHANNEL_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("espace-assure-demo-idp/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            config,
            key,
            store,
            backchannel,
            proofs: Default::default(),
            nonces: Nonces::new(),
            assertions: AssertionsSeen::default(),
        })
    }

    /// The page refusing a browser request, with a way back to the portal.
    pub(super) fn refuse(&self, refusal: pages::Refusal) -> actix_web::HttpResponse {
        pages::refusal(refusal, &self.config.client.post_logout_redirect_uri)
    }
}
