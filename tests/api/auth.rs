//! Sign-in, session and sign-out through a stand-in provider whose every answer is staged.

use serde_json::json;

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{assert_json_error, header, query, spawn_app, spawn_app_with_idp};

#[tokio::test]
async fn login_redirects_to_the_provider_with_pkce_s256_state_nonce_and_the_spec_scope() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/mutuelle/remboursements").await;
    assert!(authorize.as_str().starts_with(&format!("{}/auth?", idp.issuer)));
    assert_eq!(query(&authorize, "response_type"), "code");
    assert_eq!(query(&authorize, "client_id"), "espace-assure");
    assert_eq!(query(&authorize, "code_challenge_method"), "S256");
    assert_eq!(query(&authorize, "code_challenge").len(), 43);
    assert_eq!(query(&authorize, "scope"), "openid profile email");
    assert!(!query(&authorize, "state").is_empty() && !query(&authorize, "nonce").is_empty());
    assert_eq!(query(&authorize, "redirect_uri"), format!("{}/auth/callback", app.address));
    assert!(app.cookie("espace-assure-login").is_some());
}

#[tokio::test]
async fn a_full_sign_in_opens_a_session_that_never_shows_a_token() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/mutuelle/remboursements").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let location = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
    assert_eq!(location, "/mutuelle/remboursements");

    let response = app.get("/api/session", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let text = response.text().await.unwrap();
    assert!(!text.contains("access-") && !text.contains("refresh-1") && !text.contains("eyJ"), "{text}");
    let body: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["User"]["Nom"], "DUPONT");
    assert_eq!(body["User"]["CarteTp"], true);
    assert_eq!(body["VersionNum"], "2.3.1");
    assert_eq!(body["smartCarteUrl"], "https://carte.example/100001");
    assert_eq!(body["idleTimeoutMs"], 1_800_000);

    // The member API was asked with the person number of the ID token and the access token;
    // this client names no browser, so no `appareil`.
    let calls = api.received_requests().await.unwrap();
    assert_eq!(calls.len(), 1);
    let sent: serde_json::Value = serde_json::from_slice(&calls[0].body).unwrap();
    assert_eq!(sent, json!({ "Login": "100001", "Type": "ADH" }));
    assert!(header(&calls[0].headers, "authorization").starts_with("Bearer access-"));
}

#[tokio::test]
async fn the_sign_in_tells_the_member_api_the_browser_and_system_it_was_made_with() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let firefox_on_android = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";
    let callback = format!("/auth/callback?code=abc&state={}", query(&authorize, "state"));
    let response = app.get(&callback, &[("User-Agent", firefox_on_android)]).await;
    assert_eq!(header(response.headers(), "location"), "/home");

    let calls = api.received_requests().await.unwrap();
    let sent: serde_json::Value = serde_json::from_slice(&calls[0].body).unwrap();
    assert_eq!(
        sent,
        json!({
            "Login": "100001", "Type": "ADH",
            "appareil": { "navigateur": "Firefox 133", "systeme": "Android" },
        })
    );
}

#[tokio::test]
async fn the_code_exchange_sends_the_pkce_verifier_and_authenticates_the_client() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let token_call = idp
        .server
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .find(|r| r.url.path().ends_with("/token"))
        .unwrap();
    let form = String::from_utf8(token_call.body).unwrap();
    let verifier = form.split('&').find_map(|pair| pair.strip_prefix("code_verifier=")).unwrap();
    assert_eq!(verifier.len(), 96, "PKCE verifier length 96 (docs/product/limits.md#sign-in)");
    assert!(header(&token_call.headers, "authorization").starts_with("Basic "));
}

