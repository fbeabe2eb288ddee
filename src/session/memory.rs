//! One instance: sessions in a moka cache whose time-to-idle is the idle timeout (every read
//! resets it), with small side tables for the back-channel indexes and refresh locks.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use moka::future::Cache;

use super::{LOGIN_STATE_TTL, LoginState, REFRESH_LOCK_TTL, Session, SessionStore};

pub struct MemoryStore {
    sessions: Cache<String, Session>,
    logins: Cache<String, LoginState>,
    locks: Cache<String, ()>,
    /// Provider session id or subject → portal session ids. Stale ids (sessions that idled
    /// out) are harmless: removing them again does nothing.
    by_sid: Mutex<std::collections::HashMap<String, HashSet<String>>>,
    by_sub: Mutex<std::collections::HashMap<String, HashSet<String>>>,
}

impl MemoryStore {
    pub fn new(idle_timeout: Duration) -> Self {
        Self {
            sessions: Cache::builder().time_to_idle(idle_timeout).build(),
            logins: Cache::builder().time_to_live(LOGIN_STATE_TTL).build(),
            locks: Cache::builder().time_to_live(REFRESH_LOCK_TTL).build(),
            by_sid: Mutex::default(),
            by_sub: Mutex::default(),
        }
    }

    async fn remove_all(&self, ids: Option<HashSet<String>>) -> usize {
        let mut removed = 0;
        for id in ids.unwrap_or_default() {
            if self.sessions.remove(&id).await.is_some() {
                removed += 1;
            }
        }
        removed
    }
}

fn index(map: &Mutex<std::collections::HashMap<String, HashSet<String>>>, key: &str, id: &str) {
    map.lock().expect("index lock").entry(key.to_owned()).or_default().insert(id.to_owned());
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
        let ids = self.by_sid.lock().expect("index lock").remove(sid);
        Ok(self.remove_all(ids).await)
    }

    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize> {
        let ids = self.by_sub.lock().expect("index lock").remove(sub);
        Ok(self.remove_all(ids).await)
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
        MemoryStore::new(Duration::from_secs(1))
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
}
