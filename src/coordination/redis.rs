//! Several instances: claims and locks in Redis, over the session store's connection, each key
//! with its own expiry.

use std::time::Duration;

use async_trait::async_trait;
use redis::AsyncCommands;

use super::store::Coordination;
use crate::redis_connection::{Connection, key, millis};

pub struct RedisCoordination {
    connection: Connection,
}

impl RedisCoordination {
    pub fn new(connection: Connection) -> Self {
        Self { connection }
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
impl Coordination for RedisCoordination {
    async fn claim_once(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        self.set_once(&key("claimed", name), ttl).await
    }

    async fn try_lock(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        self.set_once(&key("lock", name), ttl).await
    }

    async fn unlock(&self, name: &str) -> anyhow::Result<()> {
        let _: () = self.connection.clone().del(key("lock", name)).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::contract;
    use super::*;
    use crate::redis_connection::Target;
    use crate::redis_connection::test_redis::TestRedis;

    async fn store(redis: &TestRedis) -> RedisCoordination {
        RedisCoordination::new(Connection::open(Target::direct(&redis.url())).await.unwrap())
    }

    #[tokio::test]
    async fn a_name_is_claimed_once() {
        let redis = TestRedis::start().await;
        contract::a_name_is_claimed_once(&store(&redis).await).await;
    }

    #[tokio::test]
    async fn a_lock_is_exclusive_until_released() {
        let redis = TestRedis::start().await;
        contract::a_lock_is_exclusive_until_released(&store(&redis).await).await;
    }
}
