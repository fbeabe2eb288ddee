//! Sign in again before what matters: new bank details, a termination and a beneficiary to add
//! need a sign-in at most `oidc.recent_sign_in_secs` old, which the member gets through the
//! provider with `/auth/login?reauth=1`. The stand-in provider says when the member signed in (`auth_time`),
//! so a sign-in is made old by its provider, never by waiting; the member API is the demo's.

use serde_json::{Value, json};

use crate::demo_api_through_portal::{marie_tokens, portal_with_provider, sign_in_as_marie_with};
use crate::fake_idp::{FakeIdp, now};
use crate::held_tokens::{HeldTokens, revoked};
use crate::helpers::{
    TestApp, assert_json_error, cookies_of, header, query, solved_captcha, status_with_cookies, urlencode,
};

const BANK_DETAILS: &str = "/api/assure/beneficiaire/banque";
const TERMINATION: &str = "/api/document/creationResiliation";
const NEW_BENEFICIARY: &str = "/api/document/ajoutBeneficiaire";
/// Where the member was when the portal asked for a sign-in again.
const FORM: &str = "/compte/informations-personnelles?modifier=banque";

fn rib() -> Value {
    json!({"titulaire": "Mme Marie DUPONT", "iban": "FR14 2004 1010 0505 0001 3M02 606", "bic": "PSSTFRPPPAR"})
}

/// Marie, signed in on the demo member API `seconds_ago` by the provider's account.
async fn marie_signed_in(
    idp: &FakeIdp,
    seconds_ago: i64,
    customise: impl FnOnce(&mut espace_assure::config::Settings) + Send + 'static,
) -> (TestApp, String) {
    let mut app = portal_with_provider(idp, customise).await;
    let xsrf = sign_in_as_marie_with(&mut app, idp, json!({ "auth_time": now() - seconds_ago })).await;
    (app, xsrf)
}

async fn change_bank_details(app: &TestApp, xsrf: &str) -> reqwest::Response {
    let url = format!("{}{BANK_DETAILS}", app.address);
    app.client.post(url).header("X-XSRF-TOKEN", xsrf).json(&rib()).send().await.unwrap()
}