#[tokio::test]
async fn session_cookie_is_http_only_and_same_site_and_renewed_at_each_sign_in() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let response =
        app.get(&format!("/auth/callback?code=abc&state={}", query(&authorize, "state")), &[]).await;
    let cookies: Vec<_> =
        response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let session = cookies.iter().find(|c| c.starts_with("espace-assure-session=")).unwrap();
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"),
        "{session}"
    );
    assert!(!session.contains("Domain"), "{session}");
    let xsrf = cookies.iter().find(|c| c.starts_with("XSRF-TOKEN=")).unwrap();
    assert!(!xsrf.contains("HttpOnly"), "the SPA reads it: {xsrf}");
    let first = app.cookie("espace-assure-session").unwrap();
    let xsrf = app.xsrf_token();
    assert_eq!(
        app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &xsrf)]).await.status(),
        200
    );
    app.sign_in(&idp, 300).await;
    assert_ne!(app.cookie("espace-assure-session").unwrap(), first);
}

#[tokio::test]
async fn a_signed_in_member_following_a_link_to_login_keeps_the_session() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let session = app.cookie("espace-assure-session").unwrap();

    let response = app.get("/auth/login?returnTo=/mutuelle/remboursements", &[]).await;
    assert_eq!(response.status(), 303);
    assert_eq!(header(response.headers(), "location"), "/mutuelle/remboursements");
    let response = app.get("/auth/login", &[]).await;
    assert_eq!(header(response.headers(), "location"), "/home");
    let response = app.get("/auth/login?returnTo=https://evil.example/", &[]).await;
    assert_eq!(header(response.headers(), "location"), "/home");

    assert_eq!(app.cookie("espace-assure-session").unwrap(), session);
    assert_eq!(app.get("/api/session", &[]).await.status(), 200, "still signed in");
    assert!(app.cookie("espace-assure-login").is_none(), "no sign-in was started");
}

#[tokio::test]
async fn a_tampered_state_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let location = app.callback("code=abc&state=forged").await;
    assert!(location.starts_with("/error?reason=keycloak-init-failed&status=400"), "{location}");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
    assert_eq!(idp.token_calls().await, 0, "no code exchange for a forged state");
}

#[tokio::test]
async fn a_wrong_nonce_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens("another-nonce", 300)).await;
    let location = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
    assert!(location.starts_with("/error?reason=keycloak-authentication-failed&status=401"), "{location}");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_login_state_is_used_once() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let login_cookie = app.cookie("espace-assure-login").unwrap();
    let callback = format!("/auth/callback?code=abc&state={}", query(&authorize, "state"));
    assert_eq!(app.callback(&callback[15..]).await, "/home");
    assert!(app.cookie("espace-assure-login").is_none(), "the browser's sign-in cookie is gone");
    // A copy of the old cookie comes with a code the provider has already spent.
    idp.token_answers(400, json!({ "error": "invalid_grant" })).await;
    let replay = app.get(&callback, &[("Cookie", &format!("espace-assure-login={login_cookie}"))]).await;
    assert!(header(replay.headers(), "location").starts_with("/error?reason=keycloak-"));
    let opened_a_session = replay
        .headers()
        .get_all("set-cookie")
        .iter()
        .any(|cookie| cookie.to_str().unwrap().starts_with("espace-assure-session="));
    assert!(!opened_a_session);
}

#[tokio::test]
async fn an_anonymous_sign_in_leaves_its_state_in_an_encrypted_cookie_only() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/mutuelle/remboursements").await;
    let cookie = app.cookie("espace-assure-login").unwrap();
    for secret in [query(&authorize, "state"), query(&authorize, "nonce"), "remboursements".to_owned()] {
        assert!(!cookie.contains(&secret), "the cookie shows {secret}");
    }
    // A cookie altered by the browser reads as no sign-in at all.
    let callback = format!("/auth/callback?code=abc&state={}", query(&authorize, "state"));
    let forged = with_one_letter_changed(&cookie);
    let answer = app.get(&callback, &[("Cookie", &format!("espace-assure-login={forged}"))]).await;
    let location = header(answer.headers(), "location");
    assert!(location.starts_with("/error?reason=keycloak-init-failed"), "{location} ({forged})");
}

