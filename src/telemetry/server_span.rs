//! The span of each request the portal serves: the request id, the route's pattern (never the
//! concrete path: no person number or query), and, when traces are on, the trace it belongs
//! to. A trusted proxy's `X-Request-Id` and `traceparent` are kept; anyone else's are not.
//!
//! Started by the edge (`edge::Edge`) for the portal's listener and by `spanned` for the demo's
//! upstreams: made by a layer of actix middleware of its own (`tracing-actix-web`), it cost a
//! sixth of a proxied call's own work (docs/benchmarks.md#member-api-proxy).

use std::borrow::Cow;

use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderMap, HeaderValue};
use actix_web::{HttpMessage, web};
use opentelemetry::global;
use opentelemetry::propagation::Extractor;
use tracing::field::Empty;
use tracing::{Instrument, Span};
use tracing_opentelemetry::OpenTelemetrySpanExt;

use super::traces;
use crate::request_id::{self, RequestId};
use crate::trusted_proxies::{TrustedProxies, is_trusted_proxy};

/// A request's span, and what the access line and the metrics name it by.
pub struct Started {
    pub span: Span,
    pub request_id: String,
    pub route: Cow<'static, str>,
}

/// Starts the span of `request`, whose id handlers then read in its extensions (`RequestId`).
/// `pattern` is its route's, when the caller found it (a member API call); else actix's walk
/// of its routes finds it.
pub fn start(request: &ServiceRequest, pattern: Option<&'static str>) -> Started {
    let trusted = request.app_data::<web::Data<TrustedProxies>>().is_some_and(|proxies| {
        let peer = request.peer_addr().map(|address| address.ip());
        is_trusted_proxy(&proxies.0, peer)
    });
    let request_id = trusted
        .then(|| request.headers().get(request_id::HEADER).and_then(acceptable_request_id))
        .flatten()
        .unwrap_or_else(new_request_id);
    // Unmatched requests are served by the asset catch-all: one name for all of them.
    let route = match pattern {
        Some(pattern) => Cow::Borrowed(pattern),
        None => Cow::Owned(request.match_pattern().unwrap_or_else(|| "*".to_owned())),
    };
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
    request.extensions_mut().insert(RequestId(request_id.clone()));
    Started { span, request_id, route }
}

/// Records the answer's status, or the failure's, in the request's span.
pub fn end(span: &Span, status: StatusCode) {
    span.record("http.response.status_code", status.as_u16());
    if status.is_server_error() {
        span.record("otel.status_code", "ERROR");
    }
}

/// The status `outcome` answers with.
pub fn status_of<B>(outcome: &Result<ServiceResponse<B>, actix_web::Error>) -> StatusCode {
    match outcome {
        Ok(response) => response.status(),
        Err(error) => error.as_response_error().status_code(),
    }
}

/// Serves `request` by `service` in its span: the one layer of a listener without the edge
/// (for `App::wrap_fn`).
pub fn spanned<S, B>(
    request: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    let started = start(&request, None);
    let answer = started.span.in_scope(|| service.call(request));
    let span = started.span.clone();
    async move {
        let outcome = answer.await;
        end(&span, status_of(&outcome));
        outcome
    }
    .instrument(started.span)
}

/// A new request id: a random UUID, written without the formatting machinery's detour.
fn new_request_id() -> String {
    let mut text = [0; uuid::fmt::Hyphenated::LENGTH];
    uuid::Uuid::new_v4().hyphenated().encode_lower(&mut text).to_owned()
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
