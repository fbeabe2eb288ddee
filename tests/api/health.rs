use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, header, spawn_app, spawn_app_with, spawn_app_with_idp};

#[tokio::test]
async fn healthz_answers_while_the_process_lives() {
    let app = spawn_app().await;
    let response = app.get("/healthz", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
}

async fn upstreams(idp_status: u16, api_status: u16) -> (MockServer, MockServer, MockServer) {
    let (idp, api, cms) = (MockServer::start().await, MockServer::start().await, MockServer::start().await);
    Mock::given(method("GET"))
        .and(path("/realms/m/.well-known/openid-configuration"))
        .respond_with(ResponseTemplate::new(idp_status))
        .mount(&idp)
        .await;
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(api_status)).mount(&api).await;
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(404)).mount(&cms).await;
    (idp, api, cms)
}

async fn spawn_app_with_upstreams(
    idp: &MockServer,
    api: &MockServer,
    cms: &MockServer,
) -> crate::helpers::TestApp {
    let (idp, api, cms) = (idp.uri(), api.uri(), cms.uri());
    spawn_app_with(move |settings| {
        settings.demo.enabled = false;
        settings.oidc.client_secret = Some("secret".to_owned().into());
        settings.oidc.issuer = Some(format!("{idp}/realms/m").parse().unwrap());
        settings.upstream.api.base_url = Some(format!("{api}/api/").parse().unwrap());
        settings.upstream.cms.base_url = Some(cms.parse().unwrap());
        settings.server.metrics_token = Some(crate::helpers::METRICS_TOKEN.to_owned().into());
        settings.server.upstream_probe_secs = 15;
    })
    .await
}

/// The value of `upstream_up{upstream="name"}` once the first probe has set it.
async fn upstream_up(app: &crate::helpers::TestApp, name: &str) -> String {
    let line = format!("upstream_up{{upstream=\"{name}\"}} ");
    // The first probe runs as the app starts; its answer is awaited, not slept for.
    for _ in 0..100 {
        let metrics = app.metrics().await;
        if let Some(value) = metrics.lines().find_map(|l| l.strip_prefix(&line)) {
            return value.to_owned();
        }
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no {line}");
}

/// One upstream failing, or unreachable, leaves every replica in the load balancer: readiness
/// is the instance's own; the upstream's state is in the metrics.
#[tokio::test]
async fn a_failing_upstream_shows_in_metrics_and_never_takes_readiness_down() {
    let (idp, api, cms) = upstreams(200, 502).await;
    let app = spawn_app_with_upstreams(&idp, &api, &cms).await;
    let response = app.get("/readyz", &[]).await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        serde_json::json!({"status": "ready", "checks": [{"name": "session_store", "ok": true}]})
    );
    assert_eq!(upstream_up(&app, "member_api").await, "0");
    assert_eq!(upstream_up(&app, "identity_provider").await, "1");
    assert_eq!(upstream_up(&app, "content_service").await, "1");
}

#[tokio::test]
async fn an_unreachable_provider_shows_in_metrics() {
    let (_, api, cms) = upstreams(200, 200).await;
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (api, cms) = (api.uri(), cms.uri());
    let app = spawn_app_with(move |settings| {
        settings.demo.enabled = false;
        settings.oidc.client_secret = Some("secret".to_owned().into());
        settings.oidc.issuer = Some(format!("http://127.0.0.1:{closed_port}/realms/m").parse().unwrap());
        settings.upstream.api.base_url = Some(api.parse().unwrap());
        settings.upstream.cms.base_url = Some(cms.parse().unwrap());
        settings.server.metrics_token = Some(crate::helpers::METRICS_TOKEN.to_owned().into());
        settings.server.upstream_probe_secs = 15;
    })
    .await;
    assert_eq!(app.get("/readyz", &[]).await.status(), 200);
    assert_eq!(upstream_up(&app, "identity_provider").await, "0");
    // A member's sign-in meets it too: counted apart from the probes.
    assert_eq!(upstream_errors(&app, "identity_provider", "failed").await, 0);
    app.get("/auth/login", &[]).await;
    assert_eq!(upstream_errors(&app, "identity_provider", "failed").await, 1);
}

