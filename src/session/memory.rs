//! One instance: sessions in a moka cache, with small side tables for the back-channel indexes
//! and refresh locks. Every table is bounded, so that no traffic can grow memory without limit.
//!
//! Sessions are kept under a digest of their id, the name « Mes connexions » knows them by.
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
use moka::ops::compute::{CompResult, Op};
use moka::policy::EvictionPolicy;

use super::record::{Listed, Session, digest_name};
use super::store::SessionStore;
use crate::clock::{self, Clock};

/// Provider session id or subject → the names of portal sessions.
type Index = Arc<Mutex<HashMap<String, HashSet<String>>>>;

/// A session and the moment it was last read.
struct Stored {
    session: Arc<Session>,
    last_read: Mutex<Instant>,
}

pub struct MemoryStore {
    sessions: Cache<String, Arc<Stored>>,
    by_sid: Index,
    by_sub: Index,
    idle_timeout: Duration,
    /// Most sessions one member keeps open at once.
    per_member: usize,
    /// Sign-ins take their turn, so that two at once cannot both stay under the member's cap.
    creating: tokio::sync::Mutex<()>,
    clock: Clock,
}

impl MemoryStore {
    /// At most `capacity` sessions at once: past it the least recently used go first. One
    /// member holds at most `per_member` of them, so that no member signing in over and over
    /// can push the others out.
    pub fn new(idle_timeout: Duration, capacity: u64, per_member: usize) -> Self {
        Self::with_clock(idle_timeout, capacity, per_member, clock::system())
    }