async fn give_notice(app: &TestApp, xsrf: &str) -> reqwest::Response {
    let notice = json!({"numeroContrat": "IND-004512", "motif": "RESILIATION_INFRA_ANNUELLE"});
    app.client
        .post(format!("{}{TERMINATION}", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .header("X-Captcha", solved_captcha(app).await)
        .json(&notice)
        .send()
        .await
        .unwrap()
}

/// A newborn declared without its birth certificate: the member API refuses it, once reached.
async fn declare_a_newborn(app: &TestApp, xsrf: &str) -> reqwest::Response {
    let declaration = json!({"lien": "NOUVEAU_NE", "civilite": "MADAME", "prenom": "Jade", "nom": "DUPONT",
                             "dateNaissance": "2026-11-20", "numeroSecuriteSociale": null, "idDocuments": []});
    app.client
        .post(format!("{}{NEW_BENEFICIARY}", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .header("X-Captcha", solved_captcha(app).await)
        .json(&declaration)
        .send()
        .await
        .unwrap()
}

/// Asserts the 403 of a change that needs a sign-in again, word for word.
async fn assert_sign_in_again(response: reqwest::Response) {
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let body = assert_json_error(response, 403, "reconnexion_requise").await;
    assert_eq!(
        body,
        json!({
            "status": 403,
            "code": "reconnexion_requise",
            "message": "Pour votre sécurité, reconnectez-vous avant ce changement.",
        })
    );
}

/// How many times the portal called the member API's `call` (`POST /assure/…`).
async fn member_api_calls(app: &TestApp, call: &str) -> f64 {
    let labels = [("upstream", "member_api"), ("call", call)];
    app.metric("upstream_request_duration_seconds_count", &labels).await.unwrap_or_default()
}

/// `/auth/login?reauth=1` back to `FORM`: the provider's authorization URL.
async fn start_sign_in_again(app: &TestApp) -> url::Url {
    let response = app.get(&format!("/auth/login?reauth=1&returnTo={}", urlencode(FORM)), &[]).await;
    assert_eq!(response.status(), 303);
    url::Url::parse(header(response.headers(), "location")).unwrap()
}

/// The provider sends the member back with a code for `tokens`; the portal's Location.
async fn come_back(app: &TestApp, idp: &FakeIdp, authorize: &url::Url, tokens: Value) -> String {
    idp.token_answers(200, tokens).await;
    app.callback(&format!("code=again&state={}", query(authorize, "state"))).await
}

#[tokio::test]
async fn a_bank_change_and_a_termination_with_a_fresh_sign_in_reach_the_member_api() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = marie_signed_in(&idp, 60, |_| {}).await;
    let changed = change_bank_details(&app, &xsrf).await;
    assert_eq!(changed.status(), 200);
    let saved: Value = changed.json().await.unwrap();
    assert_eq!(saved["titulaire"], "Mme Marie DUPONT");
    assert_eq!(give_notice(&app, &xsrf).await.status(), 201);
    assert_eq!(member_api_calls(&app, "POST /assure/beneficiaire/banque").await, 1.0);
    assert_eq!(member_api_calls(&app, "POST /document/creationResiliation").await, 1.0);
    let refused = assert_json_error(declare_a_newborn(&app, &xsrf).await, 400, "bad_request").await;
    assert_eq!(
        refused["message"], "Joignez l’acte de naissance de votre enfant.",
        "the member API's own refusal"
    );
    assert_eq!(member_api_calls(&app, "POST /document/ajoutBeneficiaire").await, 1.0);
}

#[tokio::test]
async fn with_an_old_sign_in_they_are_refused_and_nothing_reaches_the_member_api() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = marie_signed_in(&idp, 301, |_| {}).await;
    let before: Value = app.get("/api/assure/beneficiairesInfosBancaires", &[]).await.json().await.unwrap();

    assert_sign_in_again(change_bank_details(&app, &xsrf).await).await;
    assert_sign_in_again(give_notice(&app, &xsrf).await).await;
    assert_sign_in_again(declare_a_newborn(&app, &xsrf).await).await;

    assert_eq!(member_api_calls(&app, "POST /assure/beneficiaire/banque").await, 0.0);
    assert_eq!(member_api_calls(&app, "POST /document/creationResiliation").await, 0.0);
    assert_eq!(member_api_calls(&app, "POST /document/ajoutBeneficiaire").await, 0.0);
    let after: Value = app.get("/api/assure/beneficiairesInfosBancaires", &[]).await.json().await.unwrap();
    assert_eq!(before, after, "the bank details are unchanged");
    assert_eq!(app.get("/api/assure/infos", &[]).await.status(), 200, "what needs no recent sign-in works");
}

#[tokio::test]
async fn a_provider_that_never_says_when_the_member_signed_in_gets_a_sign_in_again_asked() {
    let idp = FakeIdp::start().await;
    let mut app = portal_with_provider(&idp, |_| {}).await;
    let xsrf = sign_in_as_marie_with(&mut app, &idp, json!({ "auth_time": null })).await;
    assert_sign_in_again(change_bank_details(&app, &xsrf).await).await;
}

#[tokio::test]
async fn signing_in_again_renews_the_session_and_the_change_then_goes_through() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = marie_signed_in(&idp, 900, |_| {}).await;
    let session = app.session_cookie();
    assert_sign_in_again(change_bank_details(&app, &xsrf).await).await;

    let authorize = start_sign_in_again(&app).await;
    assert!(authorize.as_str().starts_with(&format!("{}/auth?", idp.issuer)));
    assert_eq!(query(&authorize, "max_age"), "300");
    assert_eq!(query(&authorize, "prompt"), "", "max_age is enough: no prompt=login");
    assert_eq!(query(&authorize, "acr_values"), "", "no level configured");
    assert_eq!(query(&authorize, "code_challenge_method"), "S256");
    assert_eq!(app.session_cookie(), session, "the session stays while the member is at the provider");
    assert_eq!(app.get("/api/session", &[]).await.status(), 200);

    let tokens = marie_tokens(&idp, &query(&authorize, "nonce"), json!({ "auth_time": now() - 5 }));
    assert_eq!(come_back(&app, &idp, &authorize, tokens).await, FORM);

    assert_eq!(app.session_cookie(), session, "the same session, renewed");
    assert_eq!(app.xsrf_token(), xsrf, "the page that asked keeps its anti-forgery token");
    assert_eq!(change_bank_details(&app, &xsrf).await.status(), 200);
    assert_eq!(give_notice(&app, &xsrf).await.status(), 201);
}

#[tokio::test]
async fn a_plain_login_of_a_signed_in_member_still_keeps_the_session_and_asks_nothing() {
    let idp = FakeIdp::start().await;
    let (app, _) = marie_signed_in(&idp, 900, |_| {}).await;
    let response = app.get(&format!("/auth/login?returnTo={}", urlencode(FORM)), &[]).await;
    assert_eq!(response.status(), 303);
    assert_eq!(header(response.headers(), "location"), FORM);
    let response = app.get("/auth/login?reauth=0", &[]).await;
    assert_eq!(header(response.headers(), "location"), "/home");

    let mut anonymous = portal_with_provider(&idp, |_| {}).await;
    anonymous.with_cookie_jar();
    let authorize = anonymous.start_login("/home").await;
    let response = anonymous.get("/auth/login?reauth=1", &[]).await;
    let reauth_without_session = url::Url::parse(header(response.headers(), "location")).unwrap();
    for url in [authorize, reauth_without_session] {
        assert_eq!(query(&url, "max_age"), "", "a first sign-in is recent by itself");
    }
}

#[tokio::test]
async fn a_sign_in_again_as_another_member_ends_the_session() {
    let idp = FakeIdp::start().await;
    idp.accepts_revocations().await;
    let (app, xsrf) = marie_signed_in(&idp, 900, |_| {}).await;
    let cookies = cookies_of(&app);
    let authorize = start_sign_in_again(&app).await;

    let jean = json!({ "sub": "sub-jean", "NUMERO_PERSONNE": "100002", "sid": "sid-jean" });
    let mut tokens = idp.tokens_with(&query(&authorize, "nonce"), 300, jean);
    tokens["refresh_token"] = json!("refresh-jean");
    let location = come_back(&app, &idp, &authorize, tokens).await;

    assert!(location.starts_with("/error?reason=keycloak-authentication-failed&status=403"), "{location}");
    assert!(app.cookie("espace-assure-session").is_none(), "the browser forgets the session");
    let status = status_with_cookies(&app.address, "/api/session", &cookies).await;
    assert_eq!(status, 401, "the session is over, whoever holds its cookie");
    let mut revoked = revoked(&idp).await;
    revoked.sort();
    assert_eq!(revoked, ["refresh-1", "refresh-jean"], "its refresh token and the one just given");
    let replayed = app
        .client
        .post(format!("{}{BANK_DETAILS}", app.address))
        .header("Cookie", &cookies)
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&rib())
        .send()
        .await
        .unwrap();
    assert_json_error(replayed, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_session_ended_while_the_member_is_at_the_provider_is_not_renewed() {
    let idp = FakeIdp::start().await;
    let (app, _) = marie_signed_in(&idp, 900, |_| {}).await;
    let authorize = start_sign_in_again(&app).await;
    let logout = reqwest::Client::new()
        .post(format!("{}/auth/backchannel-logout", app.address))
        .form(&[("logout_token", idp.logout_token("sid-marie"))])
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), 200);

    let location = app.callback(&format!("code=again&state={}", query(&authorize, "state"))).await;

    assert_eq!(location, format!("/auth/login?returnTo={}", urlencode(FORM)), "a sign-in afresh");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
    assert_eq!(idp.token_calls().await, 1, "no code is exchanged for an ended session");
}