/// `value` with a letter in its middle changed: a middle one, since the last letters of base64
/// may carry only padding bits, which decoding drops; never one of a `%2F` escape, which would
/// no longer decode (`%AF`) and make a cookie the browser could not have sent.
fn with_one_letter_changed(value: &str) -> String {
    let bytes = value.as_bytes();
    let in_escape = |at: usize| (1..=2).any(|back| at >= back && bytes[at - back] == b'%');
    let at = (value.len() / 2..bytes.len())
        .find(|&at| bytes[at].is_ascii_alphanumeric() && !in_escape(at))
        .expect("an encrypted cookie is mostly letters and digits");
    let mut changed = value.to_owned();
    changed.replace_range(at..at + 1, if bytes[at] == b'A' { "B" } else { "A" });
    changed
}

#[tokio::test]
async fn a_callback_without_the_login_cookie_means_cookies_are_refused() {
    let app = spawn_app().await;
    let response = app.get("/auth/callback?code=abc&state=xyz", &[]).await;
    assert_eq!(response.status(), 303);
    assert_eq!(header(response.headers(), "location"), "/fallback?reason=cookies-disabled");
}

#[tokio::test]
async fn provider_failures_map_to_the_four_reasons_of_the_spec() {
    let api = member_api(200).await;
    // Unreachable: a port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let idp = FakeIdp::start().await;
    let app = spawn_app_with_idp(&idp, &api, |s| {
        s.oidc.issuer = Some(format!("http://127.0.0.1:{closed}/realms/test").parse().unwrap())
    })
    .await;
    let response = app.get("/auth/login", &[]).await;
    assert_eq!(response.status(), 303);
    assert!(
        header(response.headers(), "location")
            .starts_with("/error?reason=keycloak-server-unreachable&status=0&message=")
    );

    for (status, reason) in [
        (500, "keycloak-server-error"),
        (403, "keycloak-authentication-failed"),
        (404, "keycloak-init-failed"),
    ] {
        let idp = wiremock::MockServer::start().await;
        wiremock::Mock::given(wiremock::matchers::any())
            .respond_with(wiremock::ResponseTemplate::new(status))
            .mount(&idp)
            .await;
        let uri = idp.uri();
        let app = crate::helpers::spawn_app_with(move |s| {
            s.demo.enabled = false;
            s.oidc.issuer = Some(format!("{uri}/realms/test").parse().unwrap());
            s.oidc.client_secret = Some("x".to_owned().into());
            s.upstream.api.base_url = Some(format!("{uri}/api/").parse().unwrap());
            s.upstream.cms.base_url = Some(format!("{uri}/cms/").parse().unwrap());
        })
        .await;
        let response = app.get("/auth/login", &[]).await;
        let location = header(response.headers(), "location");
        assert!(
            location.starts_with(&format!("/error?reason={reason}&status={status}")),
            "{status}: {location}"
        );
    }
}

#[tokio::test]
async fn a_failing_token_endpoint_or_member_api_leaves_no_session() {
    for (token_status, api_status, reason) in [
        (502, 200, "keycloak-server-error&status=502"),
        (200, 500, "keycloak-server-error&status=500"),
        (200, 403, "keycloak-authentication-failed&status=403"),
        (400, 200, "keycloak-init-failed&status=400"),
    ] {
        let idp = FakeIdp::start().await;
        let api = member_api(api_status).await;
        let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
        let authorize = app.start_login("/home").await;
        let body = if token_status == 200 {
            idp.tokens(&query(&authorize, "nonce"), 300)
        } else {
            json!({ "error": "invalid_grant" })
        };
        idp.token_answers(token_status, body).await;
        let location = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
        assert!(location.starts_with(&format!("/error?reason={reason}")), "{location}");
        assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
    }
}

