//! Two instances behind a load balancer share their sessions through Redis.

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, assert_json_error, spawn_app_with_idp};

#[path = "../support/test_redis.rs"]
pub mod test_redis;
use test_redis::TestRedis as Redis;

/// Settings of an instance keeping its sessions in the Redis at `url`.
pub fn with_redis(url: String) -> impl FnOnce(&mut espace_assure::config::Settings) {
    move |settings| {
        settings.session.store = espace_assure::config::SessionStoreKind::Redis;
        settings.session.redis_url = Some(url.into());
        // Both instances hold the same key, as a deployment's instances do.
        settings.session.encryption_keys =
            vec!["cmVkaXMtc2Vzc2lvbi1rZXktZm9yLXRoZS10ZXN0cyE=".to_owned().into()];
    }
}

/// Two instances behind a load balancer, sharing one Redis, one provider and one member API.
pub struct TwoInstances {
    pub idp: FakeIdp,
    pub first: TestApp,
    pub second: TestApp,
    _redis: Redis,
    _api: wiremock::MockServer,
}

pub async fn two_instances() -> TwoInstances {
    let redis = Redis::start().await;
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let first = spawn_app_with_idp(&idp, &api, with_redis(redis.url())).await;
    let second = spawn_app_with_idp(&idp, &api, with_redis(redis.url())).await;
    TwoInstances { idp, first, second, _redis: redis, _api: api }
}

#[tokio::test]
async fn two_instances_share_sign_in_api_calls_and_sign_out() {
    // Held whole: the Redis server and the member API live as long as it does.
    let instances = two_instances().await;
    let TwoInstances { idp, first, second, .. } = &instances;
    let xsrf = first.sign_in(idp, 300).await;
    let cookies = format!(
        "espace-assure-session={}; XSRF-TOKEN={xsrf}",
        first.cookie("espace-assure-session").unwrap()
    );

    let on_second = second.get("/api/session", &[("Cookie", &cookies)]).await;
    assert_eq!(on_second.status(), 200, "signed in on one instance, known on the other");
    assert_eq!(on_second.json::<serde_json::Value>().await.unwrap()["User"]["Nom"], "DUPONT");

    let logout = second
        .request(reqwest::Method::POST, "/auth/logout", &[("Cookie", &cookies), ("X-XSRF-TOKEN", &xsrf)])
        .await;
    assert_eq!(logout.status(), 200);
    assert_json_error(first.get("/api/session", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn back_channel_logout_on_one_instance_ends_the_session_on_all() {
    // Held whole: the Redis server and the member API live as long as it does.
    let instances = two_instances().await;
    let TwoInstances { idp, first, second, .. } = &instances;
    first.sign_in(idp, 300).await;
    let response = second
        .client
        .post(format!("{}/auth/backchannel-logout", second.address))
        .form(&[("logout_token", idp.logout_token("sid-marie"))])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_json_error(first.get("/api/session", &[]).await, 401, "unauthorized").await;
}
