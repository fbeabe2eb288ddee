//! An ended session stays ended, however it ended and whatever was in flight: the provider's
//! answer to a refresh is held until the session has been ended (signed out, closed from
//! « Mes connexions », back-channel logout), then let go; the refresh must not bring the
//! session back, and the tokens it was just given are revoked. With the memory store, and
//! with two instances sharing Redis (the refresh on one, the ending on the other).

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::held_tokens::{HeldTokens, ROTATED, revoked};
use crate::helpers::{TestApp, cookies_of, spawn_app_with_idp, status_with_cookies};

#[derive(Clone, Copy, Debug)]
enum Ending {
    SignOut,
    ClosedFromAnotherDevice,
    BackChannel,
}

/// Signs in on `refreshing` with a token already stale, starts a call that refreshes it, ends
/// the session on the instance at `ending_on` while the provider holds the refresh, then lets
/// the refresh finish.
async fn ended_during_refresh(
    idp: &FakeIdp,
    held: &mut HeldTokens,
    refreshing: &mut TestApp,
    ending_on: &str,
    ending: Ending,
) {
    // Access tokens given for 0 s: the first call needing one refreshes it.
    refreshing.sign_in(idp, 0).await;
    let cookies = cookies_of(refreshing);
    let xsrf = refreshing.xsrf_token();
    let call = tokio::spawn({
        let (address, cookies) = (refreshing.address.clone(), cookies.clone());
        async move { status_with_cookies(&address, "/api/assure/infos", &cookies).await }
    });
    held.arrived.recv().await.expect("the refresh reached the provider");

    match ending {
        Ending::SignOut => {
            let response = reqwest::Client::new()
                .post(format!("{}/auth/logout", ending_on))
                .header("Cookie", &cookies)
                .header("X-XSRF-TOKEN", &xsrf)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
        }
        Ending::ClosedFromAnotherDevice => {
            // Another browser of the same member, signed in with a fresh token.
            refreshing.with_cookie_jar();
            refreshing.sign_in(idp, 300).await;
            let other = cookies_of(refreshing);
            let client = reqwest::Client::new();
            let listed: Vec<Value> = client
                .get(format!("{}/api/connexions", ending_on))
                .header("Cookie", &other)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let target = listed.iter().find(|c| c["cetAppareil"] == false).expect("the first browser")["id"]
                .as_str()
                .unwrap()
                .to_owned();
            let response = client
                .delete(format!("{}/api/connexions/{target}", ending_on))
                .header("Cookie", &other)
                .header("X-XSRF-TOKEN", refreshing.xsrf_token())
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 204);
        }
        Ending::BackChannel => {
            let response = reqwest::Client::new()
                .post(format!("{}/auth/backchannel-logout", ending_on))
                .form(&[("logout_token", idp.logout_token("sid-marie"))])
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
        }
    }
    held.release.add_permits(1);

    assert_eq!(call.await.unwrap(), 401, "{ending:?}: the call in flight ends with the session");
    for address in [refreshing.address.as_str(), ending_on] {
        let status = status_with_cookies(address, "/api/session", &cookies).await;
        assert_eq!(status, 401, "{ending:?}: the session stays ended");
    }
    assert!(revoked(idp).await.contains(&ROTATED.to_owned()), "{ending:?}: the new refresh token is revoked");
    if let Ending::ClosedFromAnotherDevice | Ending::SignOut = ending {
        assert!(
            revoked(idp).await.contains(&"refresh-1".to_owned()),
            "{ending:?}: and the one it ended with"
        );
    }
}

async fn infos_api() -> wiremock::MockServer {
    let api = member_api(200).await;
    Mock::given(method("GET"))
        .and(path("/api/assure/infos"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(&api)
        .await;
    api
}

#[tokio::test]
async fn a_session_ended_while_its_refresh_is_in_flight_stays_ended_in_memory() {
    for ending in [Ending::SignOut, Ending::ClosedFromAnotherDevice, Ending::BackChannel] {
        let (idp, mut held) = HeldTokens::refreshes().await;
        let api = infos_api().await;
        let mut app = spawn_app_with_idp(&idp, &api, |_| {}).await;
        let address = app.address.clone();
        ended_during_refresh(&idp, &mut held, &mut app, &address, ending).await;
    }
}

#[tokio::test]
async fn a_session_ended_on_another_instance_while_its_refresh_is_in_flight_stays_ended() {
    for ending in [Ending::SignOut, Ending::ClosedFromAnotherDevice, Ending::BackChannel] {
        let redis = crate::redis_sessions::test_redis::TestRedis::start().await;
        let (idp, mut held) = HeldTokens::refreshes().await;
        let api = infos_api().await;
        let mut first = spawn_app_with_idp(&idp, &api, crate::redis_sessions::with_redis(redis.url())).await;
        let second = spawn_app_with_idp(&idp, &api, crate::redis_sessions::with_redis(redis.url())).await;
        ended_during_refresh(&idp, &mut held, &mut first, &second.address, ending).await;
    }
}
