//! Bounds on abuse (`[limits]`): how many sign-ins one client address may start, and how many
//! writes and creations one member may make, in a period. governor's GCRA decides; each key's
//! state lives in a moka cache bounded by count, forgotten once idle for a whole period (by
//! then its budget is full again, so forgetting it changes nothing). A refusal is a 429 with
//! `Retry-After` and a French sentence.
//!
//! Each instance counts on its own: behind a load balancer spreading a client over N
//! instances, the effective bound is up to N times the configured one.

use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpRequest;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use ipnet::IpNet;
use prometheus::IntCounter;

use crate::config::LimitsSettings;
use crate::error::ApiError;
use crate::metrics::Outcomes;

/// Most keys (addresses, members) remembered by one bound.
const MAX_KEYS: u64 = 100_000;

type Limiter<C> = RateLimiter<NotKeyed, InMemoryState, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// What a member reads when a bound refuses them.
const SIGN_INS_REFUSED: &str = "Trop de tentatives de connexion depuis votre adresse. Veuillez patienter quelques minutes avant de réessayer.";
const WRITES_REFUSED: &str = "Vous avez fait beaucoup de modifications en peu de temps. Veuillez patienter une minute avant de réessayer.";
const CREATIONS_REFUSED: &str = "Vous avez envoyé beaucoup de demandes en peu de temps. Veuillez patienter avant d’en envoyer une nouvelle.";

/// The bounds `[limits]` sets, each refusal counted in `rate_limit_refusals_total{limit}`.
pub struct Bounds {
    settings: LimitsSettings,
    refusals: Outcomes,
}

impl Bounds {
    pub fn new(settings: &LimitsSettings, registry: &prometheus::Registry) -> Self {
        let refusals = Outcomes::new(
            "rate_limit_refusals_total",
            "Requests refused by a bound of [limits], by bound",
            "limit",
            &["sign_ins", "writes", "creations"],
        )
        .register(registry);
        Self { settings: settings.clone(), refusals }
    }

    /// Sign-ins started per client address (`limits.sign_ins_per_minute`).
    pub fn sign_ins(&self) -> Bound<IpAddr> {
        Bound::new(self.settings.sign_ins_per_minute, Duration::from_secs(60), SIGN_INS_REFUSED)
            .counting(self.refusals.counter("sign_ins"))
    }

    /// Writes per member (`limits.writes_per_minute`).
    pub fn writes(&self) -> Bound<String> {
        Bound::new(self.settings.writes_per_minute, Duration::from_secs(60), WRITES_REFUSED)
            .counting(self.refusals.counter("writes"))
    }

    /// Requests, documents, complaints and terminations created per member
    /// (`limits.creations_per_hour`).
    pub fn creations(&self) -> Bound<String> {
        Bound::new(self.settings.creations_per_hour, Duration::from_secs(3600), CREATIONS_REFUSED)
            .counting(self.refusals.counter("creations"))
    }
}

/// One bound: at most `count` events per `period` for each key, `count` of them at once.
pub struct Bound<K, C: Clock = DefaultClock> {
    quota: Quota,
    clock: C,
    limiters: moka::sync::Cache<K, Arc<Limiter<C>>>,
    message: &'static str,
    /// Its refusals, in `rate_limit_refusals_total{limit}` once the server counts them.
    refusals: IntCounter,
}

impl<K> Bound<K>
where
    K: Hash + Eq + Send + Sync + 'static,
{
    pub fn new(count: NonZeroU32, period: Duration, message: &'static str) -> Self {
        Self::with_clock(count, period, message, DefaultClock::default())
    }
}

impl<K, C> Bound<K, C>
where
    K: Hash + Eq + Send + Sync + 'static,
    C: Clock + Clone + Send + Sync + 'static,
{
    pub fn with_clock(count: NonZeroU32, period: Duration, message: &'static str, clock: C) -> Self {
        let quota = Quota::with_period(period / count.get())
            .expect("a period of at least a nanosecond per event")
            .allow_burst(count);
        let limiters = moka::sync::Cache::builder().max_capacity(MAX_KEYS).time_to_idle(period).build();
        let refusals = IntCounter::new("rate_limit_refusals", "detached").expect("valid metric");
        Self { quota, clock, limiters, message, refusals }
    }

    /// Counts its refusals in `refusals`.
    pub fn counting(self, refusals: IntCounter) -> Self {
        Self { refusals, ..self }
    }

    /// Counts one event for `key`; refused when its budget is spent.
    pub fn check(&self, key: K) -> Result<(), ApiError> {
        let limiter = self
            .limiters
            .get_with(key, || Arc::new(RateLimiter::direct_with_clock(self.quota, self.clock.clone())));
        limiter.check().map_err(|not_until| {
            self.refusals.inc();
            let wait = not_until.wait_time_from(self.clock.now());
            // Whole seconds, rounded up: coming back after `Retry-After` always succeeds.
            let retry_after_secs = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
            ApiError::TooManyRequests { retry_after_secs, message: self.message }
        })
    }
}

