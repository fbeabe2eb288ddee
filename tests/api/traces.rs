//! Traces, through the real binary in demo mode: its spans reach an OTLP stand-in as one tree
//! (a trusted proxy's span, the portal's server span, its member API client span, the demo
//! member API's server span), the `traceparent` crosses each hop, and the JSON logs name the
//! trace. Anyone but a trusted proxy starts a trace of their own.

use std::io::Write;
use std::net::IpAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue};
use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use prost::Message;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::sign_in_through_the_demo_provider;

const BINARY: &str = env!("CARGO_BIN_EXE_espace-assure");
/// What a load balancer in front of the portal sends: its trace, and its span's id.
const PROXY_TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PROXY_SPAN: &str = "00f067aa0ba902b7";
/// A trace that a client outside the trusted proxies makes up.
const FORGED_TRACE: &str = "0af7651916cd43dd8448eb211c80319c";

struct Portal {
    child: Child,
    address: String,
    log: tempfile::NamedTempFile,
    _data: tempfile::TempDir,
}

/// The demo binary with traces sent to `collector`, loopback's 127.0.0.1 as its trusted proxy.
fn start(collector: &str) -> Portal {
    let data = tempfile::tempdir().unwrap();
    let mut config = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    write!(
        config,
        "[demo]\nenabled = true\n\
         [server]\nlisten = \"127.0.0.1:0\"\ntrusted_proxies = [\"127.0.0.1\"]\nlog_format = \"json\"\n\
         [telemetry]\notlp_endpoint = \"{collector}/v1/traces\"\nservice_name = \"espace-assure-test\"\n"
    )
    .unwrap();
    let log = tempfile::NamedTempFile::new().unwrap();
    let mut child = Command::new(BINARY)
        .arg("--config")
        .arg(config.path())
        .env_clear()
        .current_dir(data.path())
        .stdout(Stdio::piped())
        .stderr(log.reopen().unwrap())
        .spawn()
        .unwrap();
    let address = crate::helpers::announced_address(&mut child);
    Portal { child, address, log, _data: data }
}

/// Stops the portal as a supervisor does, and waits: it sends its last spans as it stops.
fn stop(portal: &mut Portal) {
    let killed = Command::new("kill").args(["-TERM", &portal.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let started = Instant::now();
    while portal.child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "still running after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn client(from: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .local_address(from.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn text(value: Option<&AnyValue>) -> Option<&str> {
    match value?.value.as_ref()? {
        Value::StringValue(text) => Some(text),
        _ => None,
    }
}

fn attribute<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a str> {
    attributes.iter().find(|kv| kv.key == key).and_then(|kv| text(kv.value.as_ref()))
}

/// Every span the collector received, each service's named.
async fn received_spans(collector: &MockServer) -> Vec<Span> {
    let mut spans = Vec::new();
    for request in collector.received_requests().await.unwrap() {
        assert_eq!(request.headers["content-type"], "application/x-protobuf");
        let export = ExportTraceServiceRequest::decode(request.body.as_slice()).unwrap();
        for resource_spans in export.resource_spans {
            let resource = resource_spans.resource.unwrap();
            assert_eq!(attribute(&resource.attributes, "service.name"), Some("espace-assure-test"));
            spans.extend(resource_spans.scope_spans.into_iter().flat_map(|scope| scope.spans));
        }
    }
    spans
}

fn named<'a>(spans: &'a [Span], name: &str, trace: &str) -> &'a Span {
    let found: Vec<&Span> =
        spans.iter().filter(|span| span.name == name && hex(&span.trace_id) == trace).collect();
    let names: Vec<&str> = spans.iter().map(|span| span.name.as_str()).collect();
    assert_eq!(found.len(), 1, "one span {name:?} in trace {trace}, among {names:?}");
    found[0]
}

#[tokio::test]
async fn a_proxied_call_is_one_trace_across_the_proxy_the_portal_and_the_member_api() {
    let collector = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/traces"))
        .respond_with(ResponseTemplate::new(200))
        .mount(&collector)
        .await;
    let mut portal = start(&collector.uri());
    let browser = client("127.0.0.1");
    sign_in_through_the_demo_provider(&portal.address, &browser).await;

    let traceparent = format!("00-{PROXY_TRACE}-{PROXY_SPAN}-01");
    let answer = browser
        .get(format!("{}/api/assure/beneficiaires", portal.address))
        .header("traceparent", &traceparent)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    // The same header from an address that is not a trusted proxy's.
    let outsider = client("127.0.0.2");
    let forged = format!("00-{FORGED_TRACE}-{PROXY_SPAN}-01");
    let answer =
        outsider.get(format!("{}/healthz", portal.address)).header("traceparent", forged).send().await;
    assert_eq!(answer.unwrap().status(), 200);
    stop(&mut portal);

    let spans = received_spans(&collector).await;
    let server = named(&spans, "GET /api/assure/beneficiaires", PROXY_TRACE);
    assert_eq!(hex(&server.parent_span_id), PROXY_SPAN);
    assert_eq!(server.kind, SpanKind::Server as i32);
    assert_eq!(attribute(&server.attributes, "http.route"), Some("/api/assure/beneficiaires"));
    let call = named(&spans, "GET /assure/beneficiaires", PROXY_TRACE);
    assert_eq!(call.parent_span_id, server.span_id);
    assert_eq!(call.kind, SpanKind::Client as i32);
    assert_eq!(attribute(&call.attributes, "upstream"), Some("member_api"));
    // The demo member API is reached over HTTP from loopback, a trusted proxy: its server span
    // is the child of the call's, so the `traceparent` went with the call.
    let member_api = spans
        .iter()
        .find(|span| span.parent_span_id == call.span_id)
        .unwrap_or_else(|| panic!("no span under the member API call among {spans:?}"));
    assert_eq!(member_api.kind, SpanKind::Server as i32);
    assert_eq!(member_api.trace_id, server.trace_id);
    assert!(member_api.name.starts_with("GET /_demo/api/"), "{}", member_api.name);

    assert!(spans.iter().all(|span| hex(&span.trace_id) != FORGED_TRACE), "an outsider chose a trace");
    let health =
        spans.iter().find(|span| span.name == "GET /healthz").expect("the outsider's request is traced");
    assert!(health.parent_span_id.is_empty(), "a trace of its own");

    // Each log line of the request names its trace.
    let log = std::fs::read_to_string(portal.log.path()).unwrap();
    let access = log
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|line| line["route"] == "/api/assure/beneficiaires")
        .unwrap_or_else(|| panic!("no access line in {log}"));
    assert_eq!(access["span"]["trace_id"], PROXY_TRACE);
    assert_eq!(access["span"]["span_id"], hex(&server.span_id));
}
