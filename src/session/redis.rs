//! Several instances: sessions in Redis. Every key carries its own expiry, so Redis forgets
//! idle sessions and abandoned refresh locks by itself.
//!
//! What Redis holds opens nothing (see `seal`): a session is stored under a keyed hash of its
//! id, sealed with its version (`<version: 8 bytes><sealed>`), and the indexes by subject and
//! provider session are named by keyed hashes too and list those hashed keys. The version
//! stays outside the seal so that a conditional write can compare it inside Redis; it is
//! covered by the seal, so it cannot be changed without the value failing to open.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use redis::AsyncCommands;

use super::record::{Listed, Session};
use super::seal::Keyring;
use super::store::SessionStore;
use crate::redis_connection::{Connection, key, millis};

const VERSION_BYTES: usize = 8;

/// Stores a new session and closes the member's least recently used ones past the cap: every
/// read gives a session its whole idle expiry again, so the least remaining is the least
/// recently used. In one script, so that two sign-ins at once cannot both stay under the cap.
/// KEYS: the session, its subject index, its provider-session index (optional).
/// ARGV: the value, the idle timeout (ms), the indexes' lifetime (s), the cap.
/// Returns the closed sessions as `[key, value, key, value, …]`.
/// Below the cap even counting the sessions that expired (`SCARD`), nothing can be closed: the
/// index is read only from there, so that a sign-in costs the same whatever the member's count,
/// and its expired entries are swept then.
const CREATE: &str = r"
local live = {}
if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  for _, key in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    local remaining = redis.call('PTTL', key)
    if remaining > 0 then
      table.insert(live, {key, remaining})
    else
      redis.call('SREM', KEYS[2], key)
    end
  end
end
local closed = {}
local excess = #live + 1 - tonumber(ARGV[4])
if excess > 0 then
  table.sort(live, function(a, b) return a[2] < b[2] end)
  for i = 1, excess do
    local value = redis.call('GETDEL', live[i][1])
    redis.call('SREM', KEYS[2], live[i][1])
    if value then
      table.insert(closed, live[i][1])
      table.insert(closed, value)
    end
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[1])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return closed
";

/// Writes ARGV[2] over KEYS[1] only if it is there and its version is ARGV[1]; keeps its expiry.
const REPLACE: &str = r"
local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, 8) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'XX', 'KEEPTTL')
  return 1
end
return 0
";

pub struct RedisStore {
    connection: Connection,
    keyring: Keyring,
    idle_timeout: Duration,
    per_member: usize,
    create: redis::Script,
    replace: redis::Script,
}

/// What the seal binds a value to: its key and its version.
fn context(key: &str, version: &[u8]) -> Vec<u8> {
    [key.as_bytes(), version].concat()
}

impl RedisStore {
    /// Sessions over `connection` (`redis_connection::Connection::open`), which the
    /// coordination store shares.
    pub fn new(connection: Connection, idle_timeout: Duration, keyring: Keyring, per_member: usize) -> Self {
        Self {
            connection,
            keyring,
            idle_timeout,
            per_member,
            create: redis::Script::new(CREATE),
            replace: redis::Script::new(REPLACE),
        }
    }

    /// The keys `value` may be stored under in `kind`, the current key's first.
    fn keys(&self, kind: &str, value: &str) -> Vec<String> {
        self.keyring.names(value).iter().map(|name| key(kind, name)).collect()
    }

    fn seal(&self, key: &str, version: u64, session: &Session) -> anyhow::Result<Vec<u8>> {
        let version = version.to_be_bytes();
        let sealed = self.keyring.seal(&context(key, &version), &serde_json::to_vec(session)?);
        Ok([version.as_slice(), &sealed].concat())
    }

    /// The session in `value`, stored under `key`; `None` when it does not open (written by
    /// another deployment, under a key since dropped, or garbage): no session, never an error,
    /// so that one bad value cannot break the member's other sessions.
    fn open(&self, key: &str, value: &[u8]) -> Option<Session> {
        let (version, sealed) = value.split_at_checked(VERSION_BYTES)?;
        let json = self.keyring.open(&context(key, version), sealed)?;
        let mut session: Session = serde_json::from_slice(&json).ok()?;
        session.version = u64::from_be_bytes(version.try_into().ok()?);
        Some(session)
    }

