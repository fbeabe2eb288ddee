//! Typed settings: a TOML file (`config.example.toml` documents every key) overridden by
//! environment variables `ESPACE_ASSURE__SECTION__KEY`, then validated as a whole so that an
//! operator learns every mistake at start-up, each with the key it concerns.

mod outbound;
mod secrets;

pub use outbound::OutboundSettings;

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use ipnet::IpNet;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Deserializer};
use url::Url;

use crate::tls::TlsFiles;

/// Environment prefix of the overrides: `ESPACE_ASSURE__SERVER__LISTEN` sets `server.listen`.
pub const ENV_PREFIX: &str = "ESPACE_ASSURE__";

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub server: ServerSettings,
    pub oidc: OidcSettings,
    pub session: SessionSettings,
    pub upstream: UpstreamSettings,
    pub brand: BrandSettings,
    pub accessibilite: AccessibiliteSettings,
    pub mediateur: MediateurSettings,
    pub captcha: CaptchaSettings,
    pub limits: LimitsSettings,
    pub mail: MailSettings,
    pub outbound: OutboundSettings,
    pub demo: DemoSettings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerSettings {
    pub listen: SocketAddr,
    /// The address members type; derived from `listen` when absent (demo on loopback).
    pub public_url: Option<Url>,
    /// Reverse proxies whose `X-Request-Id` and `X-Forwarded-*` headers are believed.
    #[serde(deserialize_with = "deserialize_networks")]
    pub trusted_proxies: Vec<IpNet>,
    pub log_format: LogFormat,
    /// Worker threads; the number of cores when absent.
    pub workers: Option<usize>,
    /// Seconds in-flight requests get to finish after SIGTERM or Ctrl-C.
    pub shutdown_timeout_secs: u64,
    /// A second address, serving `/metrics` and nothing else (a private interface, say); the
    /// public listener then answers 404 there.
    pub metrics_listen: Option<SocketAddr>,
    /// A bearer token `/metrics` then asks for, wherever it is served.
    pub metrics_token: Option<SecretString>,
    /// A file holding `metrics_token` (see `secrets`).
    pub metrics_token_file: Option<PathBuf>,
    /// Seconds between two probes of the shared upstreams (`upstream_up`); 0: no probes.
    pub upstream_probe_secs: u64,
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: None,
            trusted_proxies: Vec::new(),
            log_format: LogFormat::Human,
            workers: None,
            shutdown_timeout_secs: 30,
            metrics_listen: None,
            metrics_token: None,
            metrics_token_file: None,
            upstream_probe_secs: 15,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Human,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OidcSettings {
    /// Issuer URL; its `/.well-known/openid-configuration` is read at start-up.
    pub issuer: Option<Url>,
    pub client_id: String,
    pub client_secret: Option<SecretString>,
    /// A file holding `client_secret`.
    pub client_secret_file: Option<PathBuf>,
    /// Claim of the ID token (else userinfo) holding the member's person number.
    pub person_number_claim: String,
    /// Signature algorithms accepted on ID and logout tokens. Only the provider's asymmetric
    /// keys by default: Keycloak also announces HS256, which would let anyone holding the
    /// client secret sign an ID token; list an `HS*` algorithm only to accept exactly that.
    pub signing_algorithms: Vec<String>,
    /// Total time one call to the provider (discovery, keys, token, userinfo, revocation) may
    /// take, connection included.
    pub timeout_ms: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots (a
    /// mutual's internal authority).
    pub ca_file: Option<PathBuf>,
    /// A client certificate (PEM, its chain after it) and its key, for mutual TLS.
    pub client_cert_file: Option<PathBuf>,
    pub client_key_file: Option<PathBuf>,
}

/// The JWS algorithms `oidc.signing_algorithms` may name.
pub const SIGNING_ALGORITHMS: [&str; 11] =
    ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "HS256", "HS384", "HS512"];

impl Default for OidcSettings {
    fn default() -> Self {
        Self {
            issuer: None,
            client_id: "espace-assure".into(),
            client_secret: None,
            client_secret_file: None,
            person_number_claim: "NUMERO_PERSONNE".into(),
            signing_algorithms: vec!["RS256".into(), "ES256".into()],
            timeout_ms: 10_000,
            ca_file: None,
            client_cert_file: None,
            client_key_file: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SessionSettings {
    /// Where sessions live: one instance in memory, several instances sharing Redis.
    pub store: SessionStoreKind,
    /// `redis://[:password@]host:port/db` or `redis+unix:///path`; may hold a password.
    pub redis_url: Option<SecretString>,
    /// A file holding `redis_url`.
    pub redis_url_file: Option<PathBuf>,
    /// `rediss://`: the authority Redis's certificate comes from (PEM), in place of the
    /// machine's store, and a client certificate with its key when Redis asks for one.
    pub redis_ca_file: Option<PathBuf>,
    pub redis_client_cert_file: Option<PathBuf>,
    pub redis_client_key_file: Option<PathBuf>,
    /// Redis Sentinel: each sentinel's `redis[s]://[user@]host:port`; `redis_url`'s host is
    /// then the name of the master they watch, its user, password and database the master's.
    pub redis_sentinels: Vec<String>,
    /// The password the sentinels ask for (`requirepass` of sentinel.conf), if any.
    pub redis_sentinel_password: Option<SecretString>,
    /// A file holding `redis_sentinel_password`.
    pub redis_sentinel_password_file: Option<PathBuf>,
    /// Inactivity after which a member is signed out (SPEC.md §9: 30 minutes).
    pub idle_timeout_secs: u64,
    /// Absolute lifetime of a session; keep it no longer than the provider's refresh tokens.
    pub max_lifetime_secs: u64,
    /// In-memory store: most sessions kept at once; past it the least recently used go first.
    pub max_sessions: u64,
    /// Encrypts the sign-in cookie (state, nonce, PKCE verifier, return path until the
    /// provider sends the member back). Instances behind one load balancer share it. Unset, it
    /// is derived from `oidc.client_secret`. Changing it only cancels the sign-ins under way.
    pub cookie_key: Option<SecretString>,
    /// A file holding `cookie_key`.
    pub cookie_key_file: Option<PathBuf>,
    /// Most sessions one member keeps open at once; past it their own least recently used is
    /// closed, never another member's.
    pub max_per_member: usize,
    /// `store = "redis"`: AES-256 keys (base64 of 32 bytes), newest first, that seal what Redis
    /// holds and name its keys; the first seals, all open (rotation). Required with Redis
    /// outside demo mode, where one is derived from the client secret.
    pub encryption_keys: Vec<SecretString>,
    /// A file holding `encryption_keys`, one per line.
    pub encryption_keys_file: Option<PathBuf>,
    /// Days after which the tiers-payant card kept on a device for offline use is erased when
    /// nobody has signed in on that device since.
    pub kept_card_days: u32,
}

impl SessionSettings {
    /// `encryption_keys`, decoded; a key that is not base64 of 32 bytes is named by its place.
    pub fn decoded_encryption_keys(&self) -> Result<Vec<[u8; 32]>, String> {
        use base64::Engine as _;
        self.encryption_keys
            .iter()
            .enumerate()
            .map(|(place, key)| {
                base64::engine::general_purpose::STANDARD
                    .decode(key.expose_secret().trim())
                    .ok()
                    .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
                    .ok_or_else(|| {
                        format!("key {} is not the base64 of 32 bytes (openssl rand -base64 32)", place + 1)
                    })
            })
            .collect()
    }
}

/// `session.cookie_key`'s least length: the cookie's encryption key is derived from it.
const COOKIE_KEY_MIN_BYTES: usize = 32;

impl Default for SessionSettings {
    fn default() -> Self {
        Self {
            store: SessionStoreKind::Memory,
            redis_url: None,
            redis_url_file: None,
            redis_ca_file: None,
            redis_client_cert_file: None,
            redis_client_key_file: None,
            redis_sentinels: Vec::new(),
            redis_sentinel_password: None,
            redis_sentinel_password_file: None,
            idle_timeout_secs: 1800,
            max_lifetime_secs: 36_000,
            max_sessions: 100_000,
            cookie_key: None,
            cookie_key_file: None,
            max_per_member: 20,
            encryption_keys: Vec::new(),
            encryption_keys_file: None,
            kept_card_days: 7,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SessionStoreKind {
    Memory,
    Redis,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct UpstreamSettings {
    pub api: ApiUpstream,
    pub cms: CmsUpstream,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ApiUpstream {
    pub base_url: Option<Url>,
    pub connect_timeout_ms: u64,
    pub timeout_ms: u64,
    /// Largest request body passed on (uploads), in bytes.
    pub max_body_bytes: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots (a
    /// mutual's internal authority).
    pub ca_file: Option<PathBuf>,
    /// A client certificate (PEM, its chain after it) and its key, for mutual TLS.
    pub client_cert_file: Option<PathBuf>,
    pub client_key_file: Option<PathBuf>,
}

impl Default for ApiUpstream {
    fn default() -> Self {
        Self {
            base_url: None,
            connect_timeout_ms: 2_000,
            timeout_ms: 15_000,
            max_body_bytes: 10 * 1024 * 1024,
            ca_file: None,
            client_cert_file: None,
            client_key_file: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CmsUpstream {
    /// What the content service speaks: the flattened JSON of the demo's own, or Strapi 5.
    pub kind: CmsKind,
    pub base_url: Option<Url>,
    /// Strapi's read-only API token, sent as a bearer token (set it from the environment).
    pub api_token: Option<SecretString>,
    /// A file holding `api_token`.
    pub api_token_file: Option<PathBuf>,
    pub timeout_ms: u64,
    /// How long a cached answer is served without asking the content service again.
    pub cache_ttl_secs: u64,
    /// How old the last good answer may be to stand in while the content service fails.
    pub stale_if_error_secs: u64,
    /// Menu entries flagged `courtierChesneau` are for members whose broker contains this.
    pub broker_name: String,
    /// Most content answers kept at once (fresh and last good copies each).
    pub cache_max_entries: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots.
    pub ca_file: Option<PathBuf>,
}

impl Default for CmsUpstream {
    fn default() -> Self {
        Self {
            kind: CmsKind::Portal,
            base_url: None,
            api_token: None,
            api_token_file: None,
            timeout_ms: 5_000,
            cache_ttl_secs: 300,
            stale_if_error_secs: 86_400,
            broker_name: "CHESNEAU".into(),
            cache_max_entries: 1_000,
            ca_file: None,
        }
    }
}

/// The content service's protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CmsKind {
    /// The content paths of SPEC.md §7 answering the flattened fields (`Id`, `Titre`, ...), as
    /// the embedded demo content service does.
    Portal,
    /// A Strapi 5 (or 4) REST API with the content model of `packaging/strapi/`.
    Strapi,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrandSettings {
    /// The mutual's name, as in "Retour au site de {name}".
    pub name: String,
    /// Name shown in "Remb. {provider}".
    pub provider: String,
    pub public_site_url: Url,
    pub feedback_url: Url,
    /// `#rgb` or `#rrggbb`; becomes the SPA's `--brand-primary`.
    pub primary_color: String,
    /// An SVG, PNG, JPEG or WebP file served at `/brand/logo`; the embedded logo when absent.
    pub logo: Option<PathBuf>,
    /// A JSON object of front-end catalogue keys and the partner's texts (see `messages`).
    pub messages_file: Option<PathBuf>,
}

impl Default for BrandSettings {
    fn default() -> Self {
        Self {
            name: "Mutuelle Cogévie".into(),
            provider: "Cogévie".into(),
            public_site_url: Url::parse("https://www.example.org/").expect("static URL"),
            feedback_url: Url::parse("https://www.example.org/avis").expect("static URL"),
            primary_color: "#0b5fa5".into(),
            logo: None,
            messages_file: None,
        }
    }
}

/// The accessibility statement (`/home/accessibilite`), whose parts French law (RGAA) requires:
/// the conformity state and the audit behind it, what does not conform or is exempted, and
/// whom to write to. The organisation is `brand.name`.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct AccessibiliteSettings {
    /// "non conforme", "partiellement conforme" or "totalement conforme".
    pub etat: String,
    /// Share of the RGAA criteria met at the last audit, in percent; none before an audit.
    pub taux_conformite: Option<f64>,
    /// The last audit's date (YYYY-MM-DD) and who made it.
    pub date_audit: Option<chrono::NaiveDate>,
    pub auditeur: Option<String>,
    /// Criteria or contents that do not conform, one sentence each.
    pub non_conformites: Vec<String>,
    /// Contents exempted (disproportionate burden, third-party content, ...), one sentence each.
    pub derogations: Vec<String>,
    /// Where members report a problem or ask for an accessible alternative.
    pub contact_email: String,
    pub contact_url: Option<Url>,
}

impl Default for AccessibiliteSettings {
    fn default() -> Self {
        Self {
            // Until an audit says otherwise, the law's own wording for a site never audited.
            etat: "non conforme".into(),
            taux_conformite: None,
            date_audit: None,
            auditeur: None,
            non_conformites: Vec::new(),
            derogations: Vec::new(),
            contact_email: "accessibilite@example.org".into(),
            contact_url: None,
        }
    }
}

/// `[limits]`: bounds on abuse, per client address and per member (see `limits`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsSettings {
    /// Sign-ins one client address may start per minute (`/auth/login` and `/auth/callback`,
    /// each counted): behind `server.trusted_proxies`, the address they forward.
    pub sign_ins_per_minute: NonZeroU32,
    /// Writes (any method but GET under `/api`) one member may make per minute.
    pub writes_per_minute: NonZeroU32,
    /// Requests, documents, complaints and terminations one member may create per hour.
    pub creations_per_hour: NonZeroU32,
}

impl Default for LimitsSettings {
    fn default() -> Self {
        let count = |n| NonZeroU32::new(n).expect("not zero");
        Self { sign_ins_per_minute: count(30), writes_per_minute: count(30), creations_per_hour: count(30) }
    }
}

/// The captcha of SPEC.md §7, guarding the writes a script would abuse (a request with its
/// documents, a termination's confirmation).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptchaSettings {
    pub provider: CaptchaProvider,
    /// ALTCHA's difficulty: the browser tries numbers up to this one (on average half of them)
    /// before it finds the challenge's; 50,000 SHA-256 take a phone well under a second.
    pub max_number: u64,
    /// How long a challenge may be solved and used (ALTCHA).
    pub expires_secs: u64,
    /// A hosted provider's public site key, given to its widget.
    pub site_key: Option<String>,
    /// A hosted provider's secret, sent to its verification endpoint (set it from the environment).
    pub secret: Option<SecretString>,
    /// A file holding `secret`.
    pub secret_file: Option<PathBuf>,
    /// A hosted provider's verification endpoint, when not its public one.
    pub verify_url: Option<Url>,
}

impl Default for CaptchaSettings {
    fn default() -> Self {
        Self {
            provider: CaptchaProvider::Altcha,
            max_number: 50_000,
            expires_secs: 600,
            site_key: None,
            secret: None,
            secret_file: None,
            verify_url: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptchaProvider {
    /// A proof of work made and checked here: no third party, no cookie.
    Altcha,
    /// Hosted by hCaptcha: its widget in the browser, its `siteverify` here.
    Hcaptcha,
    None,
}

impl CaptchaProvider {
    pub fn is_hosted(self) -> bool {
        self == Self::Hcaptcha
    }
}

/// Longest life of a challenge: the portal remembers used solutions that long.
pub const CAPTCHA_MAX_EXPIRES_SECS: u64 = 3_600;

impl CaptchaSettings {
    fn validate(&self, problems: &mut Problems) {
        if !(60..=CAPTCHA_MAX_EXPIRES_SECS).contains(&self.expires_secs) {
            problems.add("captcha.expires_secs", format!("from 60 to {CAPTCHA_MAX_EXPIRES_SECS} seconds"));
        }
        if !(1_000..=10_000_000).contains(&self.max_number) {
            problems.add("captcha.max_number", "from 1000 to 10000000");
        }
        if self.provider.is_hosted() {
            if self.site_key.as_deref().is_none_or(str::is_empty) {
                problems.add("captcha.site_key", "required for a hosted provider");
            }
            if self.secret.as_ref().is_none_or(|secret| secret.expose_secret().is_empty()) {
                problems.add("captcha.secret", "required for a hosted provider");
            }
        }
        if let Some(url) = &self.verify_url {
            problems.http_url("captcha.verify_url", url);
        }
    }
}

/// The consumer mediator a member may refer a complaint to once the mutual has refused it
/// (Code de la consommation, L612-1): named, with how to reach it, on a refused complaint.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct MediateurSettings {
    pub nom: String,
    /// The postal address, one line each.
    pub adresse: Vec<String>,
    /// Where a member refers a complaint online.
    pub site: Url,
}

impl Default for MediateurSettings {
    fn default() -> Self {
        Self {
            nom: "Médiateur de la Mutualité française".into(),
            adresse: vec!["FNMF".into(), "255 rue de Vaugirard".into(), "75719 Paris Cedex 15".into()],
            site: Url::parse("https://www.mediateur-mutualite.fr/").expect("static URL"),
        }
    }
}

/// How the portal sends the emails it owes members (a termination's acknowledgement).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    /// Nothing is sent; the acknowledgement stays in the member's space.
    None,
    /// Each message is written as an `.eml` file to `outbox_dir` (the demo's choice).
    Outbox,
    /// Through an SMTP relay (`smtp_url`).
    Smtp,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailSettings {
    /// Unset: the outbox in demo mode, nothing otherwise.
    pub transport: Option<MailTransport>,
    /// The sender, as members see it: `Name <address>`.
    pub from: String,
    /// `smtps://user:password@relay:465` or `smtp://relay:587?tls=required` (lettre's syntax).
    pub smtp_url: Option<SecretString>,
    /// A file holding `smtp_url`.
    pub smtp_url_file: Option<PathBuf>,
    /// Where the outbox writes; the demo's data folder's `outbox` when unset.
    pub outbox_dir: Option<PathBuf>,
    /// A PEM root certificate the relay's TLS certificate is checked against, besides the
    /// public roots: a mutual's internal relay signed by its own authority.
    pub ca_file: Option<PathBuf>,
    /// Where messages wait until they have left (kept across restarts; instances sharing the
    /// folder send each message once); the demo's data folder's `mail-queue` when unset.
    pub queue_dir: Option<PathBuf>,
    /// Total time given to one message, connection included.
    pub timeout_ms: u64,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            transport: None,
            from: "Mutuelle Cogévie <ne-pas-repondre@mutuelle-cogevie.example>".into(),
            smtp_url: None,
            smtp_url_file: None,
            outbox_dir: None,
            ca_file: None,
            queue_dir: None,
            timeout_ms: 10_000,
        }
    }
}

impl MailSettings {
    /// What is used once the defaults are applied.
    pub fn effective_transport(&self, demo: &DemoSettings) -> MailTransport {
        self.transport.unwrap_or(if demo.enabled { MailTransport::Outbox } else { MailTransport::None })
    }

    pub fn effective_outbox_dir(&self, demo: &DemoSettings) -> PathBuf {
        self.outbox_dir.clone().unwrap_or_else(|| demo.data_dir.join("outbox"))
    }

    pub fn effective_queue_dir(&self, demo: &DemoSettings) -> PathBuf {
        self.queue_dir.clone().unwrap_or_else(|| demo.data_dir.join("mail-queue"))
    }
}

/// The conformity states of the RGAA.
pub const ETATS_ACCESSIBILITE: [&str; 3] = ["non conforme", "partiellement conforme", "totalement conforme"];

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DemoSettings {
    /// On by default only when no configuration file is given.
    pub enabled: bool,
    pub data_dir: PathBuf,
    /// Each embedded upstream can be switched off to use a real one in its place.
    pub idp: bool,
    pub api: bool,
    pub cms: bool,
    /// Lifetime of the demo provider's access tokens: short, so that refresh is exercised.
    pub access_token_ttl_secs: u64,
    /// Lifetime of its refresh tokens, and idle lifetime of its sign-in sessions.
    pub refresh_token_ttl_secs: u64,
    /// Largest file the demo member API accepts in one upload, in bytes.
    pub max_upload_bytes: usize,
    /// Uploads a member may keep without having sent them with a request: how many, and how
    /// many bytes in all.
    pub upload_quota_files: u64,
    pub upload_quota_bytes: u64,
    /// Hours after which an upload no request took is removed.
    pub unattached_upload_ttl_hours: u64,
}

/// The longest an unsent upload may be kept: a year.
const UNATTACHED_UPLOAD_TTL_HOURS_MAX: u64 = 365 * 24;

impl Default for DemoSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            data_dir: PathBuf::from("espace-assure-demo"),
            idp: true,
            api: true,
            cms: true,
            access_token_ttl_secs: 300,
            refresh_token_ttl_secs: 36_000,
            max_upload_bytes: 10 * 1024 * 1024,
            upload_quota_files: 20,
            upload_quota_bytes: 50 * 1024 * 1024,
            unattached_upload_ttl_hours: 24,
        }
    }
}

impl DemoSettings {
    pub fn idp_on(&self) -> bool {
        self.enabled && self.idp
    }
    pub fn api_on(&self) -> bool {
        self.enabled && self.api
    }
    pub fn cms_on(&self) -> bool {
        self.enabled && self.cms
    }
}

/// Every problem found in a configuration, each naming its key.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration:\n  - {}", .problems.join("\n  - "))]
pub struct ConfigError {
    pub problems: Vec<String>,
}

impl ConfigError {
    fn one(problem: impl Into<String>) -> Self {
        Self { problems: vec![problem.into()] }
    }
}

impl Settings {
    /// Loads `file` (demo mode when `None`), applies the environment overrides, reads the
    /// secrets given as files (systemd's `$CREDENTIALS_DIRECTORY` among them) and validates.
    pub fn load(file: Option<&Path>) -> Result<Self, ConfigError> {
        let credentials = std::env::var_os("CREDENTIALS_DIRECTORY").map(PathBuf::from);
        Self::load_with(file, Env::prefixed(ENV_PREFIX).split("__"), credentials.as_deref())
    }

    fn load_with(file: Option<&Path>, env: Env, credentials: Option<&Path>) -> Result<Self, ConfigError> {
        let mut figment = Figment::new();
        match file {
            Some(path) => {
                if !path.is_file() {
                    return Err(ConfigError::one(format!("{}: no such configuration file", path.display())));
                }
                figment = figment.merge(Toml::file_exact(path));
            }
            // No file: the one-command demo, every upstream embedded.
            None => figment = figment.merge(Serialized::default("demo.enabled", true)),
        }
        let mut settings: Settings = figment.merge(env).extract().map_err(|errors| ConfigError {
            problems: errors.into_iter().map(describe_figment_error).collect(),
        })?;
        let mut problems = Problems::default();
        secrets::read_files(&mut settings, credentials, &mut problems);
        if !problems.0.is_empty() {
            return Err(ConfigError { problems: problems.0 });
        }
        settings.validate()?;
        Ok(settings)
    }

    /// Every section checks its own keys; a section whose rules depend on demo mode is given
    /// `[demo]`. All problems are gathered, so an operator fixes a file in one pass.
    fn validate(&self) -> Result<(), ConfigError> {
        let mut problems = Problems::default();
        self.server.validate(&mut problems);
        self.oidc.validate(&self.demo, &mut problems);
        self.session.validate(&self.demo, &mut problems);
        self.upstream.validate(&self.demo, &mut problems);
        self.brand.validate(&mut problems);
        self.accessibilite.validate(&mut problems);
        self.mediateur.validate(&mut problems);
        self.captcha.validate(&mut problems);
        self.mail.validate(&self.demo, &mut problems);
        self.outbound.validate(&mut problems);
        self.demo.validate(&mut problems);
        if problems.0.is_empty() { Ok(()) } else { Err(ConfigError { problems: problems.0 }) }
    }
}

/// What is wrong with a configuration, one line per problem, each naming its key.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn add(&mut self, key: &str, problem: impl std::fmt::Display) {
        self.0.push(format!("{key}: {problem}"));
    }

    /// The TLS files of an upstream: readable, PEM, in date, the key the certificate's.
    fn tls(&mut self, prefix: &str, files: TlsFiles) {
        for (key, problem) in crate::tls::problems(prefix, files, std::time::SystemTime::now()) {
            self.add(&key, problem);
        }
    }

    /// Counts, sizes and durations where 0 would mean "nothing ever works".
    fn at_least_one(&mut self, key: &str, value: u64) {
        if value == 0 {
            self.add(key, "must be at least 1");
        }
    }

    fn http_url(&mut self, key: &str, url: &Url) {
        if !matches!(url.scheme(), "http" | "https") {
            self.add(key, format!("expected an http(s) URL, got \"{url}\""));
        }
    }

    /// An upstream is either embedded (demo) or named, never both: a configuration that names
    /// a real upstream cannot silently talk to the demo one instead.
    fn upstream(&mut self, key: &str, url: Option<&Url>, embedded: bool, switch: &str) {
        match (url, embedded) {
            (Some(url), true) => self.add(
                key,
                format!(
                    "names \"{url}\" while the embedded demo upstream is on; set {switch} = false to use it"
                ),
            ),
            (Some(url), false) => self.http_url(key, url),
            (None, false) => self.add(key, format!("required when {switch} is off")),
            _ => {}
        }
    }
}

impl ServerSettings {
    fn validate(&self, problems: &mut Problems) {
        if let Some(url) = &self.public_url
            && (!matches!(url.scheme(), "http" | "https") || url.path() != "/")
        {
            problems.add("server.public_url", format!("expected an http(s) URL with no path, got \"{url}\""));
        }
        match &self.public_url {
            Some(url) if url.scheme() == "http" && !is_loopback(url) => problems.add(
                "server.public_url",
                format!("plain http is only allowed on loopback (a local demo); use https for \"{url}\""),
            ),
            None if !(self.listen.ip().is_loopback() || self.listen.ip().is_unspecified()) => {
                problems.add("server.public_url", "required when listening on a non-loopback address")
            }
            _ => {}
        }
        if self.workers == Some(0) {
            problems.add("server.workers", "must be at least 1");
        }
        if self.metrics_token.as_ref().is_some_and(|token| token.expose_secret().len() < 16) {
            problems.add("server.metrics_token", "at least 16 characters");
        }
        if self.metrics_listen == Some(self.listen) {
            problems.add("server.metrics_listen", "must differ from server.listen");
        }
    }
}

impl OidcSettings {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.ca_file.as_deref(),
            client_cert_file: self.client_cert_file.as_deref(),
            client_key_file: self.client_key_file.as_deref(),
        }
    }

    fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        problems.tls("oidc.", self.tls());
        problems.upstream("oidc.issuer", self.issuer.as_ref(), demo.idp_on(), "demo.idp");
        if !demo.idp_on() && self.client_secret.is_none() {
            problems.add("oidc.client_secret", "required for the confidential client");
        }
        if self.person_number_claim.trim().is_empty() {
            problems.add("oidc.person_number_claim", "must not be empty");
        }
        if self.signing_algorithms.is_empty() {
            problems.add("oidc.signing_algorithms", "name at least one algorithm");
        }
        for algorithm in &self.signing_algorithms {
            if !SIGNING_ALGORITHMS.contains(&algorithm.as_str()) {
                problems.add(
                    "oidc.signing_algorithms",
                    format!("\"{algorithm}\" is not one of {}", SIGNING_ALGORITHMS.join(", ")),
                );
            }
        }
        problems.at_least_one("oidc.timeout_ms", self.timeout_ms);
    }
}

impl SessionSettings {
    pub fn redis_tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.redis_ca_file.as_deref(),
            client_cert_file: self.redis_client_cert_file.as_deref(),
            client_key_file: self.redis_client_key_file.as_deref(),
        }
    }

    fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        problems.tls("session.redis_", self.redis_tls());
        if self.store == SessionStoreKind::Redis && self.redis_url.is_none() {
            problems.add("session.redis_url", "required when session.store = \"redis\"");
        }
        for sentinel in &self.redis_sentinels {
            match url::Url::parse(sentinel) {
                Ok(url) if !matches!(url.scheme(), "redis" | "rediss") || url.host().is_none() => problems
                    .add("session.redis_sentinels", format!("\"{sentinel}\" is not redis[s]://host:port")),
                Ok(url) if url.password().is_some() => problems.add(
                    "session.redis_sentinels",
                    "a password here would sit in the file: use session.redis_sentinel_password(_file)",
                ),
                Ok(_) => {}
                Err(error) => problems.add("session.redis_sentinels", format!("\"{sentinel}\": {error}")),
            }
        }
        if self.store == SessionStoreKind::Redis && self.encryption_keys.is_empty() && !demo.enabled {
            problems.add(
                "session.encryption_keys",
                "required when session.store = \"redis\": what Redis holds is sealed with it (openssl rand -base64 32)",
            );
        }
        if let Err(problem) = self.decoded_encryption_keys() {
            problems.add("session.encryption_keys", problem);
        }
        problems.at_least_one("session.max_per_member", self.max_per_member as u64);
        problems.at_least_one("session.kept_card_days", u64::from(self.kept_card_days));
        if self.max_lifetime_secs < self.idle_timeout_secs {
            problems.add("session.max_lifetime_secs", "must not be shorter than session.idle_timeout_secs");
        }
        if self.cookie_key.as_ref().is_some_and(|key| key.expose_secret().len() < COOKIE_KEY_MIN_BYTES) {
            problems.add("session.cookie_key", format!("at least {COOKIE_KEY_MIN_BYTES} bytes"));
        }
        problems.at_least_one("session.idle_timeout_secs", self.idle_timeout_secs);
        problems.at_least_one("session.max_sessions", self.max_sessions);
    }
}

