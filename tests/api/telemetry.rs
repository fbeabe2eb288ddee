use crate::helpers::{header, spawn_app, spawn_app_with};

#[tokio::test]
async fn every_answer_has_a_generated_request_id() {
    let app = spawn_app().await;
    let first = app.get("/healthz", &[]).await;
    let second = app.get("/api/unknown", &[]).await;
    let id = header(first.headers(), "x-request-id");
    assert_eq!(id.len(), 36, "a UUID: {id}");
    assert_ne!(id, header(second.headers(), "x-request-id"));
}

#[tokio::test]
async fn an_untrusted_client_cannot_choose_its_request_id() {
    let app = spawn_app().await;
    let response = app.get("/healthz", &[("X-Request-Id", "chosen-by-client")]).await;
    assert_ne!(header(response.headers(), "x-request-id"), "chosen-by-client");
}

#[tokio::test]
async fn a_trusted_proxy_passes_its_request_id_on() {
    let app =
        spawn_app_with(|settings| settings.server.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()])
            .await;
    let response = app.get("/healthz", &[("X-Request-Id", "proxy-42")]).await;
    assert_eq!(header(response.headers(), "x-request-id"), "proxy-42");
    let forged = app.get("/healthz", &[("X-Request-Id", "bad id\twith tab")]).await;
    assert_ne!(header(forged.headers(), "x-request-id"), "bad id\twith tab");
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let app = spawn_app().await;
    app.get("/healthz", &[]).await;
    app.get("/api/unknown", &[]).await;
    let response = app.get("/metrics", &[]).await;
    assert!(header(response.headers(), "content-type").starts_with("text/plain"));
    let text = response.text().await.unwrap();
    assert!(text.contains(r#"http_requests_total{method="GET",route="/healthz",status="200"} 1"#), "{text}");
    assert!(text.contains(r#"http_requests_total{method="GET",route="*",status="404"} 1"#), "{text}");
    assert!(text.contains("http_request_duration_seconds_bucket"), "{text}");
}
