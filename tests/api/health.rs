use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{header, spawn_app, spawn_app_with};

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
    })
    .await
}

#[tokio::test]
async fn readyz_is_ready_when_every_upstream_answers() {
    // The member API answers 401 without a token: reachable all the same.
    let (idp, api, cms) = upstreams(200, 401).await;
    let app = spawn_app_with_upstreams(&idp, &api, &cms).await;
    let response = app.get("/readyz", &[]).await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ready");
}

#[tokio::test]
async fn readyz_names_the_upstream_that_fails() {
    let (idp, api, cms) = upstreams(200, 502).await;
    let app = spawn_app_with_upstreams(&idp, &api, &cms).await;
    let response = app.get("/readyz", &[]).await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "service_unavailable");
    let failing: Vec<_> = body["checks"].as_array().unwrap().iter().filter(|c| c["ok"] == false).collect();
    assert_eq!(failing.len(), 1);
    assert_eq!(failing[0]["name"], "member_api");
}

#[tokio::test]
async fn readyz_fails_when_the_provider_is_unreachable() {
    let (_, api, cms) = upstreams(200, 200).await;
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (api, cms) = (api.uri(), cms.uri());
    let app = spawn_app_with(move |settings| {
        settings.demo.enabled = false;
        settings.oidc.client_secret = Some("secret".to_owned().into());
        settings.oidc.issuer = Some(format!("http://127.0.0.1:{closed_port}/realms/m").parse().unwrap());
        settings.upstream.api.base_url = Some(api.parse().unwrap());
        settings.upstream.cms.base_url = Some(cms.parse().unwrap());
    })
    .await;
    let response = app.get("/readyz", &[]).await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["checks"][0], serde_json::json!({ "name": "identity_provider", "ok": false }));
}
