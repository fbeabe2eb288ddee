//! The span of each request the portal serves (`tracing-actix-web`'s root span): the request
//! id, the route's pattern (never the concrete path: no person number or query), and, when
//! traces are on, the trace it belongs to. A trusted proxy's `X-Request-Id` and `traceparent`
//! are kept; anyone else's are not.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderValue};
use actix_web::{HttpMessage, web};
use opentelemetry::global;
use opentelemetry::propagation::Extractor;
use tracing::Span;
use tracing::field::Empty;
use tracing_actix_web::RootSpanBuilder;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use super::traces;
use crate::request_id::{self, RequestId};
use crate::trusted_proxies::{TrustedProxies, is_trusted_proxy};

pub struct ServerSpan;

/// The pattern of the route a request matched (`*` for the asset catch-all), as its span names it.
pub struct RoutePattern(pub String);

impl RootSpanBuilder for ServerSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let trusted = request.app_data::<web::Data<TrustedProxies>>().is_some_and(|proxies| {
            let peer = request.peer_addr().map(|address| address.ip());
            is_trusted_proxy(&proxies.0, peer)
        });
        let request_id = trusted
            .then(|| request.headers().get(request_id::HEADER).and_then(acceptable_request_id))
            .flatten()
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        // Unmatched requests are served by the asset catch-all: one name for all of them.
        let route = request.match_pattern().unwrap_or_else(|| "*".to_owned());
        // As in the metrics: a made-up method is `OTHER`, so that clients cannot add span names.
        let method = crate::metrics::method_label(request.method());
        let span = tracing::info_span!(
            "request",
            request_id = %request_id,
            trace_id = Empty,
            span_id = Empty,
            otel.name = Empty,
            otel.kind = "server",
            otel.status_code = Empty,
            http.request.method = %method,
            http.route = %route,
            http.response.status_code = Empty,
        );
        // The name and the parent are the span's before it starts, when its ids are first read.
        if traces::on() {
            span.record("otel.name", format!("{method} {route}"));
            if trusted {
                let parent = global::get_text_map_propagator(|propagator| {
                    propagator.extract(&ActixHeaders(request.headers()))
                });
                // Refused only for a span that is not traced: nothing to link then.
                let _ = span.set_parent(parent);
            }
            if let Some((trace_id, span_id)) = traces::ids(&span) {
                span.record("trace_id", trace_id);
                span.record("span_id", span_id);
            }
        }
        let mut extensions = request.extensions_mut();
        extensions.insert(RequestId(request_id));
        // Matching the path again costs a walk of the routes: the access line and the metrics take this one.
        extensions.insert(RoutePattern(route));
        span
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
        let status = match outcome {
            Ok(response) => response.status(),
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("http.response.status_code", status.as_u16());
        if status.is_server_error() {
            span.record("otel.status_code", "ERROR");
        }
    }
}

/// Keeps a proxy's id only when it is short and plain, so it cannot forge log lines.
fn acceptable_request_id(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    let plain = !text.is_empty()
        && text.len() <= 128
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
    plain.then(|| text.to_owned())
}

/// actix-web's headers, as OpenTelemetry's propagator reads them.
struct ActixHeaders<'a>(&'a HeaderMap);

impl Extractor for ActixHeaders<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|value| value.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|name| name.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_that_could_forge_log_lines_are_dropped() {
        assert_eq!(
            acceptable_request_id(&HeaderValue::from_static("abc-123_x.y:z")).as_deref(),
            Some("abc-123_x.y:z")
        );
        assert!(acceptable_request_id(&HeaderValue::from_static("a b")).is_none());
        assert!(acceptable_request_id(&HeaderValue::from_static("")).is_none());
        assert!(acceptable_request_id(&HeaderValue::from_str(&"a".repeat(129)).unwrap()).is_none());
    }
}