#[tokio::test]
async fn a_session_ended_while_the_provider_answers_is_not_written_back() {
    // The first code exchange (the sign-in) passes; the sign-in again's is held.
    let (idp, mut held) = HeldTokens::code_exchanges_after(1).await;
    let (app, _) = marie_signed_in(&idp, 900, |_| {}).await;
    let cookies = cookies_of(&app);
    let authorize = start_sign_in_again(&app).await;
    let mut tokens = marie_tokens(&idp, &query(&authorize, "nonce"), json!({}));
    tokens["refresh_token"] = json!("refresh-again");
    idp.token_answers(200, tokens).await;
    let coming_back = tokio::spawn({
        let client = app.client.clone();
        let url = format!("{}/auth/callback?code=again&state={}", app.address, query(&authorize, "state"));
        async move { client.get(url).send().await.unwrap() }
    });
    held.arrived.recv().await.expect("the code exchange reached the provider");
    let logout = reqwest::Client::new()
        .post(format!("{}/auth/backchannel-logout", app.address))
        .form(&[("logout_token", idp.logout_token("sid-marie"))])
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), 200);
    held.release.add_permits(1);

    let response = coming_back.await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(header(response.headers(), "location"), format!("/auth/login?returnTo={}", urlencode(FORM)));
    let status = status_with_cookies(&app.address, "/api/session", &cookies).await;
    assert_eq!(status, 401, "the ended session stays ended");
    assert_eq!(revoked(&idp).await, ["refresh-again"], "the tokens received for it are revoked");
}

