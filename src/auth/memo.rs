//! One value read from elsewhere and shared by every caller. Callers arriving while it is being
//! read wait for that one read (single flight); a success is kept for a while, and a failure
//! too, briefly, so that while the source is down callers fail at once instead of each
//! waiting for its own timeout. Times are read from a [`Clock`], so that tests move it by hand.
//!
//! moka's `try_get_with` gives the single flight, but keeps no failure and runs on a clock of
//! its own; one value needs neither its eviction nor its bounds.

use std::future::Future;
use std::time::Duration;

use std::time::Instant;

use tokio::sync::Mutex;

use crate::clock::{self, Clock};

pub struct Memo<T, E> {
    /// The last outcome, and until when it stands.
    kept: Mutex<Option<(Result<T, E>, Instant)>>,
    success_ttl: Duration,
    failure_ttl: Duration,
    clock: Clock,
}

impl<T: Clone, E: Clone> Memo<T, E> {
    pub fn new(success_ttl: Duration, failure_ttl: Duration) -> Self {
        Self::with_clock(success_ttl, failure_ttl, clock::system())
    }

    pub fn with_clock(success_ttl: Duration, failure_ttl: Duration, clock: Clock) -> Self {
        Self { kept: Mutex::new(None), success_ttl, failure_ttl, clock }
    }

    /// The kept outcome while it stands, else `read`'s, kept in turn. The lock is held during
    /// the read: that is the single flight.
    pub async fn get_or_read<F>(&self, read: impl FnOnce() -> F) -> Result<T, E>
    where
        F: Future<Output = Result<T, E>>,
    {
        let mut kept = self.kept.lock().await;
        if let Some((outcome, until)) = kept.as_ref()
            && (self.clock)() < *until
        {
            return outcome.clone();
        }
        let outcome = read().await;
        let ttl = if outcome.is_ok() { self.success_ttl } else { self.failure_ttl };
        *kept = Some((outcome.clone(), (self.clock)() + ttl));
        outcome
    }

    /// The next caller reads again.
    pub async fn forget(&self) {
        *self.kept.lock().await = None;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::clock::hand::HandClock;

    const KEPT: Duration = Duration::from_secs(3600);
    const FAILURE_KEPT: Duration = Duration::from_secs(5);

    /// A source that lets the other callers run before it answers `outcome`, counting its reads.
    async fn read(reads: &AtomicUsize, outcome: Result<u32, &'static str>) -> Result<u32, &'static str> {
        reads.fetch_add(1, Ordering::SeqCst);
        for _ in 0..5 {
            tokio::task::yield_now().await;
        }
        outcome
    }

    fn memo(hand: &HandClock) -> Memo<u32, &'static str> {
        Memo::with_clock(KEPT, FAILURE_KEPT, hand.clock())
    }

    #[tokio::test]
    async fn callers_arriving_during_a_read_share_it() {
        let memo = memo(&HandClock::new());
        let reads = AtomicUsize::new(0);
        let outcomes =
            futures_util::future::join_all((0..20).map(|_| memo.get_or_read(|| read(&reads, Ok(7))))).await;
        assert!(outcomes.iter().all(|outcome| *outcome == Ok(7)));
        assert_eq!(reads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failure_is_remembered_for_a_few_seconds_then_read_again() {
        let hand = HandClock::new();
        let memo = memo(&hand);
        let reads = AtomicUsize::new(0);
        let failing = || read(&reads, Err("down"));
        let outcomes = futures_util::future::join_all((0..20).map(|_| memo.get_or_read(failing))).await;
        assert!(outcomes.iter().all(|outcome| *outcome == Err("down")));
        hand.advance(FAILURE_KEPT - Duration::from_millis(1));
        assert_eq!(memo.get_or_read(failing).await, Err("down"));
        assert_eq!(reads.load(Ordering::SeqCst), 1, "failed fast, the source left alone");
        hand.advance(Duration::from_millis(1));
        assert_eq!(memo.get_or_read(|| read(&reads, Ok(7))).await, Ok(7));
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_success_is_kept_until_it_expires_or_is_forgotten() {
        let hand = HandClock::new();
        let memo = memo(&hand);
        let reads = AtomicUsize::new(0);
        assert_eq!(memo.get_or_read(|| read(&reads, Ok(1))).await, Ok(1));
        hand.advance(KEPT - Duration::from_secs(2));
        assert_eq!(memo.get_or_read(|| read(&reads, Ok(2))).await, Ok(1));
        hand.advance(Duration::from_secs(2));
        assert_eq!(memo.get_or_read(|| read(&reads, Ok(3))).await, Ok(3), "expired");
        memo.forget().await;
        assert_eq!(memo.get_or_read(|| read(&reads, Ok(4))).await, Ok(4), "forgotten");
        assert_eq!(reads.load(Ordering::SeqCst), 3);
    }
}