impl ApiUpstream {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.ca_file.as_deref(),
            client_cert_file: self.client_cert_file.as_deref(),
            client_key_file: self.client_key_file.as_deref(),
        }
    }
}

impl CmsUpstream {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles { ca_file: self.ca_file.as_deref(), ..TlsFiles::default() }
    }
}

impl UpstreamSettings {
    fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        problems.tls("upstream.api.", self.api.tls());
        problems.tls("upstream.cms.", self.cms.tls());
        problems.upstream("upstream.api.base_url", self.api.base_url.as_ref(), demo.api_on(), "demo.api");
        problems.upstream("upstream.cms.base_url", self.cms.base_url.as_ref(), demo.cms_on(), "demo.cms");
        problems.at_least_one("upstream.cms.cache_max_entries", self.cms.cache_max_entries);
        if self.cms.kind == CmsKind::Strapi {
            if demo.cms_on() {
                problems
                    .add("upstream.cms.kind", "\"strapi\" needs a Strapi: set demo.cms = false and base_url");
            }
            if self.cms.api_token.as_ref().is_none_or(|token| token.expose_secret().is_empty()) {
                problems.add("upstream.cms.api_token", "required when upstream.cms.kind = \"strapi\"");
            }
        }
        problems.at_least_one("upstream.api.connect_timeout_ms", self.api.connect_timeout_ms);
        problems.at_least_one("upstream.api.timeout_ms", self.api.timeout_ms);
        problems.at_least_one("upstream.cms.timeout_ms", self.cms.timeout_ms);
        problems.at_least_one("upstream.cms.cache_ttl_secs", self.cms.cache_ttl_secs);
    }
}

