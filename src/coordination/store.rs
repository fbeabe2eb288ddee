//! The coordination store's one trait.

use std::time::Duration;

use async_trait::async_trait;

/// Names are the caller's: already free of anything secret (a session is named by the digest
/// the session store lists it under, never by its id).
#[async_trait]
pub trait Coordination: Send + Sync {
    /// Marks `name` as used for `ttl`, on every instance sharing the store; false when it
    /// already was.
    async fn claim_once(&self, name: &str, ttl: Duration) -> anyhow::Result<bool>;
    /// Takes the lock `name` for at most `ttl` (a holder that dies frees it by then); false
    /// when someone else holds it.
    async fn try_lock(&self, name: &str, ttl: Duration) -> anyhow::Result<bool>;
    async fn unlock(&self, name: &str) -> anyhow::Result<()>;
}
