//! Logs and per-request observability: a request id on every answer, one access-log line per
//! request and the Prometheus request metrics. Access lines name the route pattern, never the
//! concrete path, so that no person number, identifier or query reaches the logs.

use std::borrow::Cow;
use std::net::IpAddr;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use ipnet::IpNet;
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;
use crate::request_id::RequestId;
use crate::state::AppState;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Installs the global subscriber; `RUST_LOG` refines the default `info` level.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Logs go to stderr; stdout carries only the line that tells where to open the portal.
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // A second call (tests spawn many apps in one process) keeps the first subscriber.
    let _ = match format {
        LogFormat::Human => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).try_init(),
    };
}

pub fn is_trusted_proxy(trusted: &[IpNet], peer: Option<IpAddr>) -> bool {
    peer.is_some_and(|ip| trusted.iter().any(|net| net.contains(&ip)))
}

/// Keeps a proxy's id only when it is short and plain, so it cannot forge log lines.
fn acceptable_request_id(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    let plain = !text.is_empty()
        && text.len() <= 128
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
    plain.then(|| text.to_owned())
}

/// Longest method written whole in the access log. No client of the portal sends a longer
/// one; a made-up method of 60,000 characters must not make a log line of that size.
const LOGGED_METHOD_CHARS: usize = 16;

fn logged_method(method: &Method) -> Cow<'_, str> {
    let text = method.as_str();
    match text.char_indices().nth(LOGGED_METHOD_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

pub async fn observe_request(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> actix_web::Result<ServiceResponse<impl MessageBody>> {
    let state = request.app_data::<web::Data<AppState>>().expect("AppState is registered").clone();
    let peer = request.peer_addr().map(|addr| addr.ip());
    let from_proxy = is_trusted_proxy(&state.settings.server.trusted_proxies, peer)
        .then(|| request.headers().get(REQUEST_ID).and_then(acceptable_request_id))
        .flatten();
    let request_id = from_proxy.unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    request.extensions_mut().insert(RequestId(request_id.clone()));
    let span = tracing::info_span!("request", request_id = %request_id);
    let started = Instant::now();

    let mut response = next.call(request).instrument(span.clone()).await?;

    let elapsed = started.elapsed();
    // Unmatched requests are served by the asset catch-all; one label keeps cardinality bounded.
    let route = response.request().match_pattern().unwrap_or_else(|| "*".to_owned());
    let status = response.status();
    let method = response.request().method();
    state.metrics.observe(&route, method, status, elapsed);
    span.in_scope(|| {
        tracing::info!(
            target: "access",
            method = %logged_method(method),
            route = %route,
            status = status.as_u16(),
            duration_us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            "request served"
        )
    });
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_proxies_are_trusted() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        assert!(is_trusted_proxy(&trusted, Some("10.1.2.3".parse().unwrap())));
        assert!(!is_trusted_proxy(&trusted, Some("192.168.1.1".parse().unwrap())));
        assert!(!is_trusted_proxy(&trusted, None));
    }

    #[test]
    fn long_methods_are_logged_cut_short() {
        assert_eq!(logged_method(&Method::GET), "GET");
        let sixteen = Method::from_bytes(b"ABCDEFGHIJKLMNOP").unwrap();
        assert_eq!(logged_method(&sixteen), "ABCDEFGHIJKLMNOP");
        let long = Method::from_bytes("X".repeat(60_000).as_bytes()).unwrap();
        assert_eq!(logged_method(&long), format!("{}…", "X".repeat(16)));
    }

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
