//! Two instances behind a load balancer share their sessions through Redis.

use std::time::Duration;

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{assert_json_error, spawn_app_with_idp};

/// A private redis-server on a Unix socket, stopped on drop.
struct Redis(std::process::Child, tempfile::TempDir);

impl Redis {
    async fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let socket = dir.path().join("redis.sock");
        let child = std::process::Command::new("redis-server")
            .args(["--port", "0", "--save", "", "--appendonly", "no", "--unixsocket"])
            .arg(&socket)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server must be installed (Debian: redis-server); .ci/run installs it");
        while !socket.exists() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Self(child, dir)
    }

    fn url(&self) -> String {
        format!("redis+unix://{}", self.1.path().join("redis.sock").display())
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.0.kill();
    }
}

#[tokio::test]
async fn two_instances_share_sign_in_api_calls_and_sign_out() {
    let redis = Redis::start().await;
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let with_redis = |url: String| {
        move |settings: &mut espace_assure::config::Settings| {
            settings.session.store = espace_assure::config::SessionStoreKind::Redis;
            settings.session.redis_url = Some(url.into());
        }
    };
    let first = spawn_app_with_idp(&idp, &api, with_redis(redis.url())).await;
    let second = spawn_app_with_idp(&idp, &api, with_redis(redis.url())).await;
    let xsrf = first.sign_in(&idp, 300).await;
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
    let redis = Redis::start().await;
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let url = redis.url();
    let url2 = url.clone();
    let first = spawn_app_with_idp(&idp, &api, move |s| {
        s.session.store = espace_assure::config::SessionStoreKind::Redis;
        s.session.redis_url = Some(url.into());
    })
    .await;
    let second = spawn_app_with_idp(&idp, &api, move |s| {
        s.session.store = espace_assure::config::SessionStoreKind::Redis;
        s.session.redis_url = Some(url2.into());
    })
    .await;
    first.sign_in(&idp, 300).await;
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
