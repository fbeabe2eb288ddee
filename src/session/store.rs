//! The session store: sessions, their indexes by subject and provider session, and their count.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

use super::record::{Listed, Session};

#[async_trait]
pub trait SessionStore: Send + Sync {
    /// The session, resetting its idle timer; `None` once it idled out or was removed. Shared,
    /// not copied: every authenticated request reads it, and it holds the member's whole record.
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>>;
    /// Stores a new session. Past the per-member cap, the member's own least recently used
    /// sessions are closed (never another member's), and returned so that their refresh
    /// tokens can be revoked.
    async fn create(&self, id: &str, session: &Session) -> anyhow::Result<Vec<Session>>;
    /// Writes `session` (new tokens) only while the session is still stored and still the
    /// version `session.version` that was read: false, and nothing written, when it ended
    /// (signed out, closed from « Mes connexions », back-channel logout, idle) or was written
    /// by someone else in between. An ended session never comes back.
    async fn replace(&self, id: &str, session: &Session) -> anyhow::Result<bool>;
    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>>;
    /// The names `list_by_sub` may give the session `id` (several while keys rotate).
    fn names(&self, id: &str) -> Vec<String>;
    /// Ends the session listed under `name`.
    async fn remove_named(&self, name: &str) -> anyhow::Result<Option<Session>>;
    /// Ends every session of a provider session (back-channel logout); returns how many.
    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize>;
    /// Ends every session of a subject (a logout token without `sid`).
    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize>;
    /// The live sessions of a subject, without resetting their idle timers.
    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>>;
    /// Whether the store answers (readiness: an instance whose store does not can serve no
    /// signed-in member).
    async fn ping(&self) -> anyhow::Result<()>;
    /// How many sessions the store holds (every instance's, when it is shared), and its name in
    /// `sessions_open{store}`.
    async fn count(&self) -> anyhow::Result<u64>;
    fn kind(&self) -> &'static str;
}

/// How often `sessions_open{store}` is sampled.
const COUNT_EVERY: Duration = Duration::from_secs(15);

/// Exports `sessions_open{store}`, sampled now and every `COUNT_EVERY` for as long as the
/// runtime lives. With Redis every instance reports the shared total.
pub fn export_count(store: Arc<dyn SessionStore>, registry: &prometheus::Registry) {
    let gauge = prometheus::IntGaugeVec::new(
        prometheus::Opts::new("sessions_open", "Sessions the store holds, by store"),
        &["store"],
    )
    .expect("valid metric");
    registry.register(Box::new(gauge.clone())).expect("unique metric");
    let gauge = gauge.with_label_values(&[store.kind()]);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(COUNT_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            match store.count().await {
                Ok(count) => gauge.set(i64::try_from(count).unwrap_or(i64::MAX)),
                Err(error) => tracing::warn!(error = %format!("{error:#}"), "sessions not counted"),
            }
        }
    });
}
