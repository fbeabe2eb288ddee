//! The anti-forgery check of SPEC.md §6 holds however the path of a write is spelled.

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{assert_json_error, spawn_app_with_idp};

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
