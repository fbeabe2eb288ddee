//! The connection to Redis, which the session store and the coordination store share: one
//! address, or the master the sentinels name.
//!
//! With Sentinel, the master's address changes on a failover. The connection then meets a
//! closed socket (Sentinel disconnects the clients of an instance it reconfigures) or a
//! `READONLY` answer (the old master, now a replica): it asks the sentinels for the master
//! again and, when the command surely did not run (refused, read-only) or is a read, sends it
//! again, waiting for the sentinels to name a master that answers (`session.redis_failover_wait_ms`):
//! they first take their `down-after-milliseconds` to call the old one down, then elect. A write
//! whose connection dropped is not resent, since it may have run; the caller sees an error once
//! and the next command goes to the new master.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::sentinel::{SentinelClient, SentinelClientBuilder, SentinelServerType};
use redis::{Cmd, IntoConnectionInfo, Pipeline, RedisError, RedisFuture, RedisResult, Value};

use secrecy::ExposeSecret;

use crate::config::SessionSettings;
use crate::tls::TlsFiles;

/// Where the sessions' Redis is.
pub struct Target<'a> {
    /// `redis[s]://[user:password@]host:port/db`; with sentinels, `host` is the master's name.
    pub url: &'a str,
    /// `redis[s]://[user@]host:port` of each sentinel; none for a Redis at a fixed address.
    pub sentinels: &'a [String],
    pub sentinel_password: Option<&'a str>,
    pub tls: TlsFiles<'a>,
    /// With sentinels, how long a command that did not run waits for a new master.
    pub failover_wait: Duration,
}

impl<'a> Target<'a> {
    /// A Redis at a fixed address, over TCP or TLS with the machine's authorities.
    pub fn direct(url: &'a str) -> Self {
        Self {
            url,
            sentinels: &[],
            sentinel_password: None,
            tls: TlsFiles::default(),
            failover_wait: Duration::ZERO,
        }
    }

    /// The Redis `[session]` names, if it names one.
    pub fn of(settings: &'a SessionSettings) -> Option<Self> {
        Some(Self {
            url: settings.redis_url.as_ref()?.expose_secret(),
            sentinels: &settings.redis_sentinels,
            sentinel_password: settings.redis_sentinel_password.as_ref().map(ExposeSecret::expose_secret),
            tls: settings.redis_tls(),
            failover_wait: Duration::from_millis(settings.redis_failover_wait_ms),
        })
    }
}

#[derive(Clone)]
pub enum Connection {
    Direct(ConnectionManager),
    Sentinel(Arc<Sentinel>),
}

pub struct Sentinel {
    client: tokio::sync::Mutex<SentinelClient>,
    /// The master's connection, and how many times the master was looked up.
    current: RwLock<(u64, ConnectionManager)>,
    failover_wait: Duration,
}

/// Between two looks for the new master while the sentinels have not named one that answers.
const FOLLOW_PAUSE: Duration = Duration::from_millis(100);

fn certificates(tls: TlsFiles) -> anyhow::Result<Option<redis::TlsCertificates>> {
    if tls.ca_file.is_none() && tls.client_cert_file.is_none() {
        return Ok(None);
    }
    let read = |path: Option<&std::path::Path>| path.map(std::fs::read).transpose();
    let client_tls = match (read(tls.client_cert_file)?, read(tls.client_key_file)?) {
        (Some(client_cert), Some(client_key)) => Some(redis::ClientTlsConfig { client_cert, client_key }),
        _ => None,
    };
    Ok(Some(redis::TlsCertificates { client_tls, root_cert: read(tls.ca_file)? }))
}

/// A Redis refusing the connection at start-up (a wrong address, certificate or password)
/// stops the portal after a couple of tries, not after a long backoff.
fn manager_config() -> ConnectionManagerConfig {
    ConnectionManagerConfig::new().set_number_of_retries(2)
}

impl Connection {
    /// Connects once, so that a wrong setting stops the portal before it serves.
    pub async fn open(target: Target<'_>) -> anyhow::Result<Self> {
        let certificates = certificates(target.tls)?;
        if target.sentinels.is_empty() {
            let client = match certificates {
                Some(certificates) => redis::Client::build_with_tls(target.url, certificates)?,
                None => redis::Client::open(target.url)?,
            };
            return Ok(Self::Direct(ConnectionManager::new_with_config(client, manager_config()).await?));
        }
        let mut client = sentinel_client(&target, certificates)?;
        let manager = master(&mut client, manager_config()).await?;
        Ok(Self::Sentinel(Arc::new(Sentinel {
            client: tokio::sync::Mutex::new(client),
            current: RwLock::new((0, manager)),
            failover_wait: target.failover_wait,
        })))
    }
}

