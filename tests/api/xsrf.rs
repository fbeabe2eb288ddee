//! The anti-forgery check (docs/product/roles.md#anti-forgery) holds however the path of a
//! write is spelled.

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, assert_json_error, spawn_app_with_idp};

/// Every write route of the portal, each with percent-encoded spellings that route to it.
const ENCODED_WRITES: &[(&str, &str)] = &[
    ("PUT", "/%61pi/assure/adresse"),
    ("PUT", "/api/assure/%61dresse"),
    ("PUT", "/api/%61ssure/adresse"),
    ("POST", "/api/assure/beneficiaire/banqu%65"),
    ("POST", "/api/document/uploa%64"),
    ("POST", "/%61pi/document/creationHospitalisation"),
    ("POST", "/api/document/creationResiliatio%6E"),
    ("POST", "/api/document/documentGedCegedi%6D"),
    ("POST", "/auth/logou%74"),
    ("POST", "/%61uth/logout"),
];

#[tokio::test]
async fn encoded_spellings_of_every_write_route_without_the_header_are_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    for (method, path) in ENCODED_WRITES {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let response = app.request(method, path, &[("Content-Type", "application/json")]).await;
        assert_eq!(response.status(), 403, "{path}");
        assert_json_error(response, 403, "forbidden").await;
    }
    assert_eq!(app.get("/api/session", &[]).await.status(), 200, "still signed in");
    let calls = api.received_requests().await.unwrap();
    assert_eq!(calls.len(), 1, "only the sign-in reached the member API");
}

#[tokio::test]
async fn an_encoded_write_with_the_header_still_reaches_its_route() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    wiremock::Mock::given(wiremock::matchers::method("PUT"))
        .and(wiremock::matchers::path("/api/assure/adresse"))
        .respond_with(wiremock::ResponseTemplate::new(204))
        .expect(1)
        .mount(&api)
        .await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let xsrf = app.sign_in(&idp, 300).await;
    let response = app
        .request(
            reqwest::Method::PUT,
            "/%61pi/assure/adresse",
            &[("X-XSRF-TOKEN", &xsrf), ("Content-Type", "application/json")],
        )
        .await;
    assert_eq!(response.status(), 204);
}

/// A member API that records address changes.
async fn member_api_taking_addresses() -> wiremock::MockServer {
    let api = member_api(200).await;
    wiremock::Mock::given(wiremock::matchers::method("PUT"))
        .and(wiremock::matchers::path("/api/assure/adresse"))
        .respond_with(wiremock::ResponseTemplate::new(204))
        .mount(&api)
        .await;
    api
}

/// `PUT /api/assure/adresse` from a browser holding the session cookie `session` and the
/// anti-forgery cookie `cookie`, and echoing `echoed` in the header.
async fn change_address(app: &TestApp, session: &str, cookie: &str, echoed: &str) -> u16 {
    let cookies = format!("espace-assure-session={session}; XSRF-TOKEN={cookie}");
    let headers =
        [("Cookie", cookies.as_str()), ("X-XSRF-TOKEN", echoed), ("Content-Type", "application/json")];
    app.request(reqwest::Method::PUT, "/api/assure/adresse", &headers).await.status().as_u16()
}

#[tokio::test]
async fn the_token_of_another_session_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api_taking_addresses().await;
    let mut app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let first_token = app.sign_in(&idp, 300).await;
    let first_session = app.session_cookie();
    // Another browser signs in to the same portal.
    app.with_cookie_jar();
    let second_token = app.sign_in(&idp, 300).await;
    let second_session = app.session_cookie();

    assert_eq!(change_address(&app, &second_session, &first_token, &first_token).await, 403);
    assert_eq!(change_address(&app, &first_session, &second_token, &second_token).await, 403);
    assert_eq!(change_address(&app, &second_session, &second_token, &second_token).await, 204);
    assert_eq!(change_address(&app, &first_session, &first_token, &first_token).await, 204);
}

#[tokio::test]
async fn a_made_up_token_equal_in_cookie_and_header_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api_taking_addresses().await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let token = app.sign_in(&idp, 300).await;
    let session = app.session_cookie();
    for made_up in ["made-up", "0", &token[1..], format!("{token}x").as_str()] {
        assert_eq!(change_address(&app, &session, made_up, made_up).await, 403, "{made_up}");
    }
    assert_eq!(change_address(&app, &session, &token, &token).await, 204);
}

#[tokio::test]
async fn the_token_changes_at_each_sign_in() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let first = app.sign_in(&idp, 300).await;
    let logout = app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &first)]).await;
    assert_eq!(logout.status(), 200);
    assert!(app.cookie("XSRF-TOKEN").is_none(), "cleared at sign-out");
    let second = app.sign_in(&idp, 300).await;
    assert_ne!(first, second);
}

#[tokio::test]
async fn signing_out_without_a_session_still_needs_the_header_to_echo_the_cookie() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let cookie = [("Cookie", "XSRF-TOKEN=anonymous")];
    assert_json_error(app.request(reqwest::Method::POST, "/auth/logout", &cookie).await, 403, "forbidden")
        .await;
    let echoed = [("Cookie", "XSRF-TOKEN=anonymous"), ("X-XSRF-TOKEN", "anonymous")];
    assert_eq!(app.request(reqwest::Method::POST, "/auth/logout", &echoed).await.status(), 200);
}

#[tokio::test]
async fn the_session_answer_hands_the_sessions_token_again() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let token = app.sign_in(&idp, 300).await;
    let response = app.get("/api/session", &[]).await;
    let cookies: Vec<_> =
        response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).collect();
    assert!(cookies.iter().any(|cookie| cookie.starts_with(&format!("XSRF-TOKEN={token};"))), "{cookies:?}");
}
