//! Several instances: sessions in Redis. Every key carries its own expiry, so Redis forgets
//! idle sessions and abandoned refresh locks by itself.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;

use super::{Listed, REFRESH_LOCK_TTL, Session, SessionStore};

const PREFIX: &str = "espace-assure";

pub struct RedisStore {
    connection: ConnectionManager,
    idle_timeout: Duration,
}

fn key(kind: &str, id: &str) -> String {
    format!("{PREFIX}:{kind}:{id}")
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl RedisStore {
    /// Connects once at start-up, so that a wrong URL stops the portal before it serves.
    pub async fn connect(url: &str, idle_timeout: Duration) -> anyhow::Result<Self> {
        let client = redis::Client::open(url)?;
        let connection = ConnectionManager::new(client).await?;
        Ok(Self { connection, idle_timeout })
    }

    async fn remove_indexed(&self, index: String) -> anyhow::Result<usize> {
        let mut connection = self.connection.clone();
        let ids: Vec<String> = connection.smembers(&index).await?;
        let mut removed = 0;
        for id in ids {
            let deleted: usize = connection.del(key("session", &id)).await?;
            removed += deleted;
        }
        let _: () = connection.del(&index).await?;
        Ok(removed)
    }

    /// Sets `key` for `ttl` unless it is set: true when this call set it (an atomic test-and-set
    /// shared by every instance).
    async fn set_once(&self, key: &str, ttl: Duration) -> anyhow::Result<bool> {
        let taken: Option<String> = redis::cmd("SET")
            .arg(key)
            .arg(1)
            .arg("NX")
            .arg("PX")
            .arg(millis(ttl))
            .query_async(&mut self.connection.clone())
            .await?;
        Ok(taken.is_some())
    }
}

#[async_trait]
impl SessionStore for RedisStore {
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>> {
        // GETEX reads and resets the idle expiry in one step.
        let json: Option<String> = redis::cmd("GETEX")
            .arg(key("session", id))
            .arg("PX")
            .arg(millis(self.idle_timeout))
            .query_async(&mut self.connection.clone())
            .await?;
        Ok(json.map(|json| serde_json::from_str(&json).map(Arc::new)).transpose()?)
    }

    async fn put(&self, id: &str, session: &Session) -> anyhow::Result<()> {
        let mut connection = self.connection.clone();
        let lifetime = (session.expires_at - super::now()).max(1);
        let mut pipe = redis::pipe();
        pipe.atomic()
            .pset_ex(key("session", id), serde_json::to_string(session)?, millis(self.idle_timeout))
            .ignore();
        let sub_index = key("sub", &session.sub);
        pipe.sadd(&sub_index, id).ignore().expire(&sub_index, lifetime).ignore();
        if let Some(sid) = &session.sid {
            let sid_index = key("sid", sid);
            pipe.sadd(&sid_index, id).ignore().expire(&sid_index, lifetime).ignore();
        }
        let _: () = pipe.query_async(&mut connection).await?;
        Ok(())
    }

    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>> {
        let json: Option<String> = self.connection.clone().get_del(key("session", id)).await?;
        Ok(json.map(|json| serde_json::from_str(&json)).transpose()?)
    }

    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize> {
        self.remove_indexed(key("sid", sid)).await
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        self.remove_indexed(key("sub", sub)).await
    }

    /// A session's last use is read off its idle expiry: every read sets it to the whole idle
    /// timeout again, so what has run of it since is the time since that read.
    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>> {
        let mut connection = self.connection.clone();
        let index = key("sub", sub);
        let ids: Vec<String> = connection.smembers(&index).await?;
        let idle_ms = i64::try_from(millis(self.idle_timeout)).unwrap_or(i64::MAX);
        let mut listed = Vec::new();
        for id in ids {
            let session_key = key("session", &id);
            let (json, remaining_ms): (Option<String>, i64) =
                redis::pipe().get(&session_key).pttl(&session_key).query_async(&mut connection).await?;
            match json {
                Some(json) => listed.push(Listed {
                    session: serde_json::from_str(&json)?,
                    last_active: super::now() - (idle_ms - remaining_ms.max(0)) / 1000,
                    id,
                }),
                // Gone idle: its id has no business in the index any more.
                None => {
                    let _: () = connection.srem(&index, &id).await?;
                }
            }
        }
        Ok(listed)
    }

    async fn try_lock_refresh(&self, id: &str) -> anyhow::Result<bool> {
        self.set_once(&key("refresh-lock", id), REFRESH_LOCK_TTL).await
    }

    async fn unlock_refresh(&self, id: &str) -> anyhow::Result<()> {
        let _: () = self.connection.clone().del(key("refresh-lock", id)).await?;
        Ok(())
    }

    async fn claim_once(&self, token: &str, ttl: Duration) -> anyhow::Result<bool> {
        self.set_once(&key("claimed", token), ttl).await
    }
}

/// The harness the integration tests use too.
#[cfg(test)]
#[path = "../../tests/support/test_redis.rs"]
mod test_redis;

#[cfg(test)]
mod tests {
    use super::test_redis::TestRedis;
    use super::*;
    use crate::session::contract;

    async fn store(redis: &TestRedis, idle: Duration) -> RedisStore {
        RedisStore::connect(&redis.url(), idle).await.unwrap()
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

    #[tokio::test]
    async fn refresh_lock_is_exclusive() {
        let redis = TestRedis::start().await;
        contract::refresh_lock_is_exclusive(&store(&redis, Duration::from_secs(60)).await).await;
    }

    #[tokio::test]
    async fn a_token_is_claimed_once() {
        let redis = TestRedis::start().await;
        contract::a_token_is_claimed_once(&store(&redis, Duration::from_secs(60)).await).await;
    }

    /// Redis's own clock ends idle sessions: what the store owes is an expiry of the idle
    /// timeout on every write and every read, read here instead of waiting for it.
    #[tokio::test]
    async fn every_read_gives_the_session_the_whole_idle_timeout_again() {
        let redis = TestRedis::start().await;
        let store = store(&redis, Duration::from_secs(1800)).await;
        let id = crate::session::new_id();
        let mut connection = store.connection.clone();
        let remaining = |connection: &mut ConnectionManager| {
            let mut connection = connection.clone();
            let key = key("session", &id);
            async move { connection.pttl::<_, i64>(key).await.unwrap() }
        };
        store.put(&id, &contract::session("s", "u")).await.unwrap();
        assert!((1_799_000..=1_800_000).contains(&remaining(&mut connection).await));

        // As if twenty minutes had passed without a read.
        let _: () = connection.pexpire(key("session", &id), 600_000).await.unwrap();
        assert!(store.get(&id).await.unwrap().is_some());
        assert!((1_799_000..=1_800_000).contains(&remaining(&mut connection).await));
    }
}