impl BrandSettings {
    fn validate(&self, problems: &mut Problems) {
        if !is_hex_colour(&self.primary_color) {
            problems.add(
                "brand.primary_color",
                format!("expected #rgb or #rrggbb, got \"{}\"", self.primary_color),
            );
        }
        if let Some(logo) = &self.logo
            && let Err(problem) = check_logo(logo)
        {
            problems.add("brand.logo", problem);
        }
        problems.http_url("brand.public_site_url", &self.public_site_url);
        problems.http_url("brand.feedback_url", &self.feedback_url);
        if let Some(Err(file_problems)) = self.messages_file.as_deref().map(crate::messages::read) {
            for problem in file_problems {
                problems.add("brand.messages_file", problem);
            }
        }
    }
}

impl AccessibiliteSettings {
    fn validate(&self, problems: &mut Problems) {
        if !ETATS_ACCESSIBILITE.contains(&self.etat.as_str()) {
            problems.add(
                "accessibilite.etat",
                format!(
                    "expected one of {}, got \"{}\"",
                    ETATS_ACCESSIBILITE.map(|etat| format!("\"{etat}\"")).join(", "),
                    self.etat
                ),
            );
        }
        if self.taux_conformite.is_some_and(|taux| !(0.0..=100.0).contains(&taux)) {
            problems.add("accessibilite.taux_conformite", "a percentage, from 0 to 100");
        }
        if !self.contact_email.contains('@') {
            problems.add("accessibilite.contact_email", "an email address");
        }
    }
}

