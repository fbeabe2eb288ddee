//! Time as the session store, the content cache and the provider's memo read it: the system's monotonic clock in
//! production, a clock moved by hand in tests, so that rules about durations (idle sessions,
//! fresh content) are tested without waiting for them.

use std::sync::Arc;
use std::time::Instant;

pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

pub fn system() -> Clock {
    Arc::new(Instant::now)
}

#[cfg(test)]
pub mod hand {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use super::Clock;

    /// A clock that moves only when told to.
    #[derive(Clone, Default)]
    pub struct HandClock {
        start: Start,
        elapsed_ms: Arc<AtomicU64>,
    }

    /// When the hand clock was made: its zero.
    #[derive(Clone, Copy)]
    struct Start(Instant);

    impl Default for Start {
        fn default() -> Self {
            Self(Instant::now())
        }
    }

    impl HandClock {
        pub fn new() -> Self {
            Self::default()
        }

        pub fn advance(&self, by: Duration) {
            self.elapsed_ms.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
        }

        pub fn clock(&self) -> Clock {
            let hand = self.clone();
            Arc::new(move || hand.start.0 + Duration::from_millis(hand.elapsed_ms.load(Ordering::SeqCst)))
        }
    }
}
