//! Prometheus metrics, exposed in text format at `/metrics`: on the public listener, on a
//! listener of their own (`server.metrics_listen`), or behind a bearer token
//! (`server.metrics_token`), see `Access`.

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::ErrorHandlers;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, Resource, web};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, IntGaugeVec, Opts, Registry, TextEncoder,
};
use secrecy::{ExposeSecret, SecretString};
use subtle::ConstantTimeEq;

use crate::build_info;
use crate::config::Settings;
use crate::error::ErrorBody;

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
}

impl Metrics {
    pub fn new() -> Self {
        let registry = Registry::new();
        let labels = &["route", "method", "status"];
        let requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests served, by route and status"),
            labels,
        )
        .expect("valid metric");
        // Buckets from 100 µs: static files and cache hits answer well under a millisecond.
        let latency = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "Time to answer an HTTP request").buckets(
                vec![
                    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                    2.5, 5.0, 10.0,
                ],
            ),
            labels,
        )
        .expect("valid metric");
        registry.register(Box::new(requests.clone())).expect("unique metric");
        registry.register(Box::new(latency.clone())).expect("unique metric");
        let build = IntGaugeVec::new(
            Opts::new("build_info", "Always 1: the version and the commit of the running binary"),
            &["version", "commit"],
        )
        .expect("valid metric");
        build.with_label_values(&[build_info::VERSION, build_info::COMMIT]).set(1);
        registry.register(Box::new(build)).expect("unique metric");
        // Read from /proc: Linux only, where the portal is deployed.
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))
            .expect("unique metric");
        Self { registry, requests, latency }
    }

    /// Where other modules register their own collectors.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// `route` is a route pattern (or `*`), never a concrete path: with the method and status
    /// labels, the number of series is bounded by the application, not by its clients.
    pub fn observe(&self, route: &str, method: &Method, status: StatusCode, elapsed: Duration) {
        let labels = [route, method_label(method), status.as_str()];
        self.requests.with_label_values(&labels).inc();
        self.latency.with_label_values(&labels).observe(elapsed.as_secs_f64());
    }

    pub fn render(&self) -> String {
        let mut buffer = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut buffer)
            .expect("text encoding of gathered metrics");
        String::from_utf8(buffer).expect("Prometheus text is UTF-8")
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// A counter of events by one label whose values are fixed names of the portal's (a refresh's
/// outcome, a bound's name): every value is exported from the start, at 0, so that a rate over
/// the first event is not an absent series, and no value from outside can add one.
#[derive(Clone)]
pub struct Outcomes {
    counters: IntCounterVec,
    values: &'static [&'static str],
}

impl Outcomes {
    /// Counted but exported nowhere until `register`ed (a component made outside the server).
    pub fn new(name: &str, help: &str, label: &str, values: &'static [&'static str]) -> Self {
        let counters = IntCounterVec::new(Opts::new(name, help), &[label]).expect("valid metric");
        for value in values {
            counters.with_label_values(&[value]);
        }
        Self { counters, values }
    }

    pub fn register(self, registry: &Registry) -> Self {
        registry.register(Box::new(self.counters.clone())).expect("unique metric");
        self
    }

    /// Counts one event of `value`, one of the values it was made with.
    pub fn inc(&self, value: &'static str) {
        debug_assert!(self.values.contains(&value), "{value} is not one of {:?}", self.values);
        self.counters.with_label_values(&[value]).inc();
    }

    /// The counter of `value` alone, for a component that counts one kind of event.
    pub fn counter(&self, value: &'static str) -> prometheus::IntCounter {
        debug_assert!(self.values.contains(&value), "{value} is not one of {:?}", self.values);
        self.counters.with_label_values(&[value])
    }
}

/// The methods counted under their own name: those the portal serves (GET, HEAD, POST, PUT)
/// and the other standard ones browsers and clients send (OPTIONS, DELETE, PATCH), whose
/// refusals are worth telling apart. Any other is `OTHER`: a method is a free token of any
/// length, and each distinct one would otherwise be a series kept for the life of the process
/// and sent at every scrape (2,000 made-up methods made `/metrics` 45 times larger).
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        _ => "OTHER",
    }
}

/// Who may read `/metrics` on a listener.
#[derive(Clone)]
pub enum Access {
    /// Anyone who reaches the listener.
    Open,
    /// Only with `Authorization: Bearer <server.metrics_token>`.
    Token(SecretString),
    /// Nobody: `/metrics` answers 404, like a path that does not exist.
    Closed,
}

