//! One instance: sessions in a moka cache, with small side tables for the back-channel indexes
//! and refresh locks. Every table is bounded, so that no traffic can grow memory without limit.
//!
//! Each session remembers its last read on the store's clock, and a read after the idle
//! timeout finds nothing: the rule is decided here, on a clock tests can move, rather than by
//! moka's own timer, which only reclaims the memory of idle sessions (same duration).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use moka::future::Cache;
use moka::notification::RemovalCause;
use moka::policy::EvictionPolicy;

use super::{Listed, REFRESH_LOCK_TTL, Session, SessionStore};
use crate::clock::{self, Clock};
use crate::config::CAPTCHA_MAX_EXPIRES_SECS;

/// Provider session id or subject → portal session ids.
type Index = Arc<Mutex<HashMap<String, HashSet<String>>>>;

/// A session and the moment it was last read.
struct Stored {
    session: Arc<Session>,
    last_read: Mutex<Instant>,
}

pub struct MemoryStore {
    sessions: Cache<String, Arc<Stored>>,
    locks: Cache<String, ()>,
    /// Used single-use tokens, kept as long as the longest of them can live.
    claimed: Cache<String, ()>,
    by_sid: Index,
    by_sub: Index,
    idle_timeout: Duration,
    clock: Clock,
}

impl MemoryStore {
    /// At most `capacity` sessions at once: past it the least recently used go first.
    pub fn new(idle_timeout: Duration, capacity: u64) -> Self {
        Self::with_clock(idle_timeout, capacity, clock::system())
    }

    pub fn with_clock(idle_timeout: Duration, capacity: u64, clock: Clock) -> Self {
        let (by_sid, by_sub) = (Index::default(), Index::default());
        let (sid_index, sub_index) = (by_sid.clone(), by_sub.clone());
        Self {
            sessions: Cache::builder()
                .time_to_idle(idle_timeout)
                .max_capacity(capacity)
                // Least recently used out first. The default admission policy could refuse a
                // brand-new session (seen once) in favour of older ones when the store is full.
                .eviction_policy(EvictionPolicy::lru())
                // A session that ends in any way (sign-out, idle, evicted) leaves the indexes; a
                // replaced one (a refresh writes it again) keeps its place.
                .eviction_listener(move |id: Arc<String>, stored: Arc<Stored>, cause| {
                    if cause != RemovalCause::Replaced {
                        unindex(&sid_index, stored.session.sid.as_deref(), &id);
                        unindex(&sub_index, Some(&stored.session.sub), &id);
                    }
                })
                .build(),
            locks: Cache::builder().time_to_live(REFRESH_LOCK_TTL).max_capacity(capacity).build(),
            claimed: Cache::builder()
                .time_to_live(Duration::from_secs(CAPTCHA_MAX_EXPIRES_SECS))
                .max_capacity(capacity)
                .build(),
            by_sid,
            by_sub,
            idle_timeout,
            clock,
        }
    }

    async fn remove_all(&self, ids: HashSet<String>) -> usize {
        let mut removed = 0;
        for id in ids {
            if self.sessions.remove(&id).await.is_some() {
                removed += 1;
            }
        }
        removed
    }

    /// Index entries, for tests: `(sid keys, sub keys)`.
    #[cfg(test)]
    fn index_sizes(&self) -> (usize, usize) {
        (self.by_sid.lock().expect("index lock").len(), self.by_sub.lock().expect("index lock").len())
    }
}

fn index(map: &Index, key: &str, id: &str) {
    map.lock().expect("index lock").entry(key.to_owned()).or_default().insert(id.to_owned());
}

fn unindex(map: &Index, key: Option<&str>, id: &str) {
    let Some(key) = key else { return };
    let mut map = map.lock().expect("index lock");
    if let Some(ids) = map.get_mut(key) {
        ids.remove(id);
        if ids.is_empty() {
            map.remove(key);
        }
    }
}

fn ids_of(map: &Index, key: &str) -> HashSet<String> {
    map.lock().expect("index lock").get(key).cloned().unwrap_or_default()
}

#[async_trait]
impl SessionStore for MemoryStore {
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>> {
        let Some(stored) = self.sessions.get(id).await else { return Ok(None) };
        let now = (self.clock)();
        let idle = {
            let mut last_read = stored.last_read.lock().expect("last read lock");
            let idle = now.saturating_duration_since(*last_read) >= self.idle_timeout;
            *last_read = now;
            idle
        };
        if idle {
            self.sessions.remove(id).await;
            return Ok(None);
        }
        Ok(Some(stored.session.clone()))
    }

