//! The portal's calls to the upstreams every replica shares (the provider, the member API, the
//! content service), timed and counted: `upstream_request_duration_seconds{upstream, call}`
//! holds every call, failed ones included, so that its `_count` divides
//! `upstream_errors_total{upstream, kind}` into an error ratio. `call` is a name the portal
//! gives (the member API call's template, `GET /assure/prestation/{id}`; the provider's
//! `token`), never anything of the call itself: the series are as many as the portal's calls.
//! Each call made while serving a request is also a client span, named the same way, whose
//! `traceparent` the caller sends with it.

use std::time::{Duration, Instant};

use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry};
use tracing::Span;
use tracing::field::Empty;

#[derive(Clone, Copy)]
pub enum Upstream {
    IdentityProvider,
    MemberApi,
    ContentService,
}

impl Upstream {
    const ALL: [Self; 3] = [Self::IdentityProvider, Self::MemberApi, Self::ContentService];

    fn label(self) -> &'static str {
        match self {
            Self::IdentityProvider => "identity_provider",
            Self::MemberApi => "member_api",
            Self::ContentService => "content_service",
        }
    }
}

/// How a call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An answer the portal can use, whatever its status below 500.
    Answered,
    /// No answer in time.
    Timeout,
    /// Unreachable, refused, reset, or a 5xx.
    Failed,
}

#[derive(Clone)]
pub struct UpstreamCalls {
    duration: HistogramVec,
    errors: IntCounterVec,
}

impl UpstreamCalls {
    /// Every error series is exported from the start, at 0, so that a rate over the first error
    /// is not an absent series.
    pub fn register(registry: &Registry) -> Self {
        let calls = Self::detached();
        for upstream in Upstream::ALL {
            for kind in ["timeout", "failed"] {
                calls.errors.with_label_values(&[upstream.label(), kind]);
            }
        }
        registry.register(Box::new(calls.duration.clone())).expect("unique metric");
        registry.register(Box::new(calls.errors.clone())).expect("unique metric");
        calls
    }

    /// Counted but exported nowhere: for a client made outside the server (`check-upstreams`).
    pub fn detached() -> Self {
        // From 1 ms: an upstream on the same network answers in a few; the member API's
        // default timeout is 10 s.
        let duration = HistogramVec::new(
            HistogramOpts::new(
                "upstream_request_duration_seconds",
                "Time of the calls to a shared upstream, failed ones included, by call",
            )
            .buckets(vec![0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0]),
            &["upstream", "call"],
        )
        .expect("valid metric");
        let errors = IntCounterVec::new(
            Opts::new("upstream_errors_total", "Calls to a shared upstream that brought no usable answer"),
            &["upstream", "kind"],
        )
        .expect("valid metric");
        Self { duration, errors }
    }

    /// Starts timing a call named `call` (a name of the portal's, never a value of the call).
    /// Its span is a child of the span being served; a call made outside any request (the
    /// upstreams' probes) has none, so that it does not start a trace of its own.
    pub fn start<'a>(&'a self, upstream: Upstream, call: &'a str) -> StartedCall<'a> {
        let span = if Span::current().is_none() {
            Span::none()
        } else {
            tracing::info_span!(
                "upstream call",
                upstream = upstream.label(),
                otel.name = call,
                otel.kind = "client",
                otel.status_code = Empty,
            )
        };
        StartedCall { calls: self, upstream, call, started: Instant::now(), span }
    }

    /// Records one call named `call` (a name of the portal's, never a value of the call).
    fn record(&self, upstream: Upstream, call: &str, elapsed: Duration, outcome: Outcome) {
        self.duration.with_label_values(&[upstream.label(), call]).observe(elapsed.as_secs_f64());
        let kind = match outcome {
            Outcome::Answered => return,
            Outcome::Timeout => "timeout",
            Outcome::Failed => "failed",
        };
        self.errors.with_label_values(&[upstream.label(), kind]).inc();
    }
}

/// A call under way: [`StartedCall::finish`] records it.
pub struct StartedCall<'a> {
    calls: &'a UpstreamCalls,
    upstream: Upstream,
    call: &'a str,
    started: Instant,
    span: Span,
}

impl StartedCall<'_> {
    /// The call's span: the caller makes the call in it and sends its `traceparent`.
    pub fn span(&self) -> &Span {
        &self.span
    }

    pub fn finish(self, outcome: Outcome) {
        self.calls.record(self.upstream, self.call, self.started.elapsed(), outcome);
        if outcome != Outcome::Answered {
            self.span.record("otel.status_code", "ERROR");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_call_is_timed_and_only_failures_are_errors() {
        let registry = Registry::new();
        let calls = UpstreamCalls::register(&registry);
        let call = "GET /assure/prestation/{id}";
        calls.record(Upstream::MemberApi, call, Duration::from_millis(3), Outcome::Answered);
        calls.record(Upstream::MemberApi, call, Duration::from_secs(10), Outcome::Timeout);
        calls.record(Upstream::MemberApi, call, Duration::from_millis(1), Outcome::Failed);
        assert_eq!(calls.duration.with_label_values(&["member_api", call]).get_sample_count(), 3);
        assert_eq!(calls.errors.with_label_values(&["member_api", "timeout"]).get(), 1);
        assert_eq!(calls.errors.with_label_values(&["member_api", "failed"]).get(), 1);
        assert_eq!(calls.errors.with_label_values(&["content_service", "failed"]).get(), 0);
    }

    /// A probe between requests would otherwise start a trace every few seconds.
    #[test]
    fn only_a_call_made_while_serving_a_request_has_a_span() {
        let calls = UpstreamCalls::detached();
        tracing::subscriber::with_default(tracing_subscriber::registry(), || {
            assert!(calls.start(Upstream::MemberApi, "GET /assure/").span().is_none());
            let request = tracing::info_span!("request");
            let started = request.in_scope(|| calls.start(Upstream::MemberApi, "GET /assure/"));
            assert!(!started.span().is_none());
        });
    }
}
