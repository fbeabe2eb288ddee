//! Prometheus metrics, exposed in text format at `/metrics`.

use std::time::Duration;

use actix_web::{HttpResponse, web};
use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder};

use crate::state::AppState;

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
        Self { registry, requests, latency }
    }

    /// Where other modules register their own collectors.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn observe(&self, route: &str, method: &str, status: u16, elapsed: Duration) {
        let status = status.to_string();
        let labels = [route, method, status.as_str()];
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

pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(state.metrics.render())
}
