//! One instance: claims and locks in one bounded moka table, each entry expiring after its own
//! time to live.

use std::time::{Duration, Instant};

use async_trait::async_trait;
use moka::Expiry;
use moka::future::Cache;

use super::store::Coordination;

/// What a claim or a lock is kept under: its kind and name.
type Entry = (&'static str, String);

pub struct MemoryCoordination {
    /// An entry's value is its time to live.
    entries: Cache<Entry, Duration>,
}

/// Each entry lives as long as it was taken for.
struct OwnTimeToLive;

impl Expiry<Entry, Duration> for OwnTimeToLive {
    fn expire_after_create(&self, _entry: &Entry, ttl: &Duration, _created: Instant) -> Option<Duration> {
        Some(*ttl)
    }
}

impl MemoryCoordination {
    /// At most `capacity` claims and locks at once: past it the least recently used go first.
    pub fn new(capacity: u64) -> Self {
        Self { entries: Cache::builder().max_capacity(capacity).expire_after(OwnTimeToLive).build() }
    }

    /// Sets `entry` unless it is set: `is_fresh` tells whether this call inserted it, an
    /// atomic test-and-set.
    async fn set_once(&self, entry: Entry, ttl: Duration) -> bool {
        self.entries.entry(entry).or_insert(ttl).await.is_fresh()
    }
}

#[async_trait]
impl Coordination for MemoryCoordination {
    async fn claim_once(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        Ok(self.set_once(("claimed", name.to_owned()), ttl).await)
    }

    async fn try_lock(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        Ok(self.set_once(("lock", name.to_owned()), ttl).await)
    }

    async fn unlock(&self, name: &str) -> anyhow::Result<()> {
        self.entries.remove(&("lock", name.to_owned())).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::contract;
    use super::*;

    #[tokio::test]
    async fn a_name_is_claimed_once() {
        contract::a_name_is_claimed_once(&MemoryCoordination::new(100)).await;
    }

    #[tokio::test]
    async fn a_lock_is_exclusive_until_released() {
        contract::a_lock_is_exclusive_until_released(&MemoryCoordination::new(100)).await;
    }
}
