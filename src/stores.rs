//! The two stores the instances share, built from `[session]`: the sessions (and their
//! indexes), and what the instances coordinate on (single-use claims, locks). Both in memory
//! for one instance, or both in one Redis for several.

use std::sync::Arc;
use std::time::Duration;

use secrecy::SecretString;

use crate::config::{SessionSettings, SessionStoreKind};
use crate::coordination::{Coordination, MemoryCoordination, RedisCoordination};
use crate::redis_connection::{Connection, Target};
use crate::session::{Keyring, MemoryStore, RedisStore, SessionStore};

pub struct Stores {
    pub sessions: Arc<dyn SessionStore>,
    pub coordination: Arc<dyn Coordination>,
}

impl Stores {
    /// Redis is connected once here, so that a wrong URL stops the portal before it serves;
    /// the two stores share the connection. `secret` is the client secret, from which a demo
    /// instance derives the key that seals what Redis holds.
    pub async fn open(settings: &SessionSettings, secret: &SecretString) -> anyhow::Result<Self> {
        let idle_timeout = Duration::from_secs(settings.idle_timeout_secs);
        let per_member = settings.max_per_member;
        Ok(match settings.store {
            SessionStoreKind::Memory => Self {
                sessions: Arc::new(MemoryStore::new(idle_timeout, settings.max_sessions, per_member)),
                // As many claims and locks as sessions: each session holds at most one lock,
                // and each of its writes spends at most one claim at a time.
                coordination: Arc::new(MemoryCoordination::new(settings.max_sessions)),
            },
            SessionStoreKind::Redis => {
                let target = Target::of(settings).expect("validated with the configuration");
                let connection = Connection::open(target).await?;
                let keyring = keyring(settings, secret)?;
                Self {
                    sessions: Arc::new(RedisStore::new(
                        connection.clone(),
                        idle_timeout,
                        keyring,
                        per_member,
                    )),
                    coordination: Arc::new(RedisCoordination::new(connection)),
                }
            }
        })
    }
}

/// The keys that seal what Redis holds: the configured ones, or in demo mode one derived from
/// the client secret (every demo instance sharing a Redis holds it).
fn keyring(settings: &SessionSettings, secret: &SecretString) -> anyhow::Result<Keyring> {
    let mut keys = settings
        .decoded_encryption_keys()
        .map_err(|problem| anyhow::anyhow!("session.encryption_keys: {problem}"))?;
    if keys.is_empty() {
        use hmac::Mac as _;
        keys.push(
            crate::derived_key::derived_mac(secret, b"espace-assure session encryption key v1")
                .finalize()
                .into_bytes()
                .into(),
        );
    }
    Ok(Keyring::new(&keys))
}
