//! The provider's discovery document is read once for all the requests that need it at the
//! same moment, and a failure is remembered a few seconds, so that a provider that is down
//! costs one call, not one per sign-in.

use std::time::Duration;

use wiremock::ResponseTemplate;

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, header, spawn_app_with_idp};

/// Long enough for twenty sign-ins to arrive while the provider is still answering the first.
const SLOW_ANSWER: Duration = Duration::from_millis(300);

#[tokio::test]
async fn concurrent_sign_ins_share_one_discovery() {
    let idp = FakeIdp::start_with_discovery(|document| {
        ResponseTemplate::new(200).set_body_json(document).set_delay(SLOW_ANSWER)
    })
    .await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    for location in twenty_sign_ins(&app).await {
        assert!(location.starts_with(&format!("{}/auth?", idp.issuer)), "{location}");
    }
    assert_eq!(idp.discovery_calls().await, 1);
}

#[tokio::test]
async fn while_discovery_fails_concurrent_sign_ins_make_one_call_and_all_land_on_the_error_page() {
    let idp = FakeIdp::start_with_discovery(|_| ResponseTemplate::new(503).set_delay(SLOW_ANSWER)).await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    for location in twenty_sign_ins(&app).await {
        assert!(location.starts_with("/error?reason=keycloak-server-error&status=503"), "{location}");
    }
    // Asked again right after: the failure is remembered, the provider is left alone.
    let again = app.get("/auth/login", &[]).await;
    assert!(header(again.headers(), "location").starts_with("/error?reason=keycloak-server-error"));
    assert_eq!(idp.discovery_calls().await, 1);
}

/// Where 20 concurrent `GET /auth/login` are sent (each a 303).
async fn twenty_sign_ins(app: &TestApp) -> Vec<String> {
    let answers = futures_util::future::join_all((0..20).map(|_| app.get("/auth/login", &[]))).await;
    answers
        .into_iter()
        .map(|answer| {
            assert_eq!(answer.status(), 303);
            header(answer.headers(), "location").to_owned()
        })
        .collect()
}
