//! The `[demo]` switches as the portal applies them (`src/embedded.rs`): an embedded upstream
//! that is switched off is not mounted, and its paths fall to the portal's own JSON 404. The
//! upstreams themselves are tested in their crate (`demo/tests`).

use crate::helpers::{assert_json_error, spawn_app_with};

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