    async fn put(&self, id: &str, session: &Session) -> anyhow::Result<()> {
        if let Some(sid) = &session.sid {
            index(&self.by_sid, sid, id);
        }
        index(&self.by_sub, &session.sub, id);
        let stored = Stored { session: Arc::new(session.clone()), last_read: Mutex::new((self.clock)()) };
        self.sessions.insert(id.to_owned(), Arc::new(stored)).await;
        Ok(())
    }

    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>> {
        Ok(self.sessions.remove(id).await.map(|stored| Session::clone(&stored.session)))
    }

    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sid, sid)).await)
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sub, sub)).await)
    }

    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>> {
        let (now, wall) = ((self.clock)(), super::now());
        let mut listed = Vec::new();
        for id in ids_of(&self.by_sub, sub) {
            let Some(stored) = self.sessions.get(&id).await else { continue };
            let idle_for = now.saturating_duration_since(*stored.last_read.lock().expect("last read lock"));
            if idle_for < self.idle_timeout {
                let last_active = wall - i64::try_from(idle_for.as_secs()).unwrap_or(i64::MAX);
                listed.push(Listed { id, session: Session::clone(&stored.session), last_active });
            }
        }
        Ok(listed)
    }

    async fn try_lock_refresh(&self, id: &str) -> anyhow::Result<bool> {
        // `is_fresh` tells whether this call inserted the entry: an atomic test-and-set.
        Ok(self.locks.entry(id.to_owned()).or_insert(()).await.is_fresh())
    }

    async fn unlock_refresh(&self, id: &str) -> anyhow::Result<()> {
        self.locks.remove(id).await;
        Ok(())
    }

    /// Kept for the longest life a token may have (`ttl` is at most that): one table, and no
    /// token outlives its own expiry by more than that bound.
    async fn claim_once(&self, token: &str, _ttl: Duration) -> anyhow::Result<bool> {
        Ok(self.claimed.entry(token.to_owned()).or_insert(()).await.is_fresh())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::hand::HandClock;
    use crate::session::contract;

    fn store() -> MemoryStore {
        MemoryStore::new(Duration::from_secs(60), 1_000)
    }

    #[tokio::test]
    async fn sessions_round_trip() {
        contract::round_trip(&store()).await;
    }

    #[tokio::test]
    async fn back_channel_indexes_end_the_right_sessions() {
        contract::back_channel_indexes(&store()).await;
    }

    #[tokio::test]
    async fn sessions_are_listed_by_subject() {
        contract::listing_by_subject(&store()).await;
    }

    #[tokio::test]
    async fn refresh_lock_is_exclusive() {
        contract::refresh_lock_is_exclusive(&store()).await;
    }

    #[tokio::test]
    async fn a_token_is_claimed_once() {
        contract::a_token_is_claimed_once(&store()).await;
    }

    #[tokio::test]
    async fn a_read_resets_the_idle_timer_and_an_idle_session_ends() {
        let hand = HandClock::new();
        let store = MemoryStore::with_clock(Duration::from_secs(1800), 10, hand.clock());
        let id = crate::session::new_id();
        store.put(&id, &contract::session("s", "u")).await.unwrap();

        hand.advance(Duration::from_secs(1200));
        assert!(store.get(&id).await.unwrap().is_some(), "20 minutes after sign-in");
        hand.advance(Duration::from_secs(1200));
        assert!(store.get(&id).await.unwrap().is_some(), "20 minutes after the last read");
        hand.advance(Duration::from_secs(1800));
        assert!(store.get(&id).await.unwrap().is_none(), "30 minutes without a read");
    }

    #[tokio::test]
    async fn sessions_are_bounded_and_a_new_one_is_always_admitted() {
        let store = MemoryStore::new(Duration::from_secs(60), 50);
        for n in 0..500 {
            store.put(&crate::session::new_id(), &contract::session(&format!("sid-{n}"), "u")).await.unwrap();
        }
        let newest = crate::session::new_id();
        store.put(&newest, &contract::session("sid-new", "u")).await.unwrap();
        store.sessions.run_pending_tasks().await;
        assert!(store.sessions.entry_count() <= 50);
        assert!(store.get(&newest).await.unwrap().is_some());
        assert!(
            store.index_sizes().0 <= 51,
            "evicted sessions leave the sid index: {:?}",
            store.index_sizes()
        );
    }

    #[tokio::test]
    async fn indexes_are_pruned_when_sessions_end_or_idle_out() {
        let hand = HandClock::new();
        let store = MemoryStore::with_clock(Duration::from_secs(60), 1_000, hand.clock());
        let (ended, idle) = (crate::session::new_id(), crate::session::new_id());
        store.put(&ended, &contract::session("sid-a", "sub-a")).await.unwrap();
        store.put(&idle, &contract::session("sid-b", "sub-b")).await.unwrap();
        // A refresh writes the session again: it stays indexed.
        store.put(&ended, &contract::session("sid-a", "sub-a")).await.unwrap();
        store.sessions.run_pending_tasks().await;
        assert_eq!(store.index_sizes(), (2, 2));

        store.remove(&ended).await.unwrap();
        store.sessions.run_pending_tasks().await;
        assert_eq!(store.index_sizes(), (1, 1));

        hand.advance(Duration::from_secs(61));
        assert!(store.get(&idle).await.unwrap().is_none());
        store.sessions.run_pending_tasks().await;
        assert_eq!(store.index_sizes(), (0, 0), "the idle session left both indexes");
    }
}