    pub fn with_clock(idle_timeout: Duration, capacity: u64, per_member: usize, clock: Clock) -> Self {
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
            by_sid,
            by_sub,
            idle_timeout,
            per_member,
            creating: tokio::sync::Mutex::new(()),
            clock,
        }
    }

    fn is_idle(&self, stored: &Stored, now: Instant) -> bool {
        now.saturating_duration_since(*stored.last_read.lock().expect("last read lock")) >= self.idle_timeout
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

fn count_of(map: &Index, key: &str) -> usize {
    map.lock().expect("index lock").get(key).map_or(0, HashSet::len)
}

fn ids_of(map: &Index, key: &str) -> HashSet<String> {
    map.lock().expect("index lock").get(key).cloned().unwrap_or_default()
}

#[async_trait]
impl SessionStore for MemoryStore {
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>> {
        let name = digest_name(id);
        let Some(stored) = self.sessions.get(&name).await else { return Ok(None) };
        let now = (self.clock)();
        if self.is_idle(&stored, now) {
            self.sessions.remove(&name).await;
            return Ok(None);
        }
        *stored.last_read.lock().expect("last read lock") = now;
        Ok(Some(stored.session.clone()))
    }

    async fn create(&self, id: &str, session: &Session) -> anyhow::Result<Vec<Session>> {
        let _turn = self.creating.lock().await;
        let now = (self.clock)();
        let mut open = Vec::new();
        // Under the cap even counting those that idled out: none to close, and no need to read
        // each of the member's sessions (a sign-in costs the same at one session or thousands).
        let others = if count_of(&self.by_sub, &session.sub) < self.per_member {
            HashSet::new()
        } else {
            ids_of(&self.by_sub, &session.sub)
        };
        for other in others {
            match self.sessions.get(&other).await {
                Some(stored) if !self.is_idle(&stored, now) => {
                    open.push((*stored.last_read.lock().expect("last read lock"), other));
                }
                _ => {}
            }
        }
        // Least recently used first: those beyond the cap, counting the new one, are closed.
        open.sort();
        let excess = (open.len() + 1).saturating_sub(self.per_member);
        let mut closed = Vec::new();
        for (_, other) in open.into_iter().take(excess) {
            closed.extend(self.remove_named(&other).await?);
        }
        let name = digest_name(id);
        if let Some(sid) = &session.sid {
            index(&self.by_sid, sid, &name);
        }
        index(&self.by_sub, &session.sub, &name);
        let session = Session { version: 0, ..session.clone() };
        let stored = Stored { session: Arc::new(session), last_read: Mutex::new(now) };
        self.sessions.insert(name, Arc::new(stored)).await;
        Ok(closed)
    }

    async fn replace(&self, id: &str, session: &Session) -> anyhow::Result<bool> {
        if session.is_expired(crate::clock::now()) {
            return Ok(false);
        }
        let now = (self.clock)();
        // Decided and written under the entry's own lock: a removal cannot slip in between.
        let outcome = self
            .sessions
            .entry(digest_name(id))
            .and_compute_with(|entry| {
                let op = match entry {
                    Some(entry)
                        if entry.value().session.version == session.version
                            && !self.is_idle(entry.value(), now) =>
                    {
                        let last_read = *entry.value().last_read.lock().expect("last read lock");
                        let next = Session { version: session.version + 1, ..session.clone() };
                        Op::Put(Arc::new(Stored {
                            session: Arc::new(next),
                            last_read: Mutex::new(last_read),
                        }))
                    }
                    _ => Op::Nop,
                };
                std::future::ready(op)
            })
            .await;
        Ok(matches!(outcome, CompResult::ReplacedWith(_)))
    }

    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>> {
        self.remove_named(&digest_name(id)).await
    }

    fn names(&self, id: &str) -> Vec<String> {
        vec![digest_name(id)]
    }

    async fn remove_named(&self, name: &str) -> anyhow::Result<Option<Session>> {
        Ok(self.sessions.remove(name).await.map(|stored| Session::clone(&stored.session)))
    }

    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sid, sid)).await)
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sub, sub)).await)
    }

    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>> {
        let (now, wall) = ((self.clock)(), crate::clock::now());
        let mut listed = Vec::new();
        for name in ids_of(&self.by_sub, sub) {
            let Some(stored) = self.sessions.get(&name).await else { continue };
            let idle_for = now.saturating_duration_since(*stored.last_read.lock().expect("last read lock"));
            if idle_for < self.idle_timeout {
                let last_active = wall - i64::try_from(idle_for.as_secs()).unwrap_or(i64::MAX);
                listed.push(Listed { name, session: Session::clone(&stored.session), last_active });
            }
        }
        Ok(listed)
    }

    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn count(&self) -> anyhow::Result<u64> {
        // Sessions past their idle timeout leave the count once moka has reclaimed them.
        self.sessions.run_pending_tasks().await;
        Ok(self.sessions.entry_count())
    }

    fn kind(&self) -> &'static str {
        "memory"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::hand::HandClock;
    use crate::session::contract;

    fn store() -> MemoryStore {
        MemoryStore::new(Duration::from_secs(60), 1_000, 20)
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
    async fn an_ended_session_is_never_written_back() {
        contract::an_ended_session_is_never_written_back(&store()).await;
    }

    #[tokio::test]
    async fn a_write_from_a_stale_read_is_refused() {
        contract::a_write_from_a_stale_read_is_refused(&store()).await;
    }

    #[tokio::test]
    async fn a_session_past_its_lifetime_is_not_written() {
        contract::a_session_past_its_lifetime_is_not_written(&store()).await;
    }

    #[tokio::test]
    async fn a_sign_in_again_is_kept() {
        contract::a_sign_in_again_is_kept(&store()).await;
    }

    #[tokio::test]
    async fn a_sessions_dpop_key_is_kept() {
        contract::a_sessions_dpop_key_is_kept(&store()).await;
    }

    #[tokio::test]
    async fn the_member_cap_closes_only_the_members_own_sessions() {
        let store = MemoryStore::new(Duration::from_secs(60), 1_000, 4);
        contract::the_member_cap_closes_only_the_members_own_sessions(&store, 4).await;
    }

    #[tokio::test]
    async fn the_member_cap_closes_the_least_recently_used_session() {
        let hand = HandClock::new();
        let store = MemoryStore::with_clock(Duration::from_secs(1800), 1_000, 2, hand.clock());
        let (first, second) = (crate::session::new_id(), crate::session::new_id());
        store.create(&first, &contract::session("a", "u")).await.unwrap();
        hand.advance(Duration::from_secs(10));
        store.create(&second, &contract::session("b", "u")).await.unwrap();
        hand.advance(Duration::from_secs(10));
        assert!(store.get(&first).await.unwrap().is_some(), "the first is now the latest used");
        let closed = store.create(&crate::session::new_id(), &contract::session("c", "u")).await.unwrap();
        assert_eq!(closed.iter().map(|session| session.sid.as_deref()).collect::<Vec<_>>(), [Some("b")]);
        assert!(store.get(&first).await.unwrap().is_some());
        assert!(store.get(&second).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn an_idle_session_is_not_written_back() {
        let hand = HandClock::new();
        let store = MemoryStore::with_clock(Duration::from_secs(1800), 10, 20, hand.clock());
        let id = crate::session::new_id();
        store.create(&id, &contract::session("s", "u")).await.unwrap();
        let read = Session::clone(&store.get(&id).await.unwrap().unwrap());
        hand.advance(Duration::from_secs(1800));
        assert!(!store.replace(&id, &read).await.unwrap());
        assert!(store.get(&id).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_read_resets_the_idle_timer_and_an_idle_session_ends() {
        let hand = HandClock::new();
        let store = MemoryStore::with_clock(Duration::from_secs(1800), 10, 20, hand.clock());
        let id = crate::session::new_id();
        store.create(&id, &contract::session("s", "u")).await.unwrap();

        hand.advance(Duration::from_secs(1200));
        assert!(store.get(&id).await.unwrap().is_some(), "20 minutes after sign-in");
        hand.advance(Duration::from_secs(1200));
        assert!(store.get(&id).await.unwrap().is_some(), "20 minutes after the last read");
        hand.advance(Duration::from_secs(1800));
        assert!(store.get(&id).await.unwrap().is_none(), "30 minutes without a read");
    }

    #[tokio::test]
    async fn sessions_are_bounded_and_a_new_one_is_always_admitted() {
        let store = MemoryStore::new(Duration::from_secs(60), 50, 1_000);
        for n in 0..500 {
            store
                .create(&crate::session::new_id(), &contract::session(&format!("sid-{n}"), "u"))
                .await
                .unwrap();
        }
        let newest = crate::session::new_id();
        store.create(&newest, &contract::session("sid-new", "u")).await.unwrap();
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
        let store = MemoryStore::with_clock(Duration::from_secs(60), 1_000, 20, hand.clock());
        let (ended, idle) = (crate::session::new_id(), crate::session::new_id());
        store.create(&ended, &contract::session("sid-a", "sub-a")).await.unwrap();
        store.create(&idle, &contract::session("sid-b", "sub-b")).await.unwrap();
        // A refresh writes the session again: it stays indexed.
        let read = store.get(&ended).await.unwrap().unwrap();
        assert!(store.replace(&ended, &read).await.unwrap());
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
