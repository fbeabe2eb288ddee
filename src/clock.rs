//! Time as the session store, the content cache, the provider's memo and the recent sign-in
//! rule read it: the system's clocks in production, a clock moved by hand in tests, so that
//! rules about durations (idle sessions, fresh content, a sign-in's age) are tested without
//! waiting for them.

use std::sync::Arc;
use std::time::Instant;

/// A monotonic clock, for the durations the portal measures itself.
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// Unix time in seconds, for what is compared with another party's time: a sign-in's
/// `auth_time` is the provider's.
pub type WallClock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// Unix time in seconds, as sessions, tokens and the provider's claims count it.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or_default()
}

pub fn system() -> Clock {
    Arc::new(Instant::now)
}

pub fn system_wall() -> WallClock {
    Arc::new(now)
}

#[cfg(test)]
pub mod hand {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use super::{Clock, WallClock};

    /// A clock that moves only when told to.
    #[derive(Clone, Default)]
    pub struct HandClock {
        start: Start,
        elapsed_ms: Arc<AtomicU64>,
    }

    /// When the hand clock was made: its zero, on both clocks.
    #[derive(Clone, Copy)]
    struct Start {
        instant: Instant,
        unix_secs: i64,
    }

    impl Default for Start {
        fn default() -> Self {
            Self { instant: Instant::now(), unix_secs: super::now() }
        }
    }

    impl HandClock {
        pub fn new() -> Self {
            Self::default()
        }

        pub fn advance(&self, by: Duration) {
            self.elapsed_ms.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
        }

        fn elapsed(&self) -> Duration {
            Duration::from_millis(self.elapsed_ms.load(Ordering::SeqCst))
        }

        pub fn clock(&self) -> Clock {
            let hand = self.clone();
            Arc::new(move || hand.start.instant + hand.elapsed())
        }

        /// The same hand, read as Unix time: it starts at the time it was made.
        pub fn wall(&self) -> WallClock {
            let hand = self.clone();
            Arc::new(move || hand.start.unix_secs + hand.elapsed().as_secs() as i64)
        }

        /// Unix time when the hand was made.
        pub fn unix_start(&self) -> i64 {
            self.start.unix_secs
        }
    }
}
