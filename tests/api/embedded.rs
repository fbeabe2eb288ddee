//! The `[demo]` switches as the portal applies them (`src/embedded.rs`): an embedded upstream
//! that is switched off is not mounted, and its paths fall to the portal's own JSON 404; the
//! member API the portal calls is reached on a listener of its own. The upstreams themselves
//! are tested in their crate (`demo/tests`).

use crate::demo_api_through_portal::portal_signed_in_as_marie;
use crate::fake_idp::FakeIdp;
use crate::health::calls;
use crate::helpers::{assert_json_error, spawn_app_with};

#[tokio::test]
async fn the_portal_calls_its_embedded_member_api_on_a_listener_of_its_own() {
    let idp = FakeIdp::start().await;
    let (app, _) = portal_signed_in_as_marie(&idp).await;
    assert_eq!(app.get("/api/assure/beneficiaires", &[]).await.status(), 200);
    // The call was made, and was not one of the requests the portal's listener served.
    assert_eq!(calls(&app, "member_api", "GET /assure/beneficiaires").await, 1);
    let metrics = app.metrics().await;
    assert!(metrics.contains(r#"route="/api/assure/beneficiaires""#), "{metrics}");
    assert!(!metrics.contains(r#"route="/_demo/api"#), "{metrics}");
    // The portal's listener still serves it to whoever else calls (the conformance script, a
    // second instance): the member API's own refusal, not the portal's 404.
    let unsigned = app.get("/_demo/api/assure/beneficiaires", &[]).await;
    assert_eq!(unsigned.status(), 401);
}

#[tokio::test]
async fn a_switched_off_content_service_is_not_mounted() {
    let app = spawn_app_with(|settings| {
        settings.demo.cms = false;
        settings.upstream.cms.base_url = Some("http://127.0.0.1:9/".parse().unwrap());
    })
    .await;
    assert_json_error(app.get("/_demo/cms/menus", &[]).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_switched_off_provider_is_not_mounted() {
    let app = spawn_app_with(|settings| {
        settings.oidc.client_secret = Some("the-test-client-secret".into());
        settings.demo.idp = false;
        settings.oidc.issuer = Some("https://sso.example.org/realms/mutuelle".parse().unwrap());
    })
    .await;
    let response = app.get("/_demo/idp/.well-known/openid-configuration", &[]).await;
    assert_json_error(response, 404, "not_found").await;
}