#[tokio::test]
async fn a_sign_in_again_without_auth_time_or_older_than_asked_is_refused() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = marie_signed_in(&idp, 900, |_| {}).await;
    for changes in [json!({ "auth_time": null }), json!({ "auth_time": now() - 400 })] {
        let authorize = start_sign_in_again(&app).await;
        let tokens = marie_tokens(&idp, &query(&authorize, "nonce"), changes.clone());
        let location = come_back(&app, &idp, &authorize, tokens).await;
        assert!(
            location.starts_with("/error?reason=keycloak-authentication-failed&status=401"),
            "{location}"
        );
        assert_eq!(app.get("/api/session", &[]).await.status(), 200, "{changes}: still signed in");
        assert_sign_in_again(change_bank_details(&app, &xsrf).await).await;
    }
}

#[tokio::test]
async fn with_acr_values_configured_they_are_asked_for_and_the_level_is_checked() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) =
        marie_signed_in(&idp, 900, |settings| settings.oidc.acr_values = vec!["gold".into()]).await;

    let authorize = start_sign_in_again(&app).await;
    assert_eq!(query(&authorize, "acr_values"), "gold");
    assert_eq!(query(&authorize, "max_age"), "300");
    for lower in [json!({ "acr": "silver" }), json!({ "acr": null })] {
        let authorize = start_sign_in_again(&app).await;
        let tokens = marie_tokens(&idp, &query(&authorize, "nonce"), lower.clone());
        let location = come_back(&app, &idp, &authorize, tokens).await;
        assert!(location.starts_with("/error?reason=keycloak-authentication-failed"), "{lower}: {location}");
        assert_sign_in_again(change_bank_details(&app, &xsrf).await).await;
    }

    let authorize = start_sign_in_again(&app).await;
    let tokens = marie_tokens(&idp, &query(&authorize, "nonce"), json!({ "acr": "gold" }));
    assert_eq!(come_back(&app, &idp, &authorize, tokens).await, FORM);
    assert_eq!(change_bank_details(&app, &xsrf).await.status(), 200);
}