/// `upstream_errors_total` for one upstream and kind, exported from the start.
async fn upstream_errors(app: &TestApp, upstream: &str, kind: &str) -> u64 {
    let value = app.metric("upstream_errors_total", &[("upstream", upstream), ("kind", kind)]).await;
    value.unwrap_or_else(|| panic!("no upstream_errors_total for {upstream} and {kind}")) as u64
}

/// How many calls `upstream_request_duration_seconds` holds for one upstream and call.
pub async fn calls(app: &TestApp, upstream: &str, call: &str) -> u64 {
    let labels = [("upstream", upstream), ("call", call)];
    app.metric("upstream_request_duration_seconds_count", &labels).await.unwrap_or_default() as u64
}

/// The members' calls that bring no usable answer are counted by upstream and kind, under
/// fixed labels (nothing of the call, which would make a series per member).
#[tokio::test]
async fn failed_calls_are_counted_by_upstream_and_kind() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    Mock::given(method("GET"))
        .and(path("/api/demandes"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&api)
        .await;
    Mock::given(method("GET"))
        .and(path("/cms/accueil"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&api)
        .await;
    let app = spawn_app_with_idp(&idp, &api, |settings| {
        settings.server.metrics_token = Some(crate::helpers::METRICS_TOKEN.to_owned().into());
    })
    .await;
    app.sign_in(&idp, 300).await;
    // The member API's 503 reaches the browser as the portal's 502.
    assert_eq!(app.get("/api/demandes", &[]).await.status(), 502);
    assert_eq!(app.get("/api/demandes", &[]).await.status(), 502);
    assert_eq!(app.get("/api/strapi/accueil", &[]).await.status(), 502);
    assert_eq!(upstream_errors(&app, "member_api", "failed").await, 2);
    assert_eq!(upstream_errors(&app, "content_service", "failed").await, 1);
    assert_eq!(upstream_errors(&app, "identity_provider", "failed").await, 0);
    assert_eq!(upstream_errors(&app, "member_api", "timeout").await, 0);
    // Every call is timed, failed ones included, under the name of the portal's call.
    assert_eq!(calls(&app, "member_api", "GET /demandes").await, 2);
    assert_eq!(calls(&app, "member_api", "POST /compte/auth").await, 1);
    assert_eq!(calls(&app, "content_service", "content").await, 1);
    assert_eq!(calls(&app, "identity_provider", "token").await, 1);
    assert_eq!(calls(&app, "identity_provider", "discovery").await, 1);
    assert_eq!(calls(&app, "identity_provider", "keys").await, 1);
}

/// A call with an identifier is named by its template: one series for every payment.
#[tokio::test]
async fn calls_with_an_identifier_share_their_templates_series() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |settings| {
        settings.server.metrics_token = Some(crate::helpers::METRICS_TOKEN.to_owned().into());
    })
    .await;
    app.sign_in(&idp, 300).await;
    for id in ["1", "2", "abc"] {
        app.get(&format!("/api/demande/{id}"), &[]).await;
    }
    assert_eq!(calls(&app, "member_api", "GET /demande/{id}").await, 3);
    let text = app.metrics().await;
    assert!(!text.contains("/demande/abc"), "no identifier in a label:\n{text}");
}

/// An instance whose session store does not answer can serve no signed-in member: it leaves
/// the load balancer.
#[tokio::test]
async fn readyz_fails_when_the_session_store_does_not_answer() {
    let redis = crate::redis_sessions::test_redis::TestRedis::start().await;
    let app = spawn_app_with(crate::redis_sessions::with_redis(redis.url())).await;
    assert_eq!(app.get("/readyz", &[]).await.status(), 200);
    drop(redis);
    let response = app.get("/readyz", &[]).await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "service_unavailable");
    assert_eq!(body["checks"], serde_json::json!([{"name": "session_store", "ok": false}]));
}