impl Access {
    /// On the public listener. A partner's portal faces the internet: its request counts by
    /// route and status, its error rates and its cache statistics tell an outsider what is
    /// used and what fails, and every scrape renders all the series. So they stay off it unless
    /// a token guards them, or they have their own listener (a private address, say). The demo,
    /// on loopback, keeps them at hand.
    pub fn public(settings: &Settings) -> Self {
        let server = &settings.server;
        match (&server.metrics_listen, &server.metrics_token) {
            (Some(_), _) => Self::Closed,
            (None, Some(token)) => Self::Token(token.clone()),
            (None, None) if settings.demo.enabled => Self::Open,
            (None, None) => Self::Closed,
        }
    }

    /// On `server.metrics_listen`: the token, when one is set, is asked there too.
    pub fn dedicated(settings: &Settings) -> Self {
        settings.server.metrics_token.clone().map_or(Self::Open, Self::Token)
    }
}

/// The `/metrics` resource as `access` allows it.
pub fn resource(access: Access) -> Resource {
    let resource = web::resource("/metrics");
    match access {
        Access::Closed => resource.to(|| async { ErrorBody::response(StatusCode::NOT_FOUND) }),
        access => resource.app_data(web::Data::new(access)).get(metrics),
    }
}

/// The listener of `server.metrics_listen`: `/metrics` and nothing else.
pub fn dedicated_server(
    listener: TcpListener,
    metrics: web::Data<Metrics>,
    access: Access,
    shutdown: Duration,
) -> std::io::Result<Server> {
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(metrics.clone())
            .wrap(ErrorHandlers::new().default_handler(crate::error::normalise_error_body))
            .service(resource(access.clone()))
    })
    .workers(1)
    // Stopped by the portal once its own listener has drained (`Portal::run_until_stopped`):
    // on a signal of its own, this idle server stopped first and took the runtime, and with it
    // the portal's requests in flight, down with it.
    .disable_signals()
    .shutdown_timeout(shutdown.as_secs())
    .listen(listener)?
    .run())
}

async fn metrics(
    request: HttpRequest,
    access: web::Data<Access>,
    metrics: web::Data<Metrics>,
) -> HttpResponse {
    if let Access::Token(token) = access.get_ref()
        && !bearer_is(&request, token)
    {
        let mut refused = ErrorBody::response(StatusCode::UNAUTHORIZED);
        refused.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return refused;
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(metrics.render())
}

/// Compared in constant time: the answer's timing must not tell how much of a guess was right.
fn bearer_is(request: &HttpRequest, token: &SecretString) -> bool {
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "));
    given.is_some_and(|given| given.as_bytes().ct_eq(token.expose_secret().as_bytes()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_is_exported_from_the_start() {
        let registry = Registry::new();
        let outcomes =
            Outcomes::new("things_total", "Things", "outcome", &["done", "failed"]).register(&registry);
        outcomes.inc("done");
        let mut buffer = Vec::new();
        TextEncoder::new().encode(&registry.gather(), &mut buffer).unwrap();
        let text = String::from_utf8(buffer).unwrap();
        assert!(text.contains("things_total{outcome=\"done\"} 1"), "{text}");
        assert!(text.contains("things_total{outcome=\"failed\"} 0"), "{text}");
    }

    #[test]
    fn made_up_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::PATCH), "PATCH");
        for made_up in ["PROPFIND", "TRACE", "CONNECT", &"X".repeat(60_000)] {
            assert_eq!(method_label(&Method::from_bytes(made_up.as_bytes()).unwrap()), "OTHER");
        }
    }

    #[test]
    fn metrics_are_public_in_the_demo_only_unless_guarded_or_elsewhere() {
        let mut settings = Settings::default();
        assert!(matches!(Access::public(&settings), Access::Closed), "a partner's portal");
        settings.demo.enabled = true;
        assert!(matches!(Access::public(&settings), Access::Open));
        settings.server.metrics_token = Some("a-long-enough-secret".to_owned().into());
        assert!(matches!(Access::public(&settings), Access::Token(_)));
        settings.server.metrics_listen = Some("127.0.0.1:9100".parse().unwrap());
        assert!(matches!(Access::public(&settings), Access::Closed));
        assert!(matches!(Access::dedicated(&settings), Access::Token(_)));
        settings.server.metrics_token = None;
        assert!(matches!(Access::dedicated(&settings), Access::Open));
    }
}