#[tokio::test]
async fn the_person_number_comes_from_userinfo_when_the_id_token_lacks_it() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    let nonce = query(&authorize, "nonce");
    let id_token = idp.sign(json!({
        "iss": idp.issuer, "sub": "sub-marie", "aud": "espace-assure", "exp": crate::fake_idp::now() + 300,
        "iat": crate::fake_idp::now(), "nonce": nonce,
    }));
    idp.token_answers(
        200,
        json!({ "access_token": "a", "token_type": "Bearer", "expires_in": 300, "id_token": id_token }),
    )
    .await;
    wiremock::Mock::given(wiremock::matchers::path("/realms/test/userinfo"))
        .respond_with(
            wiremock::ResponseTemplate::new(200)
                .set_body_json(json!({ "sub": "sub-marie", "NUMERO_PERSONNE": "100001" })),
        )
        .mount(&idp.server)
        .await;
    assert_eq!(app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await, "/home");
    let sent: serde_json::Value =
        serde_json::from_slice(&api.received_requests().await.unwrap()[0].body).unwrap();
    assert_eq!(sent["Login"], "100001");
}

#[tokio::test]
async fn open_redirects_fall_back_to_home() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    for attack in [
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "/./\\evil.example",
        "https://evil.example",
        "/%2F%2Fevil.example",
        "javascript:alert(1)",
        "/home\u{1}",
    ] {
        let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
        let authorize = app.start_login(attack).await;
        idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
        let location = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
        assert_eq!(location, "/home", "{attack:?}");
    }
}

#[tokio::test]
async fn logout_without_the_xsrf_header_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let xsrf = app.sign_in(&idp, 300).await;
    assert_json_error(app.request(reqwest::Method::POST, "/auth/logout", &[]).await, 403, "forbidden").await;
    assert_json_error(
        app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", "guess")]).await,
        403,
        "forbidden",
    )
    .await;
    // A cross-site form post carries the cookies but cannot set the header.
    assert_json_error(
        app.request(
            reqwest::Method::POST,
            "/auth/logout",
            &[("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://evil.example")],
        )
        .await,
        403,
        "forbidden",
    )
    .await;
    assert_eq!(app.get("/api/session", &[]).await.status(), 200, "still signed in");
    assert!(!xsrf.is_empty());
}

#[tokio::test]
async fn logout_ends_the_session_revokes_and_sends_to_the_providers_end_session() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    wiremock::Mock::given(wiremock::matchers::path("/realms/test/revoke"))
        .respond_with(wiremock::ResponseTemplate::new(200))
        .expect(1)
        .mount(&idp.server)
        .await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let xsrf = app.sign_in(&idp, 300).await;
    let response = app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    let end_session = url::Url::parse(body["redirectTo"].as_str().unwrap()).unwrap();
    assert!(end_session.as_str().starts_with(&format!("{}/logout?", idp.issuer)));
    assert_eq!(query(&end_session, "post_logout_redirect_uri"), format!("{}/", app.address));
    assert_eq!(query(&end_session, "client_id"), "espace-assure");
    assert!(!end_session.as_str().contains("eyJ"), "no token reaches the browser: {end_session}");
    assert!(!body.to_string().contains("eyJ"), "{body}");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
    assert!(app.cookie("espace-assure-session").is_none());
}

