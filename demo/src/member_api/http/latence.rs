//! A member API that takes its time, as a real one across a network does
//! (`demo.api_latency_ms`, give or take `demo.api_latency_jitter_ms`): every call waits a delay
//! drawn evenly in that range before it is handled. None by default.

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

#[derive(Debug, Clone, Copy, Default)]
pub struct Latence {
    moyenne: Duration,
    ecart: Duration,
}

impl Latence {
    /// `ecart` is at most `moyenne` (the configuration's check).
    pub fn new(moyenne: Duration, ecart: Duration) -> Self {
        Self { moyenne, ecart: ecart.min(moyenne) }
    }

    /// One call's delay, within `moyenne ± ecart`.
    fn tirer(self) -> Duration {
        if self.ecart.is_zero() {
            return self.moyenne;
        }
        let ecart = self.ecart.as_micros() as u64;
        (self.moyenne - self.ecart) + Duration::from_micros(rand::random_range(0..=2 * ecart))
    }

    /// Waits the call's delay, then handles it.
    pub async fn attendre(
        self,
        request: ServiceRequest,
        next: Next<impl MessageBody>,
    ) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
        let delai = self.tirer();
        if !delai.is_zero() {
            tokio::time::sleep(delai).await;
        }
        next.call(request).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_delay_falls_within_the_range_and_none_is_none() {
        let latence = Latence::new(Duration::from_millis(20), Duration::from_millis(10));
        let delais: Vec<Duration> = (0..1000).map(|_| latence.tirer()).collect();
        assert!(delais.iter().all(|d| (Duration::from_millis(10)..=Duration::from_millis(30)).contains(d)));
        assert!(delais.iter().any(|d| *d < Duration::from_millis(15)), "spread over the range");
        assert!(delais.iter().any(|d| *d > Duration::from_millis(25)), "spread over the range");
        assert_eq!(Latence::default().tirer(), Duration::ZERO);
        assert_eq!(Latence::new(Duration::from_millis(5), Duration::ZERO).tirer(), Duration::from_millis(5));
    }
}
