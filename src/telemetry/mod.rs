//! Logs, traces and per-request observability: a request id on every answer, one access-log
//! line per request, the Prometheus request metrics and, when `[telemetry]` says so, the
//! request's spans. Access lines name the route pattern, never the concrete path, so that no
//! person number, identifier or query reaches the logs.

mod server_span;
pub mod traces;

pub use server_span::spanned;

use std::borrow::Cow;
use std::time::Instant;

use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::HeaderValue;
use opentelemetry_sdk::trace::SdkTracer;
use tracing::field::{Field, Visit};
use tracing::{Level, Span};
use tracing_subscriber::field::RecordFields;
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::fmt::FormatFields;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::prelude::*;
use tracing_subscriber::{EnvFilter, Layer};

use crate::config::LogFormat;
use crate::metrics::Metrics;

/// Installs the global subscriber; `RUST_LOG` refines the logs' default `info` level. With
/// `tracer`, the portal's own spans also go to OpenTelemetry, whatever the logs' level.
pub fn init(format: LogFormat, tracer: Option<SdkTracer>) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Logs go to stderr; stdout carries only the line that tells where to open the portal.
    let logs = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let logs = match format {
        LogFormat::Human => logs.fmt_fields(EscapedFields).boxed(),
        LogFormat::Json => logs.json().flatten_event(true).with_current_span(true).boxed(),
    };
    // The spans of the portal (and of the demo's upstreams), and warnings as span events: no
    // dependency's spans, no info event (the access line repeats the server span).
    let traced = filter_fn(|metadata| {
        metadata.target().starts_with("espace_assure")
            && if metadata.is_span() {
                *metadata.level() <= Level::INFO
            } else {
                *metadata.level() <= Level::WARN
            }
    });
    let traces = tracer.map(|tracer| tracing_opentelemetry::layer().with_tracer(tracer).with_filter(traced));
    // A second call (tests spawn many apps in one process) keeps the first subscriber.
    let _ = tracing_subscriber::registry().with(logs.with_filter(filter)).with(traces).try_init();
}

/// The human format's fields, every value escaped: a value from outside (a query parameter,
/// a header, a provider's error text) logged with `%` is written as it is by the default
/// formatter, so that a line break followed by a timestamp would make a log line of the
/// sender's choosing, and escape bytes would drive the operator's terminal. Here control
/// characters (C0, DEL, C1) and the Unicode line and paragraph separators are written as Rust
/// escapes (`\n`, `\u{1b}`), whatever field carries them, the message included. The JSON
/// format escapes them by itself.
pub struct EscapedFields;

impl<'writer> FormatFields<'writer> for EscapedFields {
    fn format_fields<R: RecordFields>(&self, mut writer: Writer<'writer>, fields: R) -> std::fmt::Result {
        let mut visitor = EscapingVisitor { writer: &mut writer, result: Ok(()), first: true };
        fields.record(&mut visitor);
        visitor.result
    }
}

struct EscapingVisitor<'a, 'writer> {
    writer: &'a mut Writer<'writer>,
    result: std::fmt::Result,
    first: bool,
}

impl Visit for EscapingVisitor<'_, '_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if self.result.is_err() {
            return;
        }
        let separator = if std::mem::take(&mut self.first) { "" } else { " " };
        let text = format!("{value:?}");
        let value = escaped(&text);
        self.result = match field.name() {
            "message" => write!(self.writer, "{separator}{value}"),
            name => write!(self.writer, "{separator}{name}={value}"),
        };
    }
}

/// Sends panics to the logs, where their message is escaped like any other value, instead of
/// the default hook's raw line on stderr: a panic's message may quote a member's bytes (a
/// slice of what they typed), escape sequences included.
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let location = info.location().map(|at| format!("{}:{}", at.file(), at.line()));
        tracing::error!(
            location = location.as_deref().unwrap_or("?"),
            "panic: {}",
            panic_text(info.payload())
        );
    }));
}