#[tokio::test]
async fn back_channel_logout_ends_the_matching_session() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let other = app
        .client
        .post(format!("{}/auth/backchannel-logout", app.address))
        .form(&[("logout_token", idp.logout_token("another-sid"))])
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    assert_eq!(app.get("/api/session", &[]).await.status(), 200, "another provider session: still signed in");

    let response = app
        .client
        .post(format!("{}/auth/backchannel-logout", app.address))
        .form(&[("logout_token", idp.logout_token("sid-marie"))])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn forged_or_malformed_logout_tokens_are_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let now = crate::fake_idp::now();
    let events = json!({ "http://schemas.openid.net/event/backchannel-logout": {} });
    for token in [
        "not-a-jwt".to_owned(),
        idp.sign(json!({ "iss": "https://other.example", "aud": "espace-assure", "iat": now, "exp": now + 60, "sid": "sid-marie", "events": events })),
        idp.sign(json!({ "iss": idp.issuer, "aud": "someone-else", "iat": now, "exp": now + 60, "sid": "sid-marie", "events": events })),
        idp.sign(json!({ "iss": idp.issuer, "aud": "espace-assure", "iat": now, "exp": now + 60, "sid": "sid-marie" })),
        idp.sign(json!({ "iss": idp.issuer, "aud": "espace-assure", "iat": now, "exp": now + 60, "sid": "sid-marie", "events": events, "nonce": "n" })),
        idp.sign(json!({ "iss": idp.issuer, "aud": "espace-assure", "iat": now - 900, "exp": now - 600, "sid": "sid-marie", "events": events })),
    ] {
        let response = app.client.post(format!("{}/auth/backchannel-logout", app.address))
            .form(&[("logout_token", token)]).send().await.unwrap();
        assert_json_error(response, 400, "bad_request").await;
    }
    assert_eq!(app.get("/api/session", &[]).await.status(), 200);
}

/// The idle rule itself is the session store's unit test, on a hand-moved clock; here, that
/// the configured timeout is the one the SPA is told.
#[tokio::test]
async fn the_session_tells_the_spa_the_configured_idle_timeout() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |s| s.session.idle_timeout_secs = 600).await;
    app.sign_in(&idp, 300).await;
    let session: serde_json::Value = app.get("/api/session", &[]).await.json().await.unwrap();
    assert_eq!(session["idleTimeoutMs"], 600_000);
}

#[tokio::test]
async fn session_without_cookie_is_401_json() {
    let app = spawn_app().await;
    let response = app.get("/api/session", &[]).await;
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    assert_json_error(response, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_token_endpoint_that_never_answers_ends_the_sign_in_as_unreachable() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |s| s.oidc.timeout_ms = 300).await;
    let authorize = app.start_login("/home").await;
    wiremock::Mock::given(wiremock::matchers::path("/realms/test/token"))
        .respond_with(wiremock::ResponseTemplate::new(200).set_delay(std::time::Duration::from_secs(600)))
        .mount(&idp.server)
        .await;
    let query = format!("code=abc&state={}", query(&authorize, "state"));
    let callback = app.callback(&query);
    let location = tokio::time::timeout(std::time::Duration::from_secs(60), callback).await.expect("answers");
    assert!(location.starts_with("/error?reason=keycloak-server-unreachable&status=0"), "{location}");
}

#[tokio::test]
async fn an_id_token_signed_with_the_client_secret_is_refused() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    // Keycloak announces HS256 among its algorithms; anyone holding the client secret could
    // then make an ID token for any member.
    let now = crate::fake_idp::now();
    let claims = json!({
        "iss": idp.issuer, "sub": "sub-marie", "aud": crate::fake_idp::CLIENT_ID, "exp": now + 300, "iat": now,
        "nonce": query(&authorize, "nonce"), "NUMERO_PERSONNE": "100001",
    });
    let forged = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(crate::fake_idp::CLIENT_SECRET.as_bytes()),
    )
    .unwrap();
    let mut tokens = idp.tokens(&query(&authorize, "nonce"), 300);
    tokens["id_token"] = json!(forged);
    idp.token_answers(200, tokens).await;
    let location = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
    assert!(location.starts_with("/error?reason=keycloak-authentication-failed"), "{location}");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn logout_tokens_with_made_up_key_ids_fetch_the_keys_at_most_once_per_interval() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    let key_fetches = || async {
        idp.server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path().ends_with("/jwks"))
            .count()
    };
    let before = key_fetches().await;
    for n in 0..20 {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
        header.kid = Some(format!("made-up-{n}"));
        let now = crate::fake_idp::now();
        let token = jsonwebtoken::encode(
            &header,
            &json!({ "iss": idp.issuer, "aud": "espace-assure", "iat": now, "exp": now + 60, "sid": "sid-marie",
                     "events": { "http://schemas.openid.net/event/backchannel-logout": {} } }),
            &jsonwebtoken::EncodingKey::from_rsa_pem(include_bytes!("../fixtures/test-signing-key.pem")).unwrap(),
        )
        .unwrap();
        let response = app
            .client
            .post(format!("{}/auth/backchannel-logout", app.address))
            .form(&[("logout_token", token)])
            .send()
            .await
            .unwrap();
        assert_json_error(response, 400, "bad_request").await;
    }
    assert_eq!(key_fetches().await - before, 1, "one re-read of the keys for twenty unknown kids");
    assert_eq!(app.get("/api/session", &[]).await.status(), 200);
}

