//! Bounds on abuse (`[limits]`, `session.max_per_member`): sign-ins per client address, writes
//! per member, and a per-member session cap that closes the member's own sessions only.

use std::num::NonZeroU32;

use serde_json::json;

use crate::demo_api_through_portal::portal_signed_in_as_marie_with;
use crate::fake_idp::{CLIENT_ID, FakeIdp, member_api, now};
use crate::helpers::{
    TestApp, assert_json_error, header, query, spawn_app_with, spawn_app_with_idp, status_with_cookies,
};

fn two() -> NonZeroU32 {
    NonZeroU32::new(2).unwrap()
}

async fn login_from(app: &TestApp, forwarded_for: Option<&str>) -> reqwest::Response {
    let headers: Vec<(&str, &str)> =
        forwarded_for.map(|address| ("X-Forwarded-For", address)).into_iter().collect();
    app.get("/auth/login", &headers).await
}

#[tokio::test]
async fn sign_ins_past_the_bound_from_one_address_get_a_french_page_and_a_delay() {
    let app = spawn_app_with(|settings| settings.limits.sign_ins_per_minute = two()).await;
    assert_eq!(login_from(&app, None).await.status(), 303);
    assert_eq!(login_from(&app, None).await.status(), 303);
    let refused = login_from(&app, None).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(header(refused.headers(), "retry-after"), "30", "one sign-in back every 30 s");
    assert!(header(refused.headers(), "content-type").starts_with("text/html"));
    let page = refused.text().await.unwrap();
    assert!(page.contains("Trop de tentatives de connexion depuis votre adresse."), "{page}");
    // The callback counts too.
    assert_eq!(app.get("/auth/callback?state=x&code=y", &[]).await.status(), 429);
    assert_eq!(app.metric("rate_limit_refusals_total", &[("limit", "sign_ins")]).await, Some(2.0));
    assert_eq!(app.metric("rate_limit_refusals_total", &[("limit", "writes")]).await, Some(0.0));
}

/// Behind a trusted proxy each client is counted by the address it forwards; an untrusted peer
/// cannot pick a new address per request with the header.
#[tokio::test]
async fn behind_trusted_proxies_clients_are_counted_by_their_forwarded_address() {
    let app = spawn_app_with(|settings| {
        settings.limits.sign_ins_per_minute = two();
        settings.server.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    for _ in 0..2 {
        assert_eq!(login_from(&app, Some("203.0.113.1")).await.status(), 303);
    }
    assert_eq!(login_from(&app, Some("203.0.113.1")).await.status(), 429);
    assert_eq!(login_from(&app, Some("203.0.113.2")).await.status(), 303, "another client");

    let untrusted = spawn_app_with(|settings| settings.limits.sign_ins_per_minute = two()).await;
    for address in ["203.0.113.1", "203.0.113.2"] {
        assert_eq!(login_from(&untrusted, Some(address)).await.status(), 303);
    }
    assert_eq!(login_from(&untrusted, Some("203.0.113.3")).await.status(), 429, "the peer is what counts");
}

#[tokio::test]
async fn writes_past_the_members_bound_are_refused_in_french_and_reads_go_on() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) =
        portal_signed_in_as_marie_with(&idp, |settings| settings.limits.writes_per_minute = two()).await;
    let change_address = || {
        app.client
            .put(format!("{}/api/assure/adresse", app.address))
            .header("X-XSRF-TOKEN", &xsrf)
            .json(&json!({"putAdresse": {}, "infoASupprimer": []}))
            .send()
    };
    for _ in 0..2 {
        assert_ne!(change_address().await.unwrap().status(), 429);
    }
    let refused = change_address().await.unwrap();
    assert_eq!(header(refused.headers(), "retry-after"), "30");
    let body = assert_json_error(refused, 429, "too_many_requests").await;
    assert_eq!(
        body["message"],
        "Vous avez fait beaucoup de modifications en peu de temps. Veuillez patienter une minute avant de réessayer."
    );
    assert_eq!(app.get("/api/session", &[]).await.status(), 200);
}

/// A complete sign-in of `subject` on `app`, from a new browser.
async fn sign_in_as(app: &mut TestApp, idp: &FakeIdp, subject: &str) {
    app.with_cookie_jar();
    let authorize = app.start_login("/home").await;
    let id_token = idp.sign(json!({
        "iss": idp.issuer, "sub": subject, "aud": CLIENT_ID, "azp": CLIENT_ID, "exp": now() + 300,
        "iat": now(), "nonce": query(&authorize, "nonce"), "NUMERO_PERSONNE": "100001",
    }));
    idp.token_answers(
        200,
        json!({"access_token": "access", "token_type": "Bearer", "expires_in": 300,
               "refresh_token": format!("refresh-{subject}"), "id_token": id_token}),
    )
    .await;
    assert_eq!(app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await, "/home");
}

#[tokio::test]
async fn past_the_cap_a_member_closes_their_own_oldest_session_never_anothers() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let mut app = spawn_app_with_idp(&idp, &api, |settings| settings.session.max_per_member = 2).await;
    let mut cookies = Vec::new();
    sign_in_as(&mut app, &idp, "sub-paul").await;
    let paul = app.session_cookie();
    for _ in 0..3 {
        sign_in_as(&mut app, &idp, "sub-marie").await;
        cookies.push(app.session_cookie());
    }
    let status = |session: String| {
        let address = app.address.clone();
        async move {
            status_with_cookies(&address, "/api/session", &format!("espace-assure-session={session}")).await
        }
    };
    assert_eq!(status(cookies[0].clone()).await, 401, "Marie's oldest session was closed");
    assert_eq!(status(cookies[1].clone()).await, 200);
    assert_eq!(status(cookies[2].clone()).await, 200);
    assert_eq!(status(paul).await, 200, "Paul's session is untouched");
}
