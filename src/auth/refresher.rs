//! What the refresh keeps between requests: one gate per refreshing session, so that the
//! requests of a session wait for one refresh instead of each making their own.

use std::sync::Arc;
use std::time::Duration;

use moka::future::Cache;
use prometheus::Registry;
use tokio::sync::Mutex;

use crate::metrics::Outcomes;

pub struct Refresher {
    pub(super) gates: Cache<String, Arc<Mutex<()>>>,
    /// `token_refreshes_total{outcome}`: `refreshed`, `refused` (the provider ended the
    /// session) or `failed` (the provider unreachable or failing; the member may retry).
    pub(super) outcomes: Outcomes,
}

impl Refresher {
    /// At most one gate per session that is refreshing; `sessions` bounds them all.
    pub fn new(sessions: u64, registry: &Registry) -> Self {
        Self {
            gates: Cache::builder().time_to_idle(Duration::from_secs(600)).max_capacity(sessions).build(),
            outcomes: Outcomes::new(
                "token_refreshes_total",
                "Access token refreshes with the provider, by outcome",
                "outcome",
                &["refreshed", "refused", "failed"],
            )
            .register(registry),
        }
    }
}