/// The member at the demo provider's page, from `authorize` (the portal's redirect to it):
/// picks `person`, and the provider sends them back to the portal; the portal's Location.
async fn pick_at_the_demo_provider(app: &TestApp, authorize: &url::Url, person: &str) -> String {
    let page = app.client.get(authorize.clone()).send().await.unwrap();
    assert_eq!(page.status(), 200, "the sign-in page, shown again however recent the last pick");
    let page = page.text().await.unwrap();
    let request = page.split("name=\"request\" value=\"").nth(1).unwrap().split('"').next().unwrap();
    let chosen = app
        .client
        .post(format!("{}/_demo/idp/sign-in", app.address))
        .form(&[("request", request), ("person", person)])
        .send()
        .await
        .unwrap();
    let callback = url::Url::parse(header(chosen.headers(), "location")).unwrap();
    app.callback(callback.query().unwrap()).await
}

#[tokio::test]
async fn through_the_demo_provider_a_sign_in_again_asks_the_member_again_and_renews_the_session() {
    let mut app = crate::helpers::spawn_app().await;
    app.with_cookie_jar();
    let authorize = app.start_login("/home").await;
    assert_eq!(pick_at_the_demo_provider(&app, &authorize, "100001").await, "/home");
    let (session, xsrf) = (app.session_cookie(), app.xsrf_token());

    let authorize = start_sign_in_again(&app).await;
    // The demo provider takes pushed requests: `max_age` went with the request, and the
    // browser's address names it only.
    assert!(query(&authorize, "request_uri").starts_with("urn:ietf:params:oauth:request_uri:"));
    assert_eq!(query(&authorize, "max_age"), "");
    assert_eq!(pick_at_the_demo_provider(&app, &authorize, "100001").await, FORM);
    assert_eq!(app.session_cookie(), session);
    assert_eq!(change_bank_details(&app, &xsrf).await.status(), 200);

    let authorize = start_sign_in_again(&app).await;
    let location = pick_at_the_demo_provider(&app, &authorize, "100002").await;
    assert!(location.starts_with("/error?reason=keycloak-authentication-failed&status=403"), "{location}");
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
}

/// Two sessions of the same member: the sign-in again one of them asked for (its pending
/// sign-in cookie and the provider's answer, replayed from the other browser) renews only that
/// one, never the other.
#[tokio::test]
async fn a_sign_in_again_counts_only_for_the_session_that_asked_for_it() {
    let idp = FakeIdp::start().await;
    let (mut app, other_xsrf) = marie_signed_in(&idp, 900, |_| {}).await;
    let other = cookies_of(&app);
    sign_in_as_marie_with(&mut app, &idp, json!({ "auth_time": now() - 900 })).await;
    let authorize = start_sign_in_again(&app).await;
    let pending = app.cookie("espace-assure-login").expect("the sign-in under way");

    let tokens = marie_tokens(&idp, &query(&authorize, "nonce"), json!({ "auth_time": now() - 5 }));
    idp.token_answers(200, tokens).await;
    let without_redirects =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let replayed = without_redirects
        .get(format!("{}/auth/callback?code=again&state={}", app.address, query(&authorize, "state")))
        .header("Cookie", format!("{other}; espace-assure-login={pending}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replayed.status(), 303);
    let location = header(replayed.headers(), "location");
    assert!(location.starts_with("/error?reason=keycloak-authentication-failed"), "{location}");

    let url = format!("{}{BANK_DETAILS}", app.address);
    let change = without_redirects.post(url).header("Cookie", &other).header("X-XSRF-TOKEN", &other_xsrf);
    assert_sign_in_again(change.json(&rib()).send().await.unwrap()).await;
    assert_eq!(member_api_calls(&app, "POST /assure/beneficiaire/banque").await, 0.0);
    assert_eq!(status_with_cookies(&app.address, "/api/session", &other).await, 200, "nor is it ended");
}