impl MediateurSettings {
    fn validate(&self, problems: &mut Problems) {
        if self.nom.trim().is_empty() {
            problems.add("mediateur.nom", "the mediator's name");
        }
        if self.adresse.is_empty()
            || self.adresse.len() > 6
            || self.adresse.iter().any(|line| line.trim().is_empty())
        {
            problems.add("mediateur.adresse", "one to six lines of postal address, none empty");
        }
        problems.http_url("mediateur.site", &self.site);
    }
}

impl MailSettings {
    fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        if self.effective_transport(demo) == MailTransport::Smtp && self.smtp_url.is_none() {
            problems.add("mail.smtp_url", "required when mail.transport = \"smtp\"");
        }
        if let Some(url) = &self.smtp_url
            && let Err(problem) = check_smtp_url(url.expose_secret())
        {
            problems.add("mail.smtp_url", problem);
        }
        if self.from.parse::<lettre::message::Mailbox>().is_err() {
            problems.add("mail.from", format!("expected \"Name <address>\", got \"{}\"", self.from));
        }
    }
}

impl DemoSettings {
    fn validate(&self, problems: &mut Problems) {
        if self.enabled && !cfg!(feature = "demo") {
            problems.add(
                "demo.enabled",
                "this build has no demo mode (built without the `demo` feature); \
                 give a configuration file naming the real upstreams",
            );
        }
        if self.max_upload_bytes == 0 {
            problems.add("demo.max_upload_bytes", "must be at least 1");
        }
        if self.upload_quota_bytes < self.max_upload_bytes as u64 {
            problems.add("demo.upload_quota_bytes", "must be at least demo.max_upload_bytes");
        }
        if self.unattached_upload_ttl_hours > UNATTACHED_UPLOAD_TTL_HOURS_MAX {
            problems.add(
                "demo.unattached_upload_ttl_hours",
                format!("at most {UNATTACHED_UPLOAD_TTL_HOURS_MAX} (a year)"),
            );
        }
        problems.at_least_one("demo.access_token_ttl_secs", self.access_token_ttl_secs);
        problems.at_least_one("demo.refresh_token_ttl_secs", self.refresh_token_ttl_secs);
        problems.at_least_one("demo.upload_quota_files", self.upload_quota_files);
        problems.at_least_one("demo.unattached_upload_ttl_hours", self.unattached_upload_ttl_hours);
    }
}

