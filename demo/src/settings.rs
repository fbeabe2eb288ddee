//! What the server that mounts the demo tells it: the one type the portal fills in.

use std::path::PathBuf;
use std::time::Duration;

use secrecy::SecretString;
use url::Url;

/// What the embedded upstreams are told by the server that mounts them.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Holds the provider's key, the member API's database and its members' uploads.
    pub data_dir: PathBuf,
    pub idp: bool,
    pub api: bool,
    pub cms: bool,
    /// Where browsers reach the server (and so `/_demo`), with a trailing slash.
    pub public_url: Url,
    /// The issuer whose tokens the member API accepts, with a trailing slash.
    pub oidc_issuer: Url,
    /// The one client the provider knows, and the member API's expected audience.
    pub client_id: String,
    /// The client's secret; required when the provider is on, unless the client has keys.
    pub client_secret: Option<SecretString>,
    /// The keys the client publishes (`/auth/jwks.json`) when it authenticates with
    /// `private_key_jwt`: the provider then takes only assertions signed by them.
    pub client_keys: Option<jsonwebtoken::jwk::JwkSet>,
    /// The claim carrying the person number (`NUMERO_PERSONNE`).
    pub person_number_claim: String,
    pub access_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
    /// The largest file the member API accepts.
    pub max_upload_bytes: usize,
    /// How many uploads, and bytes, a member may keep unsent, and for how many hours.
    pub upload_quota_files: u64,
    pub upload_quota_bytes: u64,
    pub unattached_upload_ttl_hours: u64,
    /// How long the member API takes to answer, give or take the jitter (drawn evenly).
    pub api_latency: Duration,
    pub api_latency_jitter: Duration,
    /// The mutual's name, printed on the documents the member API makes.
    pub mutuelle: String,
    /// The folder the server's mail transport writes to, shown at `/_demo/outbox`; none when
    /// mail goes elsewhere. The member API's own emails (alerts, security emails) are written
    /// there too, and wait in its queue while there is none.
    pub outbox_dir: Option<PathBuf>,
    /// The sender of the mutual's emails, `Name <address>` (the portal's `mail.from`).
    pub mail_from: String,
    /// The shop whose payment page the demo stands in for, and whose notifications the member
    /// API takes; none turns paying online off.
    pub boutique: Option<Boutique>,
}

/// A shop at the payment provider (Lyra's form, `[paiement]` of the portal): its identifier,
/// the key that signs its forms and the provider's notifications, and the mode (`TEST`).
#[derive(Debug, Clone)]
pub struct Boutique {
    pub site_id: String,
    pub cle: SecretString,
    pub mode: String,
}
