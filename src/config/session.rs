//! `[session]`: the members' sessions, their store (memory or Redis) and their bounds.

use secrecy::ExposeSecret;
use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;

use super::demo::DemoSettings;
use super::problems::Problems;
use crate::tls::TlsFiles;

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
    /// With sentinels, how long a session's read, or a write that surely did not run, waits for
    /// the sentinels to name a new master before the member gets a 503: more than their
    /// `down-after-milliseconds` and an election (docs/operations/network.md#redis).
    pub redis_failover_wait_ms: u64,
    /// Inactivity after which a member is signed out: 30 minutes
    /// (docs/product/limits.md#session-lifetime).
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
pub(super) const COOKIE_KEY_MIN_BYTES: usize = 32;

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
            redis_failover_wait_ms: 5_000,
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

impl SessionSettings {
    pub fn redis_tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.redis_ca_file.as_deref(),
            client_cert_file: self.redis_client_cert_file.as_deref(),
            client_key_file: self.redis_client_key_file.as_deref(),
        }
    }

    pub(super) fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
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
        if self.redis_failover_wait_ms > 60_000 {
            problems.add("session.redis_failover_wait_ms", "at most 60000: a member waits that long");
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