/// The address a request comes from: the peer, or behind `trusted` proxies the nearest
/// address of `X-Forwarded-For` that is not one of them. IPv6 clients are counted by /64, the
/// block one subscriber gets, so that one client cannot take a new address per request.
pub fn client_address(request: &HttpRequest, trusted: &[IpNet]) -> IpAddr {
    let peer = request.peer_addr().map_or(IpAddr::from([0, 0, 0, 0]), |address| address.ip());
    let mut client = peer;
    if crate::trusted_proxies::is_trusted_proxy(trusted, Some(peer)) {
        let forwarded = request.headers().get_all("x-forwarded-for").filter_map(|value| value.to_str().ok());
        let hops: Vec<&str> = forwarded.flat_map(|value| value.split(',')).map(str::trim).collect();
        for hop in hops.into_iter().rev() {
            let Ok(address) = hop.parse::<IpAddr>() else { break };
            client = address;
            if !crate::trusted_proxies::is_trusted_proxy(trusted, Some(address)) {
                break;
            }
        }
    }
    counted(client)
}

fn counted(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use governor::clock::FakeRelativeClock;

    use super::*;

    fn refusal(result: Result<(), ApiError>) -> u64 {
        match result {
            Err(ApiError::TooManyRequests { retry_after_secs, .. }) => retry_after_secs,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_key_gets_its_budget_then_waits_for_it_to_refill() {
        let clock = FakeRelativeClock::default();
        let refusals = IntCounter::new("refusals", "refusals").unwrap();
        let bound =
            Bound::with_clock(NonZeroU32::new(2).unwrap(), Duration::from_secs(60), "Trop.", clock.clone())
                .counting(refusals.clone());
        assert!(bound.check("alice").is_ok());
        assert!(bound.check("alice").is_ok());
        assert_eq!(refusals.get(), 0);
        assert_eq!(refusal(bound.check("alice")), 30, "one event back every 30 s");
        assert_eq!(refusals.get(), 1);
        assert!(bound.check("bob").is_ok(), "another key has its own budget");
        clock.advance(Duration::from_secs(30));
        assert!(bound.check("alice").is_ok());
        assert!(bound.check("alice").is_err());
    }

    fn request_from(peer: &str, forwarded: Option<&str>) -> HttpRequest {
        let mut request = actix_web::test::TestRequest::default().peer_addr(peer.parse().unwrap());
        if let Some(forwarded) = forwarded {
            request = request.insert_header(("X-Forwarded-For", forwarded));
        }
        request.to_http_request()
    }

    #[test]
    fn the_client_is_the_nearest_untrusted_address() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let direct = request_from("203.0.113.9:5000", Some("198.51.100.1"));
        assert_eq!(
            client_address(&direct, &trusted).to_string(),
            "203.0.113.9",
            "an untrusted peer's header"
        );
        let proxied = request_from("10.0.0.2:5000", Some("198.51.100.1, 203.0.113.7, 10.0.0.3"));
        assert_eq!(
            client_address(&proxied, &trusted).to_string(),
            "203.0.113.7",
            "not a forged leftmost one"
        );
        let garbage = request_from("10.0.0.2:5000", Some("not an address"));
        assert_eq!(client_address(&garbage, &trusted).to_string(), "10.0.0.2");
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_block() {
        let one = request_from("[2001:db8:1:2:aaaa::1]:443", None);
        let other = request_from("[2001:db8:1:2:bbbb::9]:443", None);
        assert_eq!(client_address(&one, &[]), client_address(&other, &[]));
        let mapped = request_from("[::ffff:192.0.2.4]:443", None);
        assert_eq!(client_address(&mapped, &[]).to_string(), "192.0.2.4");
    }
}