fn sentinel_client(
    target: &Target,
    certificates: Option<redis::TlsCertificates>,
) -> anyhow::Result<SentinelClient> {
    let master = target.url.into_connection_info()?;
    let (master_name, master_tls) = match master.addr() {
        redis::ConnectionAddr::Tcp(host, _) => (host.clone(), false),
        redis::ConnectionAddr::TcpTls { host, .. } => (host.clone(), true),
        _ => {
            anyhow::bail!(
                "with sentinels, redis_url names the master: redis[s]://[user:password@]master-name/db"
            )
        }
    };
    let mut sentinels = Vec::with_capacity(target.sentinels.len());
    let mut sentinel_user = None;
    for url in target.sentinels {
        let info = url.as_str().into_connection_info()?;
        sentinel_user = sentinel_user.or_else(|| info.redis_settings().username().map(str::to_owned));
        sentinels.push(info.addr().clone());
    }
    let sentinels_tls = sentinels.iter().any(|addr| matches!(addr, redis::ConnectionAddr::TcpTls { .. }));
    let settings = master.redis_settings();
    let mut builder = SentinelClientBuilder::new(sentinels, master_name, SentinelServerType::Master)?
        .set_client_to_redis_db(settings.db());
    if let Some(user) = settings.username() {
        builder = builder.set_client_to_redis_username(user);
    }
    if let Some(password) = settings.password() {
        builder = builder.set_client_to_redis_password(password);
    }
    if master_tls {
        builder = builder.set_client_to_redis_tls_mode(redis::TlsMode::Secure);
        if let Some(certificates) = &certificates {
            builder = builder.set_client_to_redis_certificates(certificates.clone());
        }
    }
    if let Some(user) = sentinel_user {
        builder = builder.set_client_to_sentinel_username(user);
    }
    if let Some(password) = target.sentinel_password {
        builder = builder.set_client_to_sentinel_password(password);
    }
    if let (true, Some(certificates)) = (sentinels_tls, certificates) {
        builder = builder.set_client_to_sentinel_certificates(certificates);
    }
    Ok(builder.build()?)
}

/// The master the sentinels name now, checked to be one (`ROLE`).
async fn master(
    client: &mut SentinelClient,
    config: ConnectionManagerConfig,
) -> RedisResult<ConnectionManager> {
    ConnectionManager::new_with_config(client.async_get_client().await?, config).await
}

/// Whether `error` may mean the master moved, and whether the command may be sent again.
fn after_failover(error: &RedisError, repeatable: bool) -> (bool, bool) {
    let not_run = error.is_connection_refusal() || error.kind() == redis::ServerErrorKind::ReadOnly.into();
    let moved = not_run || error.is_io_error() || error.is_connection_dropped();
    (moved, not_run || (moved && repeatable))
}

/// Whether running `command` twice does what running it once does: the store's reads (GETEX
/// only sets again the expiry the first one set).
fn repeatable(command: &Cmd) -> bool {
    match command.args_iter().next() {
        Some(redis::Arg::Simple(name)) => {
            [&b"GET"[..], b"GETEX", b"SMEMBERS", b"PING"].iter().any(|read| name.eq_ignore_ascii_case(read))
        }
        _ => false,
    }
}

impl Sentinel {
    fn current(&self) -> (u64, ConnectionManager) {
        self.current.read().expect("never poisoned: no code panics holding it").clone()
    }

    /// Looks the master up again, unless another command already did since `seen`.
    async fn follow(&self, seen: u64) -> RedisResult<ConnectionManager> {
        let mut client = self.client.lock().await;
        let (generation, manager) = self.current();
        if generation != seen {
            return Ok(manager);
        }
        // No retry of its own: a master that refuses is looked for again in `resend`'s rhythm,
        // and the commands waiting behind this look are not held up by its backoff.
        let manager = master(&mut client, ConnectionManagerConfig::new().set_number_of_retries(0)).await?;
        *self.current.write().expect("never poisoned: no code panics holding it") =
            (generation + 1, manager.clone());
        tracing::warn!("Redis: the sentinels name a new master");
        Ok(manager)
    }