const MAX_LOGO_BYTES: u64 = 1024 * 1024;

/// A logo's media type, from its extension.
pub fn logo_type(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "svg" => Some("image/svg+xml"),
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

/// Checked with the rest of the configuration, so that a wrong logo stops start-up early.
fn check_logo(path: &Path) -> Result<(), String> {
    logo_type(path).ok_or("expected an .svg, .png, .jpg or .webp file")?;
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if metadata.len() > MAX_LOGO_BYTES {
        return Err(format!("{} is larger than 1 MiB", path.display()));
    }
    Ok(())
}

fn describe_figment_error(error: figment::Error) -> String {
    let key = error.path.join(".");
    let source =
        error.metadata.as_ref().map(|metadata| format!(" (from {})", metadata.name)).unwrap_or_default();
    if key.is_empty() { format!("{}{source}", error.kind) } else { format!("{key}: {}{source}", error.kind) }
}

/// A relay off this machine is reached over TLS: `smtps://` (TLS from the start) or `smtp://`
/// with `?tls=required` (STARTTLS, and no mail when the relay does not offer it). Plain or
/// opportunistic `smtp://` would show anyone on the path the acknowledgement (a member's name,
/// address and contract) and the relay's password; it is kept for a relay on loopback. The URL
/// holds that password, so it is never quoted back.
fn check_smtp_url(text: &str) -> Result<(), &'static str> {
    const EXPECTED: &str = "expected smtps://host:465, or smtp://host:587?tls=required (STARTTLS)";
    let url = Url::parse(text).map_err(|_| EXPECTED)?;
    // lettre reads the first `tls` parameter only.
    let tls = url.query_pairs().find(|(key, _)| key == "tls").map(|(_, value)| value.into_owned());
    match url.scheme() {
        "smtps" => Ok(()),
        "smtp" if tls.as_deref() == Some("required") || is_loopback(&url) => Ok(()),
        "smtp" => Err(
            "a relay off this machine must be reached over TLS: add ?tls=required (STARTTLS), or use smtps://",
        ),
        _ => Err(EXPECTED),
    }
}