/// RFC 9207: the provider names itself in its answer (`iss`), so that an answer meant for
/// another provider's sign-in (a mix-up) is refused before its code is spent.
#[tokio::test]
async fn the_issuer_in_the_providers_answer_must_be_its_own_and_is_required_when_announced() {
    let idp = FakeIdp::start_with_discovery(|mut document| {
        document["authorization_response_iss_parameter_supported"] = json!(true);
        wiremock::ResponseTemplate::new(200).set_body_json(document)
    })
    .await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    for iss in
        [None, Some("https://attacker.example/realms/test".to_owned()), Some(format!("{}/", idp.issuer))]
    {
        let authorize = app.start_login("/home").await;
        let iss = iss.map(|iss| format!("&iss={}", crate::helpers::urlencode(&iss))).unwrap_or_default();
        let location = app.callback(&format!("code=abc&state={}{iss}", query(&authorize, "state"))).await;
        assert!(location.starts_with("/error?"), "{iss}: {location}");
    }
    assert_eq!(idp.token_calls().await, 0, "no code is exchanged");

    let authorize = app.start_login("/home").await;
    idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
    let iss = crate::helpers::urlencode(&idp.issuer);
    let location = app.callback(&format!("code=abc&state={}&iss={iss}", query(&authorize, "state"))).await;
    assert_eq!(location, "/home");
}

#[tokio::test]
async fn a_provider_that_does_not_announce_the_issuer_in_its_answer_is_still_checked_when_it_sends_one() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    let authorize = app.start_login("/home").await;
    let wrong = crate::helpers::urlencode("https://other.example/");
    let location = app.callback(&format!("code=abc&state={}&iss={wrong}", query(&authorize, "state"))).await;
    assert!(location.starts_with("/error?"), "{location}");
    app.sign_in(&idp, 300).await;
}

/// `private_key_jwt` (RFC 7523): no secret on the wire; every token and revocation request
/// carries a fresh assertion for the issuer, which the keys the portal publishes verify.
#[tokio::test]
async fn with_private_key_jwt_each_request_to_the_provider_carries_an_assertion_its_published_keys_verify() {
    let idp = FakeIdp::start().await;
    idp.accepts_revocations().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |settings| {
        settings.oidc.client_secret = None;
        settings.oidc.client_auth = espace_assure::config::ClientAuth::PrivateKeyJwt;
        settings.oidc.client_assertion_key =
            Some(include_str!("../fixtures/client-v1-key.pem").to_owned().into());
    })
    .await;
    let published = app.get("/auth/jwks.json", &[]).await;
    assert_eq!(header(published.headers(), "content-type"), "application/jwk-set+json");
    let published: jsonwebtoken::jwk::JwkSet = published.json().await.unwrap();
    assert_eq!(published.keys.len(), 1);

    let xsrf = app.sign_in(&idp, 300).await;
    let signed_out = app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(signed_out.status(), 200);

    let requests = idp.server.received_requests().await.unwrap();
    let to_provider = ["/realms/test/token", "/realms/test/revoke"];
    let mut jtis = Vec::new();
    for request in requests.iter().filter(|request| to_provider.contains(&request.url.path())) {
        assert!(request.headers.get("authorization").is_none(), "no secret, no basic authentication");
        let form: std::collections::HashMap<String, String> =
            url::form_urlencoded::parse(&request.body).into_owned().collect();
        assert_eq!(form["client_id"], "espace-assure");
        assert_eq!(form["client_assertion_type"], "urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
        let assertion = &form["client_assertion"];
        let kid = jsonwebtoken::decode_header(assertion).unwrap().kid.unwrap();
        let key = published.find(&kid).expect("signed with a published key");
        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
        validation.set_audience(&[&idp.issuer]);
        validation.set_issuer(&["espace-assure"]);
        let claims = jsonwebtoken::decode::<serde_json::Value>(
            assertion,
            &jsonwebtoken::DecodingKey::from_jwk(key).unwrap(),
            &validation,
        )
        .unwrap()
        .claims;
        assert_eq!(claims["sub"], "espace-assure");
        assert!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap() <= 60);
        jtis.push(claims["jti"].as_str().unwrap().to_owned());
    }
    assert_eq!(jtis.len(), 2, "the code exchange and the revocation at sign-out");
    assert_ne!(jtis[0], jtis[1], "never the same assertion twice");
}