    /// Sends through the master's connection, following the master when it moved.
    async fn run<'a, T>(
        &'a self,
        repeatable: bool,
        send: impl Fn(ConnectionManager) -> RedisFuture<'a, T>,
    ) -> RedisResult<T> {
        let (generation, manager) = self.current();
        match send(manager).await {
            Err(error) => match after_failover(&error, repeatable) {
                (true, true) => self.resend(generation, repeatable, &send).await,
                (true, false) => {
                    // The answer is lost either way; the next command finds the master.
                    let _ = self.follow(generation).await;
                    Err(error)
                }
                _ => Err(error),
            },
            answer => answer,
        }
    }
}

impl Sentinel {
    /// Sends again through the master the sentinels name, every [`FOLLOW_PAUSE`] until
    /// `failover_wait` has passed, for as long as the sentinels name none that answers, or the
    /// command surely did not run there (or is a read).
    async fn resend<'a, T>(
        &'a self,
        mut seen: u64,
        repeatable: bool,
        send: &impl Fn(ConnectionManager) -> RedisFuture<'a, T>,
    ) -> RedisResult<T> {
        let deadline = tokio::time::Instant::now() + self.failover_wait;
        loop {
            let error = match self.follow(seen).await {
                Ok(manager) => {
                    seen = self.current().0;
                    match send(manager).await {
                        Err(error) if after_failover(&error, repeatable).1 => error,
                        answer => return answer,
                    }
                }
                // No master named yet, or the one named refuses: nothing was sent.
                Err(error) => error,
            };
            if tokio::time::Instant::now() + FOLLOW_PAUSE > deadline {
                return Err(error);
            }
            tokio::time::sleep(FOLLOW_PAUSE).await;
        }
    }
}

impl ConnectionLike for Connection {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Self::Direct(manager) => manager.req_packed_command(cmd),
            Self::Sentinel(sentinel) => Box::pin(sentinel.run(repeatable(cmd), move |mut manager| {
                Box::pin(async move { manager.req_packed_command(cmd).await })
            })),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Self::Direct(manager) => manager.req_packed_commands(pipeline, offset, count),
            Self::Sentinel(sentinel) => Box::pin(sentinel.run(false, move |mut manager| {
                Box::pin(async move { manager.req_packed_commands(pipeline, offset, count).await })
            })),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Self::Direct(manager) => manager.get_db(),
            Self::Sentinel(sentinel) => sentinel.current().1.get_db(),
        }
    }
}

/// `v2`: sealed values under hashed names. Sessions written before it (clear JSON under the
/// raw id) are not read, and expire by themselves.
const PREFIX: &str = "espace-assure:v2";

/// The portal's key for `name` in `kind`: every key it writes starts with the same prefix, so
/// that an ACL can limit its user to them.
pub fn key(kind: &str, name: &str) -> String {
    format!("{PREFIX}:{kind}:{name}")
}

pub fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// What `check-upstreams` asks of Redis: a connection made as the store makes it, then the
/// kinds of command the store uses (a write, a script, a read, a delete) on a key of the
/// store's own prefix, so that an ACL limiting the portal's user to its keys is tested too.
/// The key expires by itself should the check stop half-way.
pub async fn check(target: Target<'_>) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let mut connection = Connection::open(target).await?;
    let _: () = redis::cmd("PING").query_async(&mut connection).await.context("PING")?;
    let probe = key("check-upstreams", &uuid::Uuid::new_v4().simple().to_string());
    let _: () = redis::cmd("SET")
        .arg(&probe)
        .arg("1")
        .arg("PX")
        .arg(10_000)
        .query_async(&mut connection)
        .await
        .context("SET")?;
    let read: Option<String> = redis::Script::new("return redis.call('GET', KEYS[1])")
        .key(&probe)
        .invoke_async(&mut connection)
        .await
        .context("a script (EVALSHA, SCRIPT LOAD)")?;
    let _: () = redis::cmd("DEL").arg(&probe).query_async(&mut connection).await.context("DEL")?;
    anyhow::ensure!(read.as_deref() == Some("1"), "what was written was not read back");
    Ok(())
}

/// The harness the integration tests use too.
#[cfg(test)]
#[path = "../tests/support/test_redis.rs"]
pub(crate) mod test_redis;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_store_s_reads_are_sent_again_after_a_dropped_connection() {
        assert!(repeatable(redis::cmd("GETEX").arg("key").arg("PX").arg(1000)));
        assert!(repeatable(redis::cmd("smembers").arg("index")));
        assert!(!repeatable(redis::cmd("SET").arg("key").arg(1).arg("NX")));
        assert!(!repeatable(redis::cmd("EVALSHA").arg("sha").arg(1).arg("key")));
        assert!(!repeatable(redis::cmd("GETDEL").arg("key")));
    }
}