    /// Ends the sessions listed in the index sets `indexes`.
    async fn remove_indexed(&self, indexes: Vec<String>) -> anyhow::Result<usize> {
        let mut connection = self.connection.clone();
        let mut removed = 0;
        for index in indexes {
            let keys: Vec<String> = connection.smembers(&index).await?;
            for key in keys {
                let deleted: usize = connection.del(key).await?;
                removed += deleted;
            }
            let _: () = connection.del(&index).await?;
        }
        Ok(removed)
    }

    /// The first of `keys` that holds a value, with it.
    async fn find(&self, keys: Vec<String>, reading: bool) -> anyhow::Result<Option<(String, Vec<u8>)>> {
        let mut connection = self.connection.clone();
        for key in keys {
            let value: Option<Vec<u8>> = if reading {
                // GETEX reads and resets the idle expiry in one step.
                redis::cmd("GETEX")
                    .arg(&key)
                    .arg("PX")
                    .arg(millis(self.idle_timeout))
                    .query_async(&mut connection)
                    .await?
            } else {
                connection.get(&key).await?
            };
            if let Some(value) = value {
                return Ok(Some((key, value)));
            }
        }
        Ok(None)
    }
}

#[async_trait]
impl SessionStore for RedisStore {
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>> {
        let Some((key, value)) = self.find(self.keys("session", id), true).await? else { return Ok(None) };
        // Left in place, not deleted: during a rolling key rotation it may be another
        // instance's, sealed under a key this one does not hold yet.
        let session = self.open(&key, &value);
        if session.is_none() {
            tracing::warn!("a stored session did not open with this instance's keys");
        }
        Ok(session.map(Arc::new))
    }

    async fn create(&self, id: &str, session: &Session) -> anyhow::Result<Vec<Session>> {
        let session_key = self.keys("session", id).swap_remove(0);
        let lifetime = (session.expires_at - crate::clock::now()).max(1);
        let mut invocation = self.create.prepare_invoke();
        invocation.key(&session_key).key(self.keys("sub", &session.sub).swap_remove(0));
        if let Some(sid) = &session.sid {
            invocation.key(self.keys("sid", sid).swap_remove(0));
        }
        invocation
            .arg(self.seal(&session_key, 0, session)?)
            .arg(millis(self.idle_timeout))
            .arg(lifetime)
            .arg(self.per_member);
        let closed: Vec<Vec<u8>> = invocation.invoke_async(&mut self.connection.clone()).await?;
        Ok(closed
            .chunks_exact(2)
            .filter_map(|pair| self.open(std::str::from_utf8(&pair[0]).ok()?, &pair[1]))
            .collect())
    }

    async fn replace(&self, id: &str, session: &Session) -> anyhow::Result<bool> {
        if session.is_expired(crate::clock::now()) {
            return Ok(false);
        }
        let Some((key, _)) = self.find(self.keys("session", id), false).await? else { return Ok(false) };
        let written: i64 = self
            .replace
            .key(&key)
            .arg(session.version.to_be_bytes().as_slice())
            .arg(self.seal(&key, session.version + 1, session)?)
            .invoke_async(&mut self.connection.clone())
            .await?;
        Ok(written == 1)
    }

    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>> {
        let mut connection = self.connection.clone();
        for key in self.keys("session", id) {
            let value: Option<Vec<u8>> = connection.get_del(&key).await?;
            if let Some(value) = value {
                return Ok(self.open(&key, &value));
            }
        }
        Ok(None)
    }

    fn names(&self, id: &str) -> Vec<String> {
        self.keyring.names(id)
    }

    async fn remove_named(&self, name: &str) -> anyhow::Result<Option<Session>> {
        let key = key("session", name);
        let value: Option<Vec<u8>> = self.connection.clone().get_del(&key).await?;
        Ok(value.and_then(|value| self.open(&key, &value)))
    }

    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize> {
        self.remove_indexed(self.keys("sid", sid)).await
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        self.remove_indexed(self.keys("sub", sub)).await
    }

    /// A session's last use is read off its idle expiry: every read sets it to the whole idle
    /// timeout again, so what has run of it since is the time since that read.
    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>> {
        let mut connection = self.connection.clone();
        let idle_ms = i64::try_from(millis(self.idle_timeout)).unwrap_or(i64::MAX);
        let mut listed = Vec::new();
        for index in self.keys("sub", sub) {
            let keys: Vec<String> = connection.smembers(&index).await?;
            for key in keys {
                let (value, remaining_ms): (Option<Vec<u8>>, i64) =
                    redis::pipe().get(&key).pttl(&key).query_async(&mut connection).await?;
                let Some(value) = value else {
                    // Gone idle: its key has no business in the index any more.
                    let _: () = connection.srem(&index, &key).await?;
                    continue;
                };
                // A value that does not open (garbage, a key this instance lacks) is skipped:
                // never an error that would hide the member's other sessions.
                if let Some(session) = self.open(&key, &value) {
                    listed.push(Listed {
                        session,
                        last_active: crate::clock::now() - (idle_ms - remaining_ms.max(0)) / 1000,
                        name: key.rsplit(':').next().unwrap_or_default().to_owned(),
                    });
                }
            }
        }
        Ok(listed)
    }

