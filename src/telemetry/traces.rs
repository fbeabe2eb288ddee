//! Traces (`[telemetry]`): the portal's spans, sent over OTLP/HTTP to the mutual's collector,
//! and the W3C `traceparent` that links them to the hops before and after. A request's server
//! span (`server_span`) is the child of a trusted proxy's `traceparent`; each call to an
//! upstream is a client span of its own, whose `traceparent` goes with the call.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context as _;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::http::{HeaderMap, Request, Response};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use opentelemetry::trace::{TraceContextExt, TracerProvider as _};
use opentelemetry::{KeyValue, global};
use opentelemetry_http::{HeaderInjector, HttpClient, HttpError};
use opentelemetry_otlp::{Protocol, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{Sampler, SdkTracer, SdkTracerProvider};
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use crate::build_info;
use crate::config::{OutboundSettings, TelemetrySettings};

/// How long one batch may take to reach the collector.
const EXPORT_TIMEOUT: Duration = Duration::from_secs(10);
/// A collector's answer is a few bytes; more is not read.
const ANSWER_LIMIT: usize = 64 * 1024;

/// Whether a trace pipeline was started: without one, no span has a trace to read or name.
static ON: AtomicBool = AtomicBool::new(false);

pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// The trace pipeline while the portal runs. Dropping it sends the spans still waiting.
pub struct Traces {
    provider: SdkTracerProvider,
    /// Where the exporter's calls run: the batch processor exports from a thread of its own,
    /// outside any runtime, and the server's runtimes stop before the last batch is sent.
    _runtime: tokio::runtime::Runtime,
}

impl Traces {
    /// The pipeline `settings` describe, or `None` when traces are off (no `otlp_endpoint`).
    /// It also installs the W3C trace context as the process's propagator.
    pub fn start(settings: &TelemetrySettings, outbound: &OutboundSettings) -> anyhow::Result<Option<Self>> {
        let Some(endpoint) = &settings.otlp_endpoint else { return Ok(None) };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("trace-export")
            .enable_all()
            .build()
            .context("cannot start the trace exporter's runtime")?;
        let tls = crate::tls::client_config(settings.tls()).context("telemetry")?;
        let connector = crate::outbound::https_connector(EXPORT_TIMEOUT, tls, outbound)?;
        let client = ExportClient {
            http: Client::builder(TokioExecutor::new()).build(connector),
            runtime: runtime.handle().clone(),
        };
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_http_client(client)
            .with_endpoint(endpoint.as_str())
            .with_protocol(Protocol::HttpBinary)
            .with_timeout(EXPORT_TIMEOUT)
            .build()
            .context("telemetry.otlp_endpoint")?;
        let resource = Resource::builder()
            .with_service_name(settings.service_name.clone())
            .with_attribute(KeyValue::new("service.version", build_info::VERSION))
            .build();
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_sampler(Sampler::ParentBased(Box::new(Sampler::TraceIdRatioBased(settings.sampling_ratio))))
            .with_resource(resource)
            .build();
        global::set_text_map_propagator(TraceContextPropagator::new());
        ON.store(true, Ordering::Relaxed);
        Ok(Some(Self { provider, _runtime: runtime }))
    }

    pub fn tracer(&self) -> SdkTracer {
        self.provider.tracer("espace-assure")
    }
}

impl Drop for Traces {
    fn drop(&mut self) {
        if let Err(error) = self.provider.shutdown() {
            tracing::warn!(%error, "the last spans could not be sent");
        }
    }
}

/// The exporter's HTTP client: the portal's hyper client, with its outbound proxy rule and the
/// collector's TLS settings, run on the exporter's runtime.
struct ExportClient {
    http: Client<crate::outbound::HttpsConnector, Full<Bytes>>,
    runtime: tokio::runtime::Handle,
}

impl fmt::Debug for ExportClient {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("ExportClient")
    }
}

#[async_trait::async_trait]
impl HttpClient for ExportClient {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let http = self.http.clone();
        // Made in the task: a timer needs the runtime, which the exporter's thread is outside.
        let call = async move {
            let answer = tokio::time::timeout(EXPORT_TIMEOUT, http.request(request.map(Full::new)))
                .await
                .map_err(|_| HttpError::from("the collector did not answer in time"))??;
            let (parts, body) = answer.into_parts();
            let body = Limited::new(body, ANSWER_LIMIT).collect().await?.to_bytes();
            Ok::<_, HttpError>(Response::from_parts(parts, body))
        };
        self.runtime.spawn(call).await?
    }
}

/// The trace and span ids of `span`, in hex, when it is part of a trace.
pub fn ids(span: &Span) -> Option<(String, String)> {
    let context = span.context();
    let span_context = context.span().span_context().clone();
    span_context.is_valid().then(|| (span_context.trace_id().to_string(), span_context.span_id().to_string()))
}

/// Adds `span`'s `traceparent` to an outgoing call's headers (nothing when traces are off).
pub fn propagate(span: &Span, headers: &mut HeaderMap) {
    let context = span.context();
    global::get_text_map_propagator(|propagator| {
        propagator.inject_context(&context, &mut HeaderInjector(headers))
    });
}

/// `propagate` for a reqwest call.
pub fn trace_headers(span: &Span) -> HeaderMap {
    let mut headers = HeaderMap::new();
    propagate(span, &mut headers);
    headers
}