/// The text a panic was raised with (`panic!("…")` gives a `&str` or a `String`).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

fn escaped(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    if !text.contains(unsafe_char) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| if unsafe_char(c) { c.escape_default().to_string() } else { c.to_string() })
            .collect(),
    )
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

/// One request as its span, its access line and its metrics see it, from its start to its answer.
pub struct Observation {
    span: Span,
    request_id: String,
    route: Cow<'static, str>,
    started: Instant,
}

impl Observation {
    /// See `server_span::start`.
    pub fn start(request: &ServiceRequest, pattern: Option<&'static str>) -> Self {
        let server_span::Started { span, request_id, route } = server_span::start(request, pattern);
        Self { span, request_id, route, started: Instant::now() }
    }

    /// The request's span, for what serves it to run in.
    pub fn span(&self) -> &Span {
        &self.span
    }

    /// A request that failed without an answer: its span says how.
    pub fn failed(self, error: &actix_web::Error) {
        server_span::end(&self.span, error.as_response_error().status_code());
    }

    /// Counts the answer, writes the access line and sends the request id back.
    pub fn finish<B>(self, metrics: &Metrics, response: &mut ServiceResponse<B>) {
        let elapsed = self.started.elapsed();
        let status = response.status();
        server_span::end(&self.span, status);
        let method = response.request().method();
        metrics.observe(&self.route, method, status, elapsed);
        tracing::info!(
            target: "access",
            method = %logged_method(method),
            route = %self.route,
            status = status.as_u16(),
            duration_us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            "request served"
        );
        if let Ok(value) = HeaderValue::from_str(&self.request_id) {
            response.headers_mut().insert(crate::request_id::HEADER, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a visitor can put in a value: a line break, a forged timestamp and terminal escapes.
    #[test]
    fn values_from_outside_cannot_forge_log_lines_in_the_human_format() {
        #[derive(Clone, Default)]
        struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Buffer {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().write(bytes)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .fmt_fields(EscapedFields)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        let forged = "access_denied\r\n2026-11-26T10:00:00Z  INFO admin signed in \u{1b}[2J";
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("request", from = %forged);
            span.in_scope(|| tracing::info!(error = %forged, "the provider refused: {forged}"));
        });
        let written = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert_eq!(written.lines().count(), 1, "{written}");
        assert!(!written.contains('\u{1b}') && !written.contains('\r'), "{written}");
        assert_eq!(
            written.matches(r"access_denied\r\n2026-11-26T10:00:00Z  INFO admin signed in \u{1b}[2J").count(),
            3,
            "{written}"
        );
    }

    #[test]
    fn a_panics_message_is_read_from_either_kind_of_payload() {
        let quoted = "1234\u{1b}[2J";
        let formatted =
            std::panic::catch_unwind(|| panic!("byte index 5 is not a char boundary in `{quoted}`"));
        let text = panic_text(formatted.as_ref().unwrap_err().as_ref());
        assert_eq!(text, "byte index 5 is not a char boundary in `1234\u{1b}[2J`");
        assert_eq!(escaped(text), r"byte index 5 is not a char boundary in `1234\u{1b}[2J`");
        let literal = std::panic::catch_unwind(|| panic!("a literal"));
        assert_eq!(panic_text(literal.as_ref().unwrap_err().as_ref()), "a literal");
    }

    #[test]
    fn long_methods_are_logged_cut_short() {
        assert_eq!(logged_method(&Method::GET), "GET");
        let sixteen = Method::from_bytes(b"ABCDEFGHIJKLMNOP").unwrap();
        assert_eq!(logged_method(&sixteen), "ABCDEFGHIJKLMNOP");
        let long = Method::from_bytes("X".repeat(60_000).as_bytes()).unwrap();
        assert_eq!(logged_method(&long), format!("{}…", "X".repeat(16)));
    }
}
