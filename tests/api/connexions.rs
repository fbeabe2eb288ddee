//! « Mes connexions »: a member lists their open sessions and closes one, or all the others;
//! a closed session answers 401 at once, on every instance sharing the store.

use reqwest::Method;
use serde_json::Value;

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, assert_json_error, cookies_of, spawn_app_with_idp, status_with_cookies};

use crate::redis_sessions::{TwoInstances, two_instances};

async fn connexions(app: &TestApp) -> Vec<Value> {
    let response = app.get("/api/connexions", &[]).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_member_closes_the_session_of_another_browser() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let mut app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let other_browser = cookies_of(&app);
    app.with_cookie_jar();
    let xsrf = app.sign_in(&idp, 300).await;

    let listed = connexions(&app).await;
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(
        (listed[0]["cetAppareil"].as_bool(), listed[1]["cetAppareil"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(listed[1]["navigateur"], "Navigateur inconnu");
    let (this_one, other) = (listed[0]["id"].as_str().unwrap(), listed[1]["id"].as_str().unwrap());
    assert!(!other_browser.contains(other), "a session is never named by its id");

    let without_token = app.request(Method::DELETE, &format!("/api/connexions/{other}"), &[]).await;
    assert_eq!(without_token.status(), 403);
    let own =
        app.request(Method::DELETE, &format!("/api/connexions/{this_one}"), &[("X-XSRF-TOKEN", &xsrf)]).await;
    let own = assert_json_error(own, 400, "bad_request").await;
    assert!(own["message"].as_str().unwrap().contains("Se déconnecter"));

    let closed =
        app.request(Method::DELETE, &format!("/api/connexions/{other}"), &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(closed.status(), 204);
    assert_eq!(status_with_cookies(&app.address, "/api/session", &other_browser).await, 401);
    assert_eq!(connexions(&app).await.len(), 1);
    let again =
        app.request(Method::DELETE, &format!("/api/connexions/{other}"), &[("X-XSRF-TOKEN", &xsrf)]).await;
    let again = assert_json_error(again, 404, "not_found").await;
    assert_eq!(again["message"], "Cette connexion n’est plus ouverte.");
}

#[tokio::test]
async fn signing_out_everywhere_else_reaches_every_instance_sharing_redis() {
    // Held whole: the Redis server and the member API live as long as it does.
    let instances = two_instances().await;
    let TwoInstances { idp, first, second, .. } = &instances;
    first.sign_in(idp, 300).await;
    let xsrf = second.sign_in(idp, 300).await;

    let listed = connexions(second).await;
    assert_eq!(listed.len(), 2, "the session opened on the other instance is listed");
    let closed = second.request(Method::DELETE, "/api/connexions", &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(closed.status(), 200);
    assert_eq!(closed.json::<Value>().await.unwrap()["fermees"], 1);
    assert_json_error(first.get("/api/session", &[]).await, 401, "unauthorized").await;
    assert_eq!(second.get("/api/session", &[]).await.status(), 200, "this device stays signed in");
}
