//! One instance: sessions in a moka cache whose time-to-idle is the idle timeout (every read
//! resets it), with small side tables for the back-channel indexes and refresh locks. Every
//! table is bounded, so that no traffic, signed in or not, can grow memory without limit.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use moka::future::Cache;
use moka::notification::RemovalCause;
use moka::policy::EvictionPolicy;

use super::{LOGIN_STATE_TTL, LoginState, REFRESH_LOCK_TTL, Session, SessionStore};

/// Provider session id or subject → portal session ids.
type Index = Arc<Mutex<HashMap<String, HashSet<String>>>>;

pub struct MemoryStore {
    sessions: Cache<String, Session>,
    logins: Cache<String, LoginState>,
    locks: Cache<String, ()>,
    by_sid: Index,
    by_sub: Index,
}

/// How many entries each table may hold.
#[derive(Debug, Clone, Copy)]
pub struct Capacity {
    pub sessions: u64,
    pub pending_logins: u64,
}

impl MemoryStore {
    pub fn new(idle_timeout: Duration, capacity: Capacity) -> Self {
        let (by_sid, by_sub) = (Index::default(), Index::default());
        let (sid_index, sub_index) = (by_sid.clone(), by_sub.clone());
        Self {
            sessions: Cache::builder()
                .time_to_idle(idle_timeout)
                .max_capacity(capacity.sessions)
                // Least recently used out first. The default admission policy could refuse a
                // brand-new session (seen once) in favour of older ones when the store is full.
                .eviction_policy(EvictionPolicy::lru())
                // A session that ends in any way (sign-out, idle, evicted) leaves the indexes; a
                // replaced one (a refresh writes it again) keeps its place.
                .eviction_listener(move |id: Arc<String>, session: Session, cause| {
                    if cause != RemovalCause::Replaced {
                        unindex(&sid_index, session.sid.as_deref(), &id);
                        unindex(&sub_index, Some(&session.sub), &id);
                    }
                })
                .build(),
            logins: Cache::builder()
                .time_to_live(LOGIN_STATE_TTL)
                .max_capacity(capacity.pending_logins)
                .eviction_policy(EvictionPolicy::lru())
                .build(),
            locks: Cache::builder().time_to_live(REFRESH_LOCK_TTL).max_capacity(capacity.sessions).build(),
            by_sid,
            by_sub,
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
    async fn get(&self, id: &str) -> anyhow::Result<Option<Session>> {
        Ok(self.sessions.get(id).await)
    }

    async fn put(&self, id: &str, session: &Session) -> anyhow::Result<()> {
        if let Some(sid) = &session.sid {
            index(&self.by_sid, sid, id);
        }
        index(&self.by_sub, &session.sub, id);
        self.sessions.insert(id.to_owned(), session.clone()).await;
        Ok(())
    }

    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>> {
        Ok(self.sessions.remove(id).await)
    }

    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sid, sid)).await)
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        Ok(self.remove_all(ids_of(&self.by_sub, sub)).await)
    }

    async fn put_login(&self, id: &str, login: &LoginState) -> anyhow::Result<()> {
        self.logins.insert(id.to_owned(), login.clone()).await;
        Ok(())
    }

    async fn take_login(&self, id: &str) -> anyhow::Result<Option<LoginState>> {
        Ok(self.logins.remove(id).await)
    }

    async fn try_lock_refresh(&self, id: &str) -> anyhow::Result<bool> {
        // `is_fresh` tells whether this call inserted the entry: an atomic test-and-set.
        Ok(self.locks.entry(id.to_owned()).or_insert(()).await.is_fresh())
    }

    async fn unlock_refresh(&self, id: &str) -> anyhow::Result<()> {
        self.locks.remove(id).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::contract;

    fn store() -> MemoryStore {
        MemoryStore::new(Duration::from_secs(1), Capacity { sessions: 1_000, pending_logins: 1_000 })
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
    async fn login_states_are_single_use() {
        contract::login_states_are_single_use(&store()).await;
    }

    #[tokio::test]
    async fn refresh_lock_is_exclusive() {
        contract::refresh_lock_is_exclusive(&store()).await;
    }

    #[tokio::test]
    async fn idle_sessions_expire() {
        contract::idle_sessions_expire(&store()).await;
    }

    fn login() -> LoginState {
        LoginState {
            csrf_state: "s".into(),
            nonce: "n".into(),
            pkce_verifier: "v".into(),
            return_to: "/home".into(),
        }
    }

    #[tokio::test]
    async fn pending_logins_are_bounded_and_the_newest_is_always_kept() {
        let store = MemoryStore::new(Duration::from_secs(60), Capacity { sessions: 10, pending_logins: 100 });
        for _ in 0..1_000 {
            store.put_login(&crate::session::new_id(), &login()).await.unwrap();
        }
        let newest = crate::session::new_id();
        store.put_login(&newest, &login()).await.unwrap();
        store.logins.run_pending_tasks().await;
        assert!(store.logins.entry_count() <= 100, "{}", store.logins.entry_count());
        assert!(store.take_login(&newest).await.unwrap().is_some(), "a member's own sign-in is kept");
    }

    #[tokio::test]
    async fn sessions_are_bounded_and_a_new_one_is_always_admitted() {
        let store = MemoryStore::new(Duration::from_secs(60), Capacity { sessions: 50, pending_logins: 10 });
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
        let store = store();
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

        tokio::time::sleep(Duration::from_millis(1_300)).await;
        store.sessions.run_pending_tasks().await;
        assert_eq!(store.index_sizes(), (0, 0), "the idle session left both indexes");
    }
}
