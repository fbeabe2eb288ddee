use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{
    METRICS_TOKEN, TestApp, assert_json_error, header, spawn_app, spawn_app_with, spawn_app_with_idp,
};

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

#[tokio::test]
async fn metrics_name_the_running_version_and_commit() {
    let app = spawn_app().await;
    let text = app.get("/metrics", &[]).await.text().await.unwrap();
    let expected = format!(
        r#"build_info{{commit="{}",version="{}"}} 1"#,
        espace_assure::build_info::COMMIT,
        env!("CARGO_PKG_VERSION")
    );
    assert!(text.contains(&expected), "{text}");
}

/// How many `http_requests_total` series `/metrics` holds.
async fn request_series(app: &TestApp) -> usize {
    let text = app.get("/metrics", &[]).await.text().await.unwrap();
    text.lines().filter(|line| line.starts_with("http_requests_total{")).count()
}

#[tokio::test]
async fn made_up_methods_add_no_series_to_the_metrics() {
    let app = spawn_app().await;
    let made_up = |name: String| reqwest::Method::from_bytes(name.as_bytes()).unwrap();
    // The series that exist once anything is counted: one made-up method, one scrape.
    app.request(made_up("FIRST".into()), "/healthz", &[]).await;
    app.get("/metrics", &[]).await;
    let before = request_series(&app).await;
    for n in 0..1_000 {
        app.request(made_up(format!("MADE-UP-{n}")), "/healthz", &[]).await;
    }
    assert_eq!(request_series(&app).await, before);
    let text = app.get("/metrics", &[]).await.text().await.unwrap();
    assert!(
        text.contains(r#"http_requests_total{method="OTHER",route="/healthz",status="405"} 1001"#),
        "{text}"
    );
}

#[tokio::test]
async fn a_partner_configuration_keeps_metrics_off_the_public_listener() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    assert_json_error(app.get("/metrics", &[]).await, 404, "not_found").await;
    // Not the single-page app either: nothing there for a browser.
    assert_json_error(app.get_html("/metrics").await, 404, "not_found").await;
}

#[tokio::test]
async fn metrics_behind_a_token_need_it() {
    let app = spawn_app_with(|s| s.server.metrics_token = Some(METRICS_TOKEN.to_owned().into())).await;
    let refused = app.get("/metrics", &[]).await;
    assert_eq!(header(refused.headers(), "www-authenticate"), "Bearer");
    assert_json_error(refused, 401, "unauthorized").await;
    let wrong = format!("Bearer {METRICS_TOKEN}x");
    assert_json_error(app.get("/metrics", &[("Authorization", &wrong)]).await, 401, "unauthorized").await;
    assert!(app.metrics().await.contains("http_requests_total"));
}

#[tokio::test]
async fn metrics_on_a_listener_of_their_own_are_off_the_public_one() {
    let app = spawn_app_with(|s| s.server.metrics_listen = Some("127.0.0.1:0".parse().unwrap())).await;
    app.get("/healthz", &[]).await;
    assert_json_error(app.get("/metrics", &[]).await, 404, "not_found").await;
    assert!(app.metrics().await.contains(r#"route="/healthz""#));
    // That listener serves nothing else.
    let elsewhere = format!("{}/healthz", app.metrics_address.as_ref().unwrap());
    assert_json_error(app.client.get(elsewhere).send().await.unwrap(), 404, "not_found").await;
}