/// Whether `url` names this machine (plain http and smtp are allowed there only).
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        // Non-special schemes (`smtp://`) keep an IPv4 address as a name.
        Some(url::Host::Domain(name)) => {
            name == "localhost" || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

fn is_hex_colour(value: &str) -> bool {
    value
        .strip_prefix('#')
        .is_some_and(|hex| matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Accepts CIDR blocks and bare addresses (a single host) in `server.trusted_proxies`.
fn deserialize_networks<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<IpNet>, D::Error> {
    let raw = Vec::<String>::deserialize(deserializer)?;
    raw.iter()
        .map(|entry| {
            entry.parse::<IpNet>().or_else(|_| entry.parse::<IpAddr>().map(IpNet::from)).map_err(|_| {
                serde::de::Error::custom(format!("\"{entry}\" is not an IP address or CIDR block"))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn no_env() -> Env {
        Env::prefixed("ESPACE_ASSURE_TEST_UNUSED__").split("__")
    }

    fn load_toml(text: &str) -> Result<Settings, ConfigError> {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text.as_bytes()).unwrap();
        Settings::load_with(Some(file.path()), no_env(), None)
    }

    fn problems(result: Result<Settings, ConfigError>) -> String {
        result.expect_err("configuration should be refused").to_string()
    }

    #[test]
    fn no_file_means_demo_mode_with_every_upstream_embedded() {
        let settings = Settings::load_with(None, no_env(), None).unwrap();
        assert!(settings.demo.idp_on() && settings.demo.api_on() && settings.demo.cms_on());
        assert_eq!(settings.server.listen.to_string(), "127.0.0.1:8080");
    }

    #[test]
    fn redis_outside_demo_mode_needs_its_encryption_keys_and_checks_them() {
        let redis = "[session]\nstore = \"redis\"\nredis_url = \"redis://127.0.0.1/0\"\n";
        let message = problems(load_toml(redis));
        assert!(
            message.contains("session.encryption_keys: required when session.store = \"redis\""),
            "{message}"
        );
        let short_key = format!("{redis}encryption_keys = [\"c2hvcnQ=\"]\n");
        assert!(
            problems(load_toml(&short_key))
                .contains("session.encryption_keys: key 1 is not the base64 of 32 bytes")
        );
        let good = format!("{redis}encryption_keys = [\"{}\"]\n", "A".repeat(43) + "=");
        assert!(!problems(load_toml(&good)).contains("session.encryption_keys"));
        let demo = format!("{redis}[demo]\nenabled = true\n");
        assert!(load_toml(&demo).is_ok(), "the demo derives its key from the client secret");
    }

    #[test]
    fn a_sentinel_is_a_redis_url_without_its_password() {
        let session =
            "[session]\nstore = \"redis\"\nredis_url = \"redis://mymaster/0\"\n[demo]\nenabled = true\n";
        let with = |sentinels: &str| {
            load_toml(&session.replace("[demo]", &format!("redis_sentinels = {sentinels}\n[demo]")))
        };
        assert!(with(r#"["redis://127.0.0.1:26379", "rediss://portail@sentinel.internal:26380"]"#).is_ok());
        let message = problems(with(r#"["redis://:hunter2@127.0.0.1:26379"]"#));
        assert!(
            message.contains("session.redis_sentinels: a password here would sit in the file"),
            "{message}"
        );
        assert!(!message.contains("hunter2"), "{message}");
        assert!(problems(with(r#"["http://127.0.0.1:26379"]"#)).contains("is not redis[s]://host:port"));
    }

    #[test]
    fn the_outbound_proxy_is_an_http_url_never_repeated_in_a_message() {
        let with = |outbound: &str| load_toml(&format!("[demo]\nenabled = true\n[outbound]\n{outbound}"));
        assert!(
            with("proxy = \"http://portail:s3cret@proxy.internal:3128\"\nno_proxy = [\"10.0.0.0/8\"]\n")
                .is_ok()
        );
        let message = problems(with("proxy = \"https://portail:s3cret@proxy.internal:3128/path\"\n"));
        assert!(message.contains("outbound.proxy: must be http://[user:password@]host:port"), "{message}");
        assert!(!message.contains("s3cret"), "{message}");
        let message = problems(with("no_proxy = [\"a.internal,b.internal\"]\n"));
        assert!(message.contains("outbound.no_proxy: \"a.internal,b.internal\": one host"), "{message}");
    }

    #[test]
    fn a_secret_is_read_from_its_file_or_the_systemd_credentials() {
        let directory = tempfile::tempdir().unwrap();
        let secret = directory.path().join("client-secret");
        std::fs::write(&secret, "from-a-file\n").unwrap();
        std::fs::write(directory.path().join("upstream.cms.api_token"), "from-systemd").unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        write!(file, "[demo]\nenabled = true\n[oidc]\nclient_secret_file = \"{}\"\n", secret.display())
            .unwrap();
        let settings = Settings::load_with(Some(file.path()), no_env(), Some(directory.path())).unwrap();
        assert_eq!(settings.oidc.client_secret.unwrap().expose_secret(), "from-a-file");
        assert_eq!(settings.upstream.cms.api_token.unwrap().expose_secret(), "from-systemd");
        let absent = format!(
            "[demo]\nenabled = true\n[oidc]\nclient_secret_file = \"{}/absent\"\n",
            directory.path().display()
        );
        assert!(problems(load_toml(&absent)).contains("oidc.client_secret: cannot read"));
    }

    #[test]
    fn bounds_on_abuse_have_defaults_and_refuse_zero() {
        let settings = Settings::load_with(None, no_env(), None).unwrap();
        assert_eq!(settings.limits.sign_ins_per_minute.get(), 30);
        assert_eq!(settings.session.max_per_member, 20);
        assert_eq!(settings.session.kept_card_days, 7);
        let message = problems(load_toml("[demo]\nenabled = true\n[limits]\nwrites_per_minute = 0\n"));
        assert!(message.contains("writes_per_minute"), "{message}");
    }

    #[test]
    fn a_file_without_demo_section_needs_real_upstreams() {
        let message = problems(load_toml("[server]\nlisten = \"127.0.0.1:9000\"\n"));
        assert!(message.contains("oidc.issuer: required"), "{message}");
        assert!(message.contains("upstream.api.base_url: required"), "{message}");
        assert!(message.contains("oidc.client_secret: required"), "{message}");
    }

    #[test]
    fn naming_a_real_upstream_while_its_demo_twin_is_on_is_refused() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[oidc]\nissuer = \"https://sso.example.org/realms/x\"\n",
        ));
        assert!(message.contains("oidc.issuer: names"), "{message}");
        assert!(message.contains("demo.idp = false"), "{message}");
    }

    #[test]
    fn a_wrong_type_names_its_key() {
        let message = problems(load_toml("[server]\nlisten = 12\n"));
        assert!(message.contains("server.listen"), "{message}");
    }

    #[test]
    fn an_unknown_key_is_refused() {
        let message = problems(load_toml("[server]\nlisen = \"127.0.0.1:1\"\n"));
        assert!(message.contains("lisen"), "{message}");
    }

    #[test]
    #[expect(clippy::result_large_err, reason = "figment's Jail closure must return figment::Error")]
    fn environment_overrides_the_file() {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(b"[demo]\nenabled = true\n").unwrap();
        figment::Jail::expect_with(|jail| {
            jail.set_env("ESPACE_ASSURE__SERVER__LISTEN", "127.0.0.1:9000");
            jail.set_env("ESPACE_ASSURE__DEMO__CMS", "false");
            jail.set_env("ESPACE_ASSURE__UPSTREAM__CMS__BASE_URL", "http://cms.internal/");
            let settings = Settings::load(Some(file.path())).unwrap();
            assert_eq!(settings.server.listen.to_string(), "127.0.0.1:9000");
            assert!(!settings.demo.cms_on());
            Ok(())
        });
    }

    #[test]
    fn trusted_proxies_accept_addresses_and_blocks() {
        let settings = load_toml(
            "[demo]\nenabled = true\n[server]\ntrusted_proxies = [\"10.0.0.0/8\", \"192.168.1.4\"]\n",
        )
        .unwrap();
        assert_eq!(settings.server.trusted_proxies.len(), 2);
        assert!(
            problems(load_toml("[demo]\nenabled = true\n[server]\ntrusted_proxies = [\"proxy\"]\n"))
                .contains("server.trusted_proxies")
        );
    }

    #[test]
    fn colours_and_public_url_are_checked() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[brand]\nprimary_color = \"blue\"\n[server]\npublic_url = \"https://x.example/sub\"\n",
        ));
        assert!(message.contains("brand.primary_color"), "{message}");
        assert!(message.contains("server.public_url"), "{message}");
    }

    #[test]
    fn plain_http_is_only_for_loopback() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[server]\npublic_url = \"http://espace.example.org/\"\n",
        ));
        assert!(message.contains("server.public_url: plain http"), "{message}");
        assert!(
            load_toml("[demo]\nenabled = true\n[server]\npublic_url = \"http://localhost:8080/\"\n").is_ok()
        );
        let message = problems(load_toml("[demo]\nenabled = true\n[server]\nlisten = \"10.1.2.3:8080\"\n"));
        assert!(message.contains("server.public_url: required"), "{message}");
    }

    #[test]
    fn redis_sessions_need_a_url() {
        let message = problems(load_toml("[demo]\nenabled = true\n[session]\nstore = \"redis\"\n"));
        assert!(message.contains("session.redis_url"), "{message}");
    }

    #[test]
    fn the_upload_quotas_must_hold_one_file_and_unsent_uploads_cannot_be_kept_for_ever() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\nupload_quota_files = 0\nupload_quota_bytes = 1024\nunattached_upload_ttl_hours = 9000\n",
        ));
        assert!(message.contains("demo.upload_quota_files: must be at least 1"), "{message}");
        assert!(
            message.contains("demo.upload_quota_bytes: must be at least demo.max_upload_bytes"),
            "{message}"
        );
        assert!(message.contains("demo.unattached_upload_ttl_hours: at most 8760"), "{message}");
        let message = problems(load_toml("[demo]\nenabled = true\nunattached_upload_ttl_hours = 0\n"));
        assert!(message.contains("demo.unattached_upload_ttl_hours: must be at least 1"), "{message}");
    }

    #[test]
    fn demo_token_lifetimes_must_be_positive() {
        let message = problems(load_toml("[demo]\nenabled = true\naccess_token_ttl_secs = 0\n"));
        assert!(message.contains("demo.access_token_ttl_secs: must be at least 1"), "{message}");
    }

    #[test]
    fn signing_algorithms_are_known_names() {
        let message =
            problems(load_toml("[demo]\nenabled = true\n[oidc]\nsigning_algorithms = [\"none\"]\n"));
        assert!(message.contains("oidc.signing_algorithms: \"none\" is not one of"), "{message}");
        let message = problems(load_toml("[demo]\nenabled = true\n[oidc]\nsigning_algorithms = []\n"));
        assert!(message.contains("oidc.signing_algorithms: name at least one"), "{message}");
        assert_eq!(Settings::default().oidc.signing_algorithms, ["RS256", "ES256"]);
    }

    #[test]
    fn memory_bounds_and_timeouts_must_be_positive() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[session]\nmax_sessions = 0\n[oidc]\ntimeout_ms = 0\n",
        ));
        assert!(message.contains("session.max_sessions: must be at least 1"), "{message}");
        assert!(message.contains("oidc.timeout_ms: must be at least 1"), "{message}");
    }

    #[test]
    fn the_mediator_needs_a_name_an_address_and_a_website() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[mediateur]\nnom = \" \"\nadresse = []\nsite = \"ftp://mediateur.example\"\n",
        ));
        assert!(message.contains("mediateur.nom"), "{message}");
        assert!(message.contains("mediateur.adresse"), "{message}");
        assert!(message.contains("mediateur.site"), "{message}");
    }

    #[test]
    fn the_accessibility_statement_is_checked() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[accessibilite]\netat = \"conforme\"\ntaux_conformite = 120\ncontact_email = \"x\"\n",
        ));
        assert!(message.contains("accessibilite.etat: expected one of"), "{message}");
        assert!(message.contains("accessibilite.taux_conformite"), "{message}");
        assert!(message.contains("accessibilite.contact_email"), "{message}");
        let settings = load_toml(
            "[demo]\nenabled = true\n[accessibilite]\netat = \"partiellement conforme\"\ndate_audit = \"2026-09-15\"\n",
        )
        .unwrap();
        assert_eq!(settings.accessibilite.date_audit.unwrap().to_string(), "2026-09-15");
    }

    #[test]
    fn the_metrics_token_is_long_and_the_metrics_listener_apart() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[server]\nlisten = \"127.0.0.1:8080\"\nmetrics_listen = \"127.0.0.1:8080\"\nmetrics_token = \"short\"\n",
        ));
        assert!(message.contains("server.metrics_token: at least 16 characters"), "{message}");
        assert!(message.contains("server.metrics_listen: must differ"), "{message}");
        assert!(!message.contains("short"), "a secret: {message}");
        let settings = load_toml(
            "[demo]\nenabled = true\n[server]\nmetrics_listen = \"10.0.0.5:9100\"\nmetrics_token = \"a-long-enough-secret\"\n",
        )
        .unwrap();
        assert_eq!(settings.server.metrics_listen.unwrap().port(), 9100);
    }

    #[test]
    fn a_plain_smtp_relay_off_this_machine_must_require_starttls() {
        let relay = |url: &str| {
            load_toml(&format!(
                "[demo]\nenabled = true\n[mail]\ntransport = \"smtp\"\nsmtp_url = \"{url}\"\n"
            ))
        };
        for refused in [
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587",
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587?tls=opportunistic",
            "smtp://portail:s3cr3t@10.0.0.25:25",
        ] {
            let message = problems(relay(refused));
            assert!(message.contains("mail.smtp_url: "), "{message}");
            assert!(message.contains("tls=required"), "{message}");
            assert!(!message.contains("s3cr3t"), "the URL holds a password: {message}");
        }
        for accepted in [
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587?tls=required",
            "smtps://portail:s3cr3t@smtp.mutuelle.example:465",
            "smtp://127.0.0.1:25",
            "smtp://localhost:25",
            "smtp://[::1]:25",
        ] {
            assert!(relay(accepted).is_ok(), "{accepted}");
        }
        let message = problems(relay("http://smtp.mutuelle.example/"));
        assert!(message.contains("mail.smtp_url: "), "{message}");
    }

    #[test]
    fn secrets_never_print() {
        let settings = load_toml(
            "[demo]\nenabled = true\nidp = false\n[oidc]\nissuer = \"https://sso.example/\"\nclient_secret = \"s3cr3t-value\"\n",
        )
        .unwrap();
        assert!(!format!("{settings:?}").contains("s3cr3t-value"));
    }

    #[test]
    fn logos_must_be_images() {
        assert!(check_logo(Path::new("/etc/passwd")).is_err());
        assert!(check_logo(Path::new("/nonexistent/logo.svg")).unwrap_err().contains("cannot read"));
    }
}