    async fn ping(&self) -> anyhow::Result<()> {
        let _: () = redis::cmd("PING").query_async(&mut self.connection.clone()).await?;
        Ok(())
    }

    /// Walked with SCAN, a thousand keys a step, so that Redis never blocks on it.
    async fn count(&self) -> anyhow::Result<u64> {
        let mut connection = self.connection.clone();
        let pattern = key("session", "*");
        let (mut cursor, mut count) = (0_u64, 0_u64);
        loop {
            let (next, keys): (u64, Vec<redis::Value>) = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(1000)
                .query_async(&mut connection)
                .await?;
            count += keys.len() as u64;
            if next == 0 {
                return Ok(count);
            }
            cursor = next;
        }
    }

    fn kind(&self) -> &'static str {
        "redis"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redis_connection::Target;
    use crate::redis_connection::test_redis::TestRedis;
    use crate::session::contract;
    use crate::tls::TlsFiles;

    async fn connection(redis: &TestRedis) -> Connection {
        Connection::open(Target::direct(&redis.url())).await.unwrap()
    }

    async fn store(redis: &TestRedis, idle: Duration) -> RedisStore {
        RedisStore::new(connection(redis).await, idle, Keyring::new(&[[7; 32]]), 4)
    }

    #[tokio::test]
    async fn sessions_round_trip() {
        let redis = TestRedis::start().await;
        contract::round_trip(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn back_channel_indexes_end_the_right_sessions() {
        let redis = TestRedis::start().await;
        contract::back_channel_indexes(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn sessions_are_listed_by_subject() {
        let redis = TestRedis::start().await;
        contract::listing_by_subject(&store(&redis, Duration::from_secs(60)).await).await;
    }

    /// Redis's own clock ends idle sessions: what the store owes is an expiry of the idle
    /// timeout on every write and every read, read here instead of waiting for it.
    #[tokio::test]
    async fn every_read_gives_the_session_the_whole_idle_timeout_again() {
        let redis = TestRedis::start().await;
        let store = store(&redis, Duration::from_secs(1800)).await;
        let id = crate::session::new_id();
        let mut connection = store.connection.clone();
        let session_key = store.keys("session", &id).swap_remove(0);
        let remaining = |connection: &mut Connection| {
            let mut connection = connection.clone();
            let key = session_key.clone();
            async move { connection.pttl::<_, i64>(key).await.unwrap() }
        };
        store.create(&id, &contract::session("s", "u")).await.unwrap();
        assert!((1_799_000..=1_800_000).contains(&remaining(&mut connection).await));

        // As if twenty minutes had passed without a read.
        let _: () = connection.pexpire(&session_key, 600_000).await.unwrap();
        assert!(store.get(&id).await.unwrap().is_some());
        assert!((1_799_000..=1_800_000).contains(&remaining(&mut connection).await));
    }

    #[tokio::test]
    async fn an_ended_session_is_never_written_back() {
        let redis = TestRedis::start().await;
        contract::an_ended_session_is_never_written_back(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn a_write_from_a_stale_read_is_refused() {
        let redis = TestRedis::start().await;
        contract::a_write_from_a_stale_read_is_refused(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn a_session_past_its_lifetime_is_not_written() {
        let redis = TestRedis::start().await;
        contract::a_session_past_its_lifetime_is_not_written(&store(&redis, Duration::from_secs(60)).await)
            .await;
    }

    #[tokio::test]
    async fn a_sign_in_again_is_kept() {
        let redis = TestRedis::start().await;
        contract::a_sign_in_again_is_kept(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn a_sessions_dpop_key_is_kept() {
        let redis = TestRedis::start().await;
        contract::a_sessions_dpop_key_is_kept(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn the_member_cap_closes_only_the_members_own_sessions() {
        let redis = TestRedis::start().await;
        let store = store(&redis, Duration::from_secs(60)).await;
        contract::the_member_cap_closes_only_the_members_own_sessions(&store, 4).await;
    }

    /// A store capped at four sessions a member, and the four of member `u` (`sid-0` to `sid-3`).
    async fn at_the_cap(redis: &TestRedis) -> (RedisStore, Vec<String>) {
        let store = store(redis, Duration::from_secs(1800)).await;
        let ids: Vec<String> = (0..4).map(|_| crate::session::new_id()).collect();
        for (n, id) in ids.iter().enumerate() {
            store.create(id, &contract::session(&format!("sid-{n}"), "u")).await.unwrap();
        }
        (store, ids)
    }

    #[tokio::test]
    async fn the_member_cap_closes_the_least_recently_used_session() {
        let redis = TestRedis::start().await;
        let (store, ids) = at_the_cap(&redis).await;
        let mut connection = store.connection.clone();
        for (n, id) in ids.iter().enumerate() {
            // As if each had last been used n minutes later than the one before, the second least.
            let idle_left = if n == 1 { 60_000 } else { 600_000 + 60_000 * n as i64 };
            let _: () =
                connection.pexpire(store.keys("session", id).swap_remove(0), idle_left).await.unwrap();
        }
        let closed = store.create(&crate::session::new_id(), &contract::session("new", "u")).await.unwrap();
        assert_eq!(closed.iter().map(|session| session.sid.as_deref()).collect::<Vec<_>>(), [Some("sid-1")]);
        assert!(store.get(&ids[1]).await.unwrap().is_none());
        assert!(store.get(&ids[0]).await.unwrap().is_some());
    }

    /// A member's index reaches the cap with sessions that expired: they are swept, and no live
    /// session is closed for them.
    #[tokio::test]
    async fn expired_sessions_count_for_nothing_at_the_cap() {
        let redis = TestRedis::start().await;
        let (store, ids) = at_the_cap(&redis).await;
        let mut connection = store.connection.clone();
        for id in &ids[..2] {
            let _: () = connection.del(store.keys("session", id).swap_remove(0)).await.unwrap();
        }
        let closed = store.create(&crate::session::new_id(), &contract::session("new", "u")).await.unwrap();
        assert!(closed.is_empty(), "{closed:?}");
        assert!(store.get(&ids[2]).await.unwrap().is_some());
        assert_eq!(store.list_by_sub("u").await.unwrap().len(), 3);
        let indexed: usize = connection.scard(store.keys("sub", "u").swap_remove(0)).await.unwrap();
        assert_eq!(indexed, 3, "the expired entries are swept");
    }

    /// What a copy of Redis shows: no session id, no subject, no token, no member data.
    #[tokio::test]
    async fn redis_holds_nothing_a_reader_could_use() {
        let redis = TestRedis::start().await;
        let store = store(&redis, Duration::from_secs(60)).await;
        let id = crate::session::new_id();
        store.create(&id, &contract::session("sid-secret", "sub-secret")).await.unwrap();
        let mut connection = store.connection.clone();
        let keys: Vec<String> = connection.keys("*").await.unwrap();
        assert_eq!(keys.len(), 3, "the session and its two indexes: {keys:?}");
        let mut everything = keys.join(" ").into_bytes();
        for key in &keys {
            let kind: String = redis::cmd("TYPE").arg(key).query_async(&mut connection).await.unwrap();
            if kind == "set" {
                let members: Vec<String> = connection.smembers(key).await.unwrap();
                everything.extend(members.join(" ").into_bytes());
            } else {
                let value: Vec<u8> = connection.get(key).await.unwrap();
                everything.extend(value);
            }
        }
        for secret in [id.as_str(), "sid-secret", "sub-secret", "access", "refresh", "DUPONT", "Firefox"] {
            assert!(!everything.windows(secret.len()).any(|window| window == secret.as_bytes()), "{secret}");
        }
    }

    /// A value that does not open (garbage, another deployment's key) is no session, and the
    /// member's other sessions are still listed.
    #[tokio::test]
    async fn a_value_that_does_not_open_is_no_session_and_breaks_nothing_else() {
        let redis = TestRedis::start().await;
        let store = store(&redis, Duration::from_secs(60)).await;
        let (spoiled, intact) = (crate::session::new_id(), crate::session::new_id());
        store.create(&spoiled, &contract::session("a", "alice")).await.unwrap();
        store.create(&intact, &contract::session("b", "alice")).await.unwrap();
        let mut connection = store.connection.clone();
        let _: () = connection.set(store.keys("session", &spoiled).swap_remove(0), "garbage").await.unwrap();
        let listed = store.list_by_sub("alice").await.unwrap();
        assert_eq!(listed.iter().map(|listed| listed.name.clone()).collect::<Vec<_>>(), store.names(&intact));
        assert!(store.get(&spoiled).await.unwrap().is_none());
        assert!(store.get(&intact).await.unwrap().is_some());
    }

    /// A new key put first: sessions sealed under the old one are still found, opened, written
    /// and ended.
    #[tokio::test]
    async fn sessions_outlive_a_key_rotation() {
        let redis = TestRedis::start().await;
        let before = store(&redis, Duration::from_secs(60)).await;
        let id = crate::session::new_id();
        before.create(&id, &contract::session("sid", "sub")).await.unwrap();
        let after = RedisStore::new(
            connection(&redis).await,
            Duration::from_secs(60),
            Keyring::new(&[[8; 32], [7; 32]]),
            4,
        );
        let mut read = Session::clone(&after.get(&id).await.unwrap().unwrap());
        read.tokens.access_token = "rotated".into();
        assert!(after.replace(&id, &read).await.unwrap());
        assert_eq!(&*after.get(&id).await.unwrap().unwrap().tokens.access_token, "rotated");
        assert_eq!(after.list_by_sub("sub").await.unwrap().len(), 1);
        assert_eq!(after.remove_by_sid("sid").await.unwrap(), 1);
        let only_new =
            RedisStore::new(connection(&redis).await, Duration::from_secs(60), Keyring::new(&[[8; 32]]), 4);
        before.create(&id, &contract::session("sid", "sub")).await.unwrap();
        assert!(only_new.get(&id).await.unwrap().is_none(), "a dropped key opens nothing");
    }

    /// Redis over TLS with a certificate of the mutual's authority, asking for a client
    /// certificate, and an ACL user in place of the default one.
    #[tokio::test]
    async fn redis_over_tls_with_a_client_certificate_and_an_acl_user() {
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, text: String| {
            let path = folder.path().join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let authority_key = rcgen::KeyPair::generate().unwrap();
        let mut authority = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        authority.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        authority.distinguished_name.push(rcgen::DnType::CommonName, "Autorité de test");
        let ca_file = write("ca.pem", authority.self_signed(&authority_key).unwrap().pem());
        let issuer = rcgen::Issuer::from_params(&authority, &authority_key);
        let issue = |name: &str| {
            let key = rcgen::KeyPair::generate().unwrap();
            let mut params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap();
            // A subject of its own: one equal to the issuer's reads as self-signed to OpenSSL.
            params.distinguished_name.push(rcgen::DnType::CommonName, name);
            let certificate = params.signed_by(&key, &issuer).unwrap();
            (
                write(&format!("{name}.pem"), certificate.pem()),
                write(&format!("{name}.key"), key.serialize_pem()),
            )
        };
        let ((server_cert, server_key), (client_cert, client_key)) = (issue("server"), issue("client"));
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string();
        let path = |path: &std::path::PathBuf| path.display().to_string();
        let redis = TestRedis::start_with(&[
            "--tls-port",
            &port,
            "--tls-cert-file",
            &path(&server_cert),
            "--tls-key-file",
            &path(&server_key),
            "--tls-ca-cert-file",
            &path(&ca_file),
            "--tls-auth-clients",
            "yes",
            "--user",
            "portail",
            "on",
            ">s3cret",
            "~*",
            "&*",
            "+@all",
            "--user",
            "default",
            "off",
        ])
        .await;
        let url = format!("rediss://portail:s3cret@127.0.0.1:{port}/");
        let tls = TlsFiles {
            ca_file: Some(&ca_file),
            client_cert_file: Some(&client_cert),
            client_key_file: Some(&client_key),
        };
        async fn connect(url: &str, tls: TlsFiles<'_>) -> anyhow::Result<RedisStore> {
            let opening = Connection::open(Target { tls, ..Target::direct(url) });
            let connection = tokio::time::timeout(Duration::from_secs(10), opening).await??;
            Ok(RedisStore::new(connection, Duration::from_secs(60), Keyring::new(&[[7; 32]]), 4))
        }
        contract::round_trip(&connect(&url, tls).await.unwrap()).await;
        let untrusted = TlsFiles { ca_file: None, ..tls };
        assert!(
            connect(&url, untrusted).await.is_err(),
            "Redis's certificate is from an authority not trusted"
        );
        drop(redis);
    }
}