#[tokio::test]
async fn a_client_authenticated_by_its_secret_publishes_no_keys() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    assert_json_error(app.get("/auth/jwks.json", &[]).await, 404, "not_found").await;
}

/// RFC 9126: a provider that takes pushed authorization requests gets the request from the
/// portal, authenticated as the client; the browser's address carries only `client_id` and
/// `request_uri`, and the sign-in completes as usual.
#[tokio::test]
async fn a_provider_taking_pushed_requests_gets_the_request_and_the_browser_only_its_reference() {
    let idp = FakeIdp::start_with_discovery(|mut document| {
        document["pushed_authorization_request_endpoint"] =
            json!(format!("{}/par", document["issuer"].as_str().unwrap()));
        wiremock::ResponseTemplate::new(200).set_body_json(document)
    })
    .await;
    wiremock::Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::path("/realms/test/par"))
        .respond_with(
            wiremock::ResponseTemplate::new(201).set_body_json(
                json!({"request_uri": "urn:ietf:params:oauth:request_uri:abc", "expires_in": 60}),
            ),
        )
        .mount(&idp.server)
        .await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |settings| {
        settings.oidc.pushed_authorization = espace_assure::config::PushedAuthorization::Required;
    })
    .await;
    let authorize = app.start_login("/home").await;
    assert!(authorize.as_str().starts_with(&format!("{}/auth?", idp.issuer)));
    let mut sent: Vec<(String, String)> = authorize.query_pairs().into_owned().collect();
    sent.sort();
    assert_eq!(
        sent,
        [
            ("client_id".to_owned(), "espace-assure".to_owned()),
            ("request_uri".to_owned(), "urn:ietf:params:oauth:request_uri:abc".to_owned())
        ]
    );
    let requests = idp.server.received_requests().await.unwrap();
    let pushed = requests.iter().find(|request| request.url.path() == "/realms/test/par").unwrap();
    assert!(header(&pushed.headers, "authorization").starts_with("Basic "), "authenticated as the client");
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(&pushed.body).into_owned().collect();
    assert_eq!(form["code_challenge_method"], "S256");
    assert_eq!(form["redirect_uri"], format!("{}/auth/callback", app.address));
    assert_eq!(form["scope"], "openid profile email");

    idp.token_answers(200, idp.tokens(&form["nonce"], 300)).await;
    let location = app.callback(&format!("code=abc&state={}", form["state"])).await;
    assert_eq!(location, "/home");
}

#[tokio::test]
async fn pushed_requests_required_of_a_provider_without_them_end_on_the_error_page() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |settings| {
        settings.oidc.pushed_authorization = espace_assure::config::PushedAuthorization::Required;
    })
    .await;
    let response = app.get("/auth/login?returnTo=%2Fhome", &[]).await;
    assert_eq!(response.status(), 303);
    assert!(header(response.headers(), "location").starts_with("/error?reason=keycloak-init-failed"));
    assert!(app.cookie("espace-assure-login").is_none(), "no sign-in under way");
}
