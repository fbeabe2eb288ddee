//! The embedded OpenID provider, driven as a client library would: over HTTP, without cookies
//! and without following redirects.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use espace_assure_demo::Settings;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use reqwest::StatusCode;
use scraper::{Html, Selector};
use serde_json::Value;
use sha2::{Digest, Sha256};
use url::Url;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{CLIENT_ID, CLIENT_SECRET, TestApp, header, spawn_demo_with};

pub(crate) const MARIE: &str = "100001";

/// The provider, seen from the portal whose public address is `portal`.
pub(crate) struct Provider {
    pub(crate) app: TestApp,
    /// The portal's public URL without its trailing slash.
    portal: String,
}

/// One authorization request's client-side secrets.
pub(crate) struct Request {
    pub(crate) verifier: String,
    state: String,
    nonce: String,
}

impl Request {
    pub(crate) fn new() -> Self {
        let random = || uuid::Uuid::new_v4().simple().to_string();
        Self { verifier: format!("{}{}", random(), random()), state: random(), nonce: random() }
    }

    fn challenge(&self) -> String {
        URL_SAFE_NO_PAD.encode(Sha256::digest(self.verifier.as_bytes()))
    }
}

impl Provider {
    pub(crate) async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub(crate) async fn spawn_with(customise: impl FnOnce(&mut Settings)) -> Self {
        let mut public_url = None;
        let app = spawn_demo_with(|settings| {
            customise(settings);
            public_url = Some(settings.public_url.clone());
        })
        .await;
        let portal = public_url.expect("settings were made").as_str().trim_end_matches('/').to_owned();
        Self { app, portal }
    }

    pub(crate) fn issuer(&self) -> String {
        format!("{}/_demo/idp", self.portal)
    }

    pub(crate) fn redirect_uri(&self) -> String {
        format!("{}/auth/callback", self.portal)
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}/_demo/idp{path}", self.app.address)
    }

    /// The standard parameters of a valid request, which `changes` may replace or remove
    /// (an empty value removes the parameter).
    fn authorize_params(&self, request: &Request, changes: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut params: Vec<(String, String)> = [
            ("client_id", CLIENT_ID.to_owned()),
            ("redirect_uri", self.redirect_uri()),
            ("response_type", "code".to_owned()),
            ("scope", "openid profile email".to_owned()),
            ("state", request.state.clone()),
            ("nonce", request.nonce.clone()),
            ("code_challenge", request.challenge()),
            ("code_challenge_method", "S256".to_owned()),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect();
        for (name, value) in changes {
            params.retain(|(existing, _)| existing != name);
            if !value.is_empty() {
                params.push(((*name).to_owned(), (*value).to_owned()));
            }
        }
        params
    }

    async fn authorize(&self, request: &Request, changes: &[(&str, &str)]) -> reqwest::Response {
        let url =
            Url::parse_with_params(&self.url("/auth"), self.authorize_params(request, changes)).unwrap();
        self.app.client.get(url).send().await.unwrap()
    }

    /// The sign-in page's HTML for a valid request.
    async fn sign_in_page(&self, request: &Request) -> String {
        let response = self.authorize(request, &[]).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.text().await.unwrap()
    }

    async fn choose(&self, pending: &str, person: &str) -> reqwest::Response {
        self.app
            .client
            .post(self.url("/sign-in"))
            .form(&[("request", pending), ("person", person)])
            .send()
            .await
            .unwrap()
    }

    /// Signs in as `person` and returns the code the client receives.
    pub(crate) async fn code(&self, request: &Request, person: &str) -> String {
        let page = self.sign_in_page(request).await;
        let response = self.choose(&pending_id(&page), person).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        let location = redirected_to(&response);
        assert!(location.as_str().starts_with(&self.redirect_uri()), "{location}");
        let params = query(&location);
        assert_eq!(params["state"], request.state);
        assert_eq!(params["iss"], self.issuer());
        params["code"].clone()
    }

    async fn token(&self, form: &[(&str, &str)]) -> reqwest::Response {
        self.app
            .client
            .post(self.url("/token"))
            .basic_auth(CLIENT_ID, Some(CLIENT_SECRET))
            .form(form)
            .send()
            .await
            .unwrap()
    }

    async fn exchange(&self, code: &str, verifier: &str) -> reqwest::Response {
        let redirect_uri = self.redirect_uri();
        self.token(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &redirect_uri),
            ("code_verifier", verifier),
        ])
        .await
    }

    async fn refresh(&self, refresh_token: &str) -> reqwest::Response {
        self.token(&[("grant_type", "refresh_token"), ("refresh_token", refresh_token)]).await
    }

    /// A complete sign-in as `person`: the token response, and the request it answered.
    async fn sign_in(&self, person: &str) -> (Value, Request) {
        let request = Request::new();
        let code = self.code(&request, person).await;
        let response = self.exchange(&code, &request.verifier).await;
        assert_eq!(response.status(), StatusCode::OK);
        (response.json().await.unwrap(), request)
    }

    async fn jwks(&self) -> JwkSet {
        self.app.client.get(self.url("/jwks")).send().await.unwrap().json().await.unwrap()
    }

    /// Verifies a token as a relying party would, with the published keys.
    pub(crate) async fn verify(&self, token: &str) -> Value {
        let jwks = self.jwks().await;
        let kid = jsonwebtoken::decode_header(token).unwrap().kid.expect("tokens name their key");
        let key = DecodingKey::from_jwk(jwks.find(&kid).expect("key published")).unwrap();
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_issuer(&[self.issuer()]);
        validation.set_audience(&[CLIENT_ID]);
        jsonwebtoken::decode::<Value>(token, &key, &validation).unwrap().claims
    }

    async fn userinfo(&self, authorization: Option<&str>) -> reqwest::Response {
        let mut call = self.app.client.get(self.url("/userinfo"));
        if let Some(value) = authorization {
            call = call.header("Authorization", value);
        }
        call.send().await.unwrap()
    }

    async fn logout(&self, params: &[(&str, &str)]) -> reqwest::Response {
        let url = Url::parse_with_params(&self.url("/logout"), params).unwrap();
        self.app.client.get(url).send().await.unwrap()
    }
}

/// The provider of a portal whose public address is `public_url`, where its issuer is too.
fn behind(public_url: Url) -> impl FnOnce(&mut Settings) {
    move |settings| {
        settings.oidc_issuer = public_url.join("_demo/idp/").unwrap();
        settings.public_url = public_url;
    }
}

fn pending_id(page: &str) -> String {
    let html = Html::parse_document(page);
    let selector = Selector::parse("form input[name=request]").unwrap();
    html.select(&selector).next().expect("pending request field").attr("value").unwrap().to_owned()
}

fn redirected_to(response: &reqwest::Response) -> Url {
    Url::parse(header(response.headers(), "location")).expect("an absolute Location")
}

fn query(url: &Url) -> std::collections::HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

pub(crate) async fn assert_oauth_error(response: reqwest::Response, status: StatusCode, error: &str) {
    assert_eq!(response.status(), status);
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], error, "{body}");
    assert!(body["error_description"].as_str().is_some_and(|d| !d.is_empty()));
}

/// A refusal shown to the member: a French page, never a redirect. Returns the page.
async fn assert_error_page(response: reqwest::Response, title: &str) -> String {
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(header(response.headers(), "location").is_empty());
    assert!(header(response.headers(), "content-type").starts_with("text/html"));
    let page = response.text().await.unwrap();
    assert!(page.contains("lang=\"fr\""));
    assert!(page.contains(title), "{page}");
    page
}

#[tokio::test]
async fn discovery_names_every_endpoint_under_the_issuer() {
    let idp = Provider::spawn().await;
    let response = idp.app.get("/_demo/idp/.well-known/openid-configuration", &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let document: Value = response.json().await.unwrap();
    let issuer = idp.issuer();
    assert!(!issuer.ends_with('/'));
    assert_eq!(document["issuer"], issuer);
    for (key, endpoint) in [
        ("authorization_endpoint", "auth"),
        ("token_endpoint", "token"),
        ("userinfo_endpoint", "userinfo"),
        ("jwks_uri", "jwks"),
        ("end_session_endpoint", "logout"),
        ("revocation_endpoint", "revoke"),
        ("pushed_authorization_request_endpoint", "par"),
    ] {
        assert_eq!(document[key], format!("{issuer}/{endpoint}"), "{key}");
    }
    assert_eq!(document["response_types_supported"], serde_json::json!(["code"]));
    assert_eq!(document["grant_types_supported"], serde_json::json!(["authorization_code", "refresh_token"]));
    assert_eq!(document["code_challenge_methods_supported"], serde_json::json!(["S256"]));
    assert_eq!(document["id_token_signing_alg_values_supported"], serde_json::json!(["ES256"]));
    assert_eq!(
        document["token_endpoint_auth_methods_supported"],
        serde_json::json!(["client_secret_basic", "client_secret_post"])
    );
    assert_eq!(document["subject_types_supported"], serde_json::json!(["public"]));
    assert!(document["claims_supported"].as_array().unwrap().contains(&"NUMERO_PERSONNE".into()));
    assert!(document["scopes_supported"].as_array().unwrap().contains(&"openid".into()));
    assert_eq!(document["backchannel_logout_supported"], true);
    assert_eq!(document["backchannel_logout_session_supported"], true);
}

#[tokio::test]
async fn the_sign_in_page_offers_one_button_per_demo_member_and_relative() {
    let idp = Provider::spawn().await;
    let page = idp.sign_in_page(&Request::new()).await;
    let html = Html::parse_document(&page);
    let buttons: Vec<String> = html
        .select(&Selector::parse("form button[type=submit]").unwrap())
        .map(|button| button.text().collect::<String>().trim().to_owned())
        .collect();
    assert_eq!(
        buttons,
        [
            "Se connecter en tant que Marie DUPONT",
            "Se connecter en tant que Jean MARTIN",
            "Se connecter en tant que Léa BERNARD",
            "Se connecter en tant que Paul DURAND",
            "Se connecter en tant que Sophie PETIT",
            "Se connecter en tant que Claire DUPONT",
            "Se connecter en tant que Hélène ROUX",
            "Se connecter en tant que Thomas DUPONT",
        ]
    );
    let select = |css: &str| html.select(&Selector::parse(css).unwrap()).count();
    assert_eq!(select("html[lang=fr]"), 1);
    assert_eq!(select("title"), 1);
    assert_eq!(select("main h1"), 1);
    assert_eq!(select("link[rel=stylesheet][href='/_demo/idp/style.css']"), 1);
    // Under the portal's Content-Security-Policy: no inline script or style.
    assert_eq!(select("script, style, [style]"), 0);
    assert!(page.contains("fictifs"));
}

#[tokio::test]
async fn the_sign_in_page_stylesheet_is_served() {
    let idp = Provider::spawn().await;
    let response = idp.app.get("/_demo/idp/style.css", &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(response.headers(), "content-type").starts_with("text/css"));
    assert!(response.text().await.unwrap().contains(".member"));
}

#[tokio::test]
async fn a_full_sign_in_gives_tokens_that_verify_against_the_jwks() {
    let idp = Provider::spawn().await;
    let (tokens, request) = idp.sign_in(MARIE).await;
    assert_eq!(tokens["token_type"], "Bearer");
    assert_eq!(tokens["expires_in"], 300);
    assert_eq!(tokens["refresh_expires_in"], 36_000);
    assert_eq!(tokens["scope"], "openid profile email");
    assert!(tokens["refresh_token"].as_str().is_some_and(|token| token.len() >= 43));

    let id_token = idp.verify(tokens["id_token"].as_str().unwrap()).await;
    assert_eq!(id_token["NUMERO_PERSONNE"], "100001");
    assert_eq!(id_token["nonce"], request.nonce);
    assert_eq!(id_token["given_name"], "Marie");
    assert_eq!(id_token["family_name"], "DUPONT");
    assert_eq!(id_token["preferred_username"], "marie.dupont");
    assert_eq!(id_token["email"], "marie.dupont@example.org");
    assert_eq!(id_token["azp"], CLIENT_ID);
    assert!(id_token["sid"].as_str().is_some_and(|sid| !sid.is_empty()));
    assert!(id_token["iat"].as_u64().unwrap() < id_token["exp"].as_u64().unwrap());

    let access_token = idp.verify(tokens["access_token"].as_str().unwrap()).await;
    assert_eq!(access_token["sub"], id_token["sub"]);
    assert_eq!(access_token["sid"], id_token["sid"]);
    assert_eq!(access_token["NUMERO_PERSONNE"], "100001");
    assert_eq!(access_token["scope"], "openid profile email");
    assert!(access_token.get("nonce").is_none());
}

#[tokio::test]
async fn a_member_keeps_the_same_subject_across_sign_ins() {
    let idp = Provider::spawn().await;
    let (first, _) = idp.sign_in(MARIE).await;
    let (second, _) = idp.sign_in(MARIE).await;
    let (other, _) = idp.sign_in("100002").await;
    let sub = async |tokens: &Value| idp.verify(tokens["id_token"].as_str().unwrap()).await["sub"].clone();
    assert_eq!(sub(&first).await, sub(&second).await);
    assert_ne!(sub(&first).await, sub(&other).await);
}

#[tokio::test]
async fn client_secret_post_authenticates_the_client_too() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let code = idp.code(&request, MARIE).await;
    let redirect_uri = idp.redirect_uri();
    let response = idp
        .app
        .client
        .post(idp.url("/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &redirect_uri),
            ("code_verifier", &request.verifier),
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_wrong_secret_is_invalid_client() {
    let idp = Provider::spawn().await;
    let form = [("grant_type", "refresh_token"), ("refresh_token", "whatever")];
    let basic = idp.app.client.post(idp.url("/token")).basic_auth(CLIENT_ID, Some("wrong")).form(&form);
    let response = basic.send().await.unwrap();
    assert!(header(response.headers(), "www-authenticate").starts_with("Basic"));
    assert_oauth_error(response, StatusCode::UNAUTHORIZED, "invalid_client").await;

    let posted = [("client_id", CLIENT_ID), ("client_secret", "wrong"), form[0], form[1]];
    let response = idp.app.client.post(idp.url("/token")).form(&posted).send().await.unwrap();
    assert_oauth_error(response, StatusCode::UNAUTHORIZED, "invalid_client").await;
}

#[tokio::test]
async fn a_token_call_without_client_authentication_is_invalid_client() {
    let idp = Provider::spawn().await;
    let form = [("grant_type", "refresh_token"), ("refresh_token", "whatever"), ("client_id", CLIENT_ID)];
    let response = idp.app.client.post(idp.url("/token")).form(&form).send().await.unwrap();
    assert_oauth_error(response, StatusCode::UNAUTHORIZED, "invalid_client").await;
}

#[tokio::test]
async fn two_client_authentication_methods_at_once_are_refused() {
    let idp = Provider::spawn().await;
    let form = [("grant_type", "refresh_token"), ("refresh_token", "x"), ("client_secret", CLIENT_SECRET)];
    let call = idp.app.client.post(idp.url("/token")).basic_auth(CLIENT_ID, Some(CLIENT_SECRET)).form(&form);
    assert_oauth_error(call.send().await.unwrap(), StatusCode::BAD_REQUEST, "invalid_request").await;
}

#[tokio::test]
async fn a_reused_code_is_invalid_grant_and_revokes_what_it_gave() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let code = idp.code(&request, MARIE).await;
    let first: Value = idp.exchange(&code, &request.verifier).await.json().await.unwrap();
    let replay = idp.exchange(&code, &request.verifier).await;
    assert_oauth_error(replay, StatusCode::BAD_REQUEST, "invalid_grant").await;
    let refresh = idp.refresh(first["refresh_token"].as_str().unwrap()).await;
    assert_oauth_error(refresh, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn an_unknown_code_is_invalid_grant() {
    let idp = Provider::spawn().await;
    let response = idp.exchange("never-issued", &Request::new().verifier).await;
    assert_oauth_error(response, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn a_wrong_pkce_verifier_is_invalid_grant() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let code = idp.code(&request, MARIE).await;
    let response = idp.exchange(&code, &Request::new().verifier).await;
    assert_oauth_error(response, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn a_missing_pkce_verifier_is_invalid_grant() {
    let idp = Provider::spawn().await;
    let code = idp.code(&Request::new(), MARIE).await;
    let redirect_uri = idp.redirect_uri();
    let form = [("grant_type", "authorization_code"), ("code", &code), ("redirect_uri", &redirect_uri)];
    assert_oauth_error(idp.token(&form).await, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn a_different_redirect_uri_at_the_token_endpoint_is_invalid_grant() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let code = idp.code(&request, MARIE).await;
    let form = [
        ("grant_type", "authorization_code"),
        ("code", &code),
        ("redirect_uri", "https://evil.example/auth/callback"),
        ("code_verifier", &request.verifier),
    ];
    assert_oauth_error(idp.token(&form).await, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn missing_or_plain_pkce_sends_invalid_request_back_to_the_client() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    for changes in [
        &[("code_challenge", ""), ("code_challenge_method", "")][..],
        &[("code_challenge_method", "plain")][..],
        &[("code_challenge_method", "")][..],
        &[("code_challenge", "too-short")][..],
    ] {
        let response = idp.authorize(&request, changes).await;
        assert_eq!(response.status(), StatusCode::FOUND, "{changes:?}");
        let location = redirected_to(&response);
        assert!(location.as_str().starts_with(&idp.redirect_uri()));
        let params = query(&location);
        assert_eq!(params["error"], "invalid_request", "{changes:?}");
        assert_eq!(params["state"], request.state);
        assert_eq!(params["iss"], idp.issuer());
        assert!(!params.contains_key("code"));
    }
}

#[tokio::test]
async fn other_invalid_requests_go_back_to_the_client_with_their_error() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    for (changes, error) in [
        (&[("response_type", "token")][..], "unsupported_response_type"),
        (&[("response_type", "")][..], "invalid_request"),
        (&[("response_mode", "fragment")][..], "invalid_request"),
        (&[("scope", "profile email")][..], "invalid_scope"),
        (&[("prompt", "none")][..], "login_required"),
        (&[("prompt", "none login")][..], "invalid_request"),
        (&[("max_age", "-1")][..], "invalid_request"),
        (&[("max_age", "cinq minutes")][..], "invalid_request"),
    ] {
        let response = idp.authorize(&request, changes).await;
        assert_eq!(response.status(), StatusCode::FOUND, "{changes:?}");
        assert_eq!(query(&redirected_to(&response))["error"], error, "{changes:?}");
    }
}

/// Seconds since the epoch, as `auth_time` counts them.
fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

#[tokio::test]
async fn max_age_and_prompt_login_show_the_sign_in_page_again_and_auth_time_is_the_new_pick() {
    let idp = Provider::spawn().await;
    let (first, _) = idp.sign_in(MARIE).await;
    let first = idp.verify(first["id_token"].as_str().unwrap()).await;
    for changes in [
        &[("max_age", "0")][..],
        &[("max_age", "300")][..],
        &[("prompt", "login")][..],
        &[("max_age", "300"), ("prompt", "login consent")][..],
    ] {
        let request = Request::new();
        let response = idp.authorize(&request, changes).await;
        assert_eq!(response.status(), StatusCode::OK, "{changes:?}: the sign-in page, never a code at once");
        let page = response.text().await.unwrap();
        let before = now();
        let chosen = idp.choose(&pending_id(&page), MARIE).await;
        let after = now();
        let code = query(&redirected_to(&chosen))["code"].clone();
        let tokens: Value = idp.exchange(&code, &request.verifier).await.json().await.unwrap();
        let id_token = idp.verify(tokens["id_token"].as_str().unwrap()).await;
        let auth_time = id_token["auth_time"].as_u64().expect("auth_time in every ID token");
        assert!((before..=after).contains(&auth_time), "{changes:?}: the moment of the pick");
        assert!(auth_time >= first["auth_time"].as_u64().unwrap());
        assert_eq!(id_token["sub"], first["sub"], "{changes:?}: the same member");
    }
}

#[tokio::test]
async fn an_unknown_redirect_uri_gets_a_french_error_page_without_redirect() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let near_miss = format!("{}/", idp.redirect_uri());
    for redirect_uri in ["https://evil.example/auth/callback", "", &near_miss] {
        let response = idp.authorize(&request, &[("redirect_uri", redirect_uri)]).await;
        let page = assert_error_page(response, "Adresse de retour non autorisée").await;
        // The way back is the portal's registered address, not one the request named.
        assert!(page.contains(&format!("href=\"{}/\"", idp.portal)), "{page}");
        assert!(!page.contains("evil.example"));
    }
}

#[tokio::test]
async fn a_repeated_parameter_is_refused() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let mut params = idp.authorize_params(&request, &[]);
    params.push(("client_id".into(), CLIENT_ID.into()));
    let url = Url::parse_with_params(&idp.url("/auth"), params).unwrap();
    let response = idp.app.client.get(url).send().await.unwrap();
    assert_error_page(response, "Demande de connexion illisible").await;

    let form = [("grant_type", "refresh_token"), ("grant_type", "authorization_code")];
    assert_oauth_error(idp.token(&form).await, StatusCode::BAD_REQUEST, "invalid_request").await;
}

#[tokio::test]
async fn an_unknown_client_gets_a_french_error_page_without_redirect() {
    let idp = Provider::spawn().await;
    let response = idp.authorize(&Request::new(), &[("client_id", "intruder")]).await;
    assert_error_page(response, "Application inconnue").await;
}

#[tokio::test]
async fn choosing_an_unknown_member_is_refused() {
    let idp = Provider::spawn().await;
    let page = idp.sign_in_page(&Request::new()).await;
    assert_error_page(idp.choose(&pending_id(&page), "999999").await, "Adhérent inconnu").await;
}

#[tokio::test]
async fn a_sign_in_page_can_be_submitted_once_only() {
    let idp = Provider::spawn().await;
    let pending = pending_id(&idp.sign_in_page(&Request::new()).await);
    assert_eq!(idp.choose(&pending, MARIE).await.status(), StatusCode::SEE_OTHER);
    assert_error_page(idp.choose(&pending, MARIE).await, "Demande de connexion expirée").await;
    assert_error_page(idp.choose("forged", MARIE).await, "Demande de connexion expirée").await;
}

#[tokio::test]
async fn refresh_rotates_and_the_old_token_is_refused() {
    let idp = Provider::spawn().await;
    let (tokens, request) = idp.sign_in(MARIE).await;
    let old = tokens["refresh_token"].as_str().unwrap();
    let response = idp.refresh(old).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let renewed: Value = response.json().await.unwrap();
    assert_ne!(renewed["refresh_token"], tokens["refresh_token"]);
    let id_token = idp.verify(renewed["id_token"].as_str().unwrap()).await;
    assert_eq!(id_token["nonce"], request.nonce, "the refreshed ID token keeps the sign-in's nonce");
    let signed_in = idp.verify(tokens["id_token"].as_str().unwrap()).await;
    assert_eq!(id_token["auth_time"], signed_in["auth_time"], "and its time: a refresh is no sign-in");
    idp.verify(renewed["access_token"].as_str().unwrap()).await;

    assert_oauth_error(idp.refresh(old).await, StatusCode::BAD_REQUEST, "invalid_grant").await;
    assert_eq!(idp.refresh(renewed["refresh_token"].as_str().unwrap()).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_refresh_cannot_widen_the_scope() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let refresh_token = tokens["refresh_token"].as_str().unwrap();
    let form = [("grant_type", "refresh_token"), ("refresh_token", refresh_token), ("scope", "openid admin")];
    assert_oauth_error(idp.token(&form).await, StatusCode::BAD_REQUEST, "invalid_scope").await;
}

#[tokio::test]
async fn an_unsupported_or_missing_grant_type_is_refused() {
    let idp = Provider::spawn().await;
    let response = idp.token(&[("grant_type", "password"), ("username", "marie")]).await;
    assert_oauth_error(response, StatusCode::BAD_REQUEST, "unsupported_grant_type").await;
    let response = idp.token(&[("code", "x")]).await;
    assert_oauth_error(response, StatusCode::BAD_REQUEST, "invalid_request").await;
}

#[tokio::test]
async fn userinfo_answers_the_member_of_a_live_access_token() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in("100004").await;
    let bearer = format!("Bearer {}", tokens["access_token"].as_str().unwrap());
    let response = idp.userinfo(Some(&bearer)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let claims: Value = response.json().await.unwrap();
    assert_eq!(claims["NUMERO_PERSONNE"], "100004");
    assert_eq!(claims["given_name"], "Paul");
    assert_eq!(claims["family_name"], "DURAND");
    assert_eq!(claims["email"], "paul.durand@example.org");
    assert!(claims["sub"].is_string());
}

#[tokio::test]
async fn userinfo_refuses_a_missing_forged_or_wrong_kind_of_token() {
    let idp = Provider::spawn().await;
    let response = idp.userinfo(None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let challenge = header(response.headers(), "www-authenticate");
    assert!(challenge.starts_with("Bearer") && !challenge.contains("error="), "{challenge}");

    let (tokens, _) = idp.sign_in(MARIE).await;
    let access_token = tokens["access_token"].as_str().unwrap();
    let (head, rest) = access_token.split_once('.').unwrap();
    let (_, signature) = rest.split_once('.').unwrap();
    let mut claims = idp.verify(access_token).await;
    claims["NUMERO_PERSONNE"] = "100002".into();
    let forged = format!("{head}.{}.{signature}", URL_SAFE_NO_PAD.encode(claims.to_string()));
    for token in [forged.as_str(), tokens["id_token"].as_str().unwrap(), "garbage"] {
        let response = idp.userinfo(Some(&format!("Bearer {token}"))).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert!(header(response.headers(), "www-authenticate").contains("error=\"invalid_token\""));
    }
}

#[tokio::test]
async fn userinfo_refuses_an_expired_access_token() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let access_token = tokens["access_token"].as_str().unwrap();
    // The provider's own token, signed again by its own key, as it will be once expired.
    let mut claims = idp.verify(access_token).await;
    let exp = claims["exp"].as_u64().unwrap();
    claims["exp"] = (exp - 3600).into();
    claims["iat"] = (exp - 3660).into();
    let mut signed_as = jsonwebtoken::Header::new(Algorithm::ES256);
    signed_as.kid = jsonwebtoken::decode_header(access_token).unwrap().kid;
    let pem = std::fs::read(idp.app.data_dir().join("idp-signing-key-es256.pem")).unwrap();
    let expired =
        jsonwebtoken::encode(&signed_as, &claims, &jsonwebtoken::EncodingKey::from_ec_pem(&pem).unwrap())
            .unwrap();
    let response = idp.userinfo(Some(&format!("Bearer {expired}"))).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(header(response.headers(), "www-authenticate").contains("error=\"invalid_token\""));
}

#[tokio::test]
async fn logout_refuses_an_unregistered_post_logout_redirect_uri() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let id_token = tokens["id_token"].as_str().unwrap();
    let response = idp
        .logout(&[("id_token_hint", id_token), ("post_logout_redirect_uri", "https://evil.example/")])
        .await;
    assert_error_page(response, "Adresse de retour non autorisée").await;
    // Nothing was ended by the refused call.
    assert_eq!(idp.refresh(tokens["refresh_token"].as_str().unwrap()).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn logout_refuses_a_post_logout_redirect_uri_without_hint_or_client() {
    let idp = Provider::spawn().await;
    let root = format!("{}/", idp.portal);
    let response = idp.logout(&[("post_logout_redirect_uri", &root)]).await;
    assert_error_page(response, "Adresse de retour non autorisée").await;
}

#[tokio::test]
async fn logout_refuses_a_malformed_request_or_another_client() {
    let idp = Provider::spawn().await;
    let response = idp.logout(&[("state", "a"), ("state", "b")]).await;
    assert_error_page(response, "Demande de déconnexion illisible").await;
    let response = idp.logout(&[("client_id", "intruder")]).await;
    assert_error_page(response, "Application inconnue").await;
}

#[tokio::test]
async fn logout_refuses_a_forged_id_token_hint() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let access_token = tokens["access_token"].as_str().unwrap();
    let response = idp.logout(&[("id_token_hint", access_token)]).await;
    assert_error_page(response, "Demande de déconnexion refusée").await;
}

#[tokio::test]
async fn logout_without_a_return_address_shows_a_signed_out_page() {
    let idp = Provider::spawn().await;
    let response = idp.logout(&[("client_id", CLIENT_ID)]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains("Vous êtes déconnecté"));
}

#[tokio::test]
async fn logout_posts_a_back_channel_logout_token_ends_the_session_and_returns_to_the_portal() {
    // The receiver stands in for the portal: it is the public URL the provider serves.
    let portal = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/auth/backchannel-logout"))
        .respond_with(ResponseTemplate::new(200))
        .expect(1)
        .mount(&portal)
        .await;
    let public_url: Url = format!("{}/", portal.uri()).parse().unwrap();
    let idp = Provider::spawn_with(behind(public_url)).await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let id_token = tokens["id_token"].as_str().unwrap();
    let root = format!("{}/", idp.portal);

    let response = idp
        .logout(&[("id_token_hint", id_token), ("post_logout_redirect_uri", &root), ("state", "s-42")])
        .await;
    assert!(response.status().is_redirection());
    assert_eq!(redirected_to(&response).as_str(), format!("{root}?state=s-42"));

    let received = portal.received_requests().await.unwrap();
    let body = String::from_utf8(received[0].body.clone()).unwrap();
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    let logout = idp.verify(&form["logout_token"]).await;
    let signed_in = idp.verify(id_token).await;
    assert_eq!(logout["sid"], signed_in["sid"]);
    assert_eq!(logout["sub"], signed_in["sub"]);
    assert!(logout["jti"].is_string());
    assert!(logout["events"]["http://schemas.openid.net/event/backchannel-logout"].is_object());
    assert!(logout.get("nonce").is_none());
    let logout_header = jsonwebtoken::decode_header(&form["logout_token"]).unwrap();
    assert_eq!(logout_header.typ.as_deref(), Some("logout+jwt"));

    let refresh = idp.refresh(tokens["refresh_token"].as_str().unwrap()).await;
    assert_oauth_error(refresh, StatusCode::BAD_REQUEST, "invalid_grant").await;
    let bearer = format!("Bearer {}", tokens["access_token"].as_str().unwrap());
    assert_eq!(idp.userinfo(Some(&bearer)).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_still_completes_when_the_back_channel_receiver_fails() {
    let portal = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).mount(&portal).await;
    let public_url: Url = format!("{}/", portal.uri()).parse().unwrap();
    let idp = Provider::spawn_with(behind(public_url)).await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let root = format!("{}/", idp.portal);
    let hint = tokens["id_token"].as_str().unwrap();
    let response = idp.logout(&[("id_token_hint", hint), ("post_logout_redirect_uri", &root)]).await;
    assert!(response.status().is_redirection());
    let refresh = idp.refresh(tokens["refresh_token"].as_str().unwrap()).await;
    assert_oauth_error(refresh, StatusCode::BAD_REQUEST, "invalid_grant").await;
}

#[tokio::test]
async fn revocation_makes_a_refresh_token_unusable() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let refresh_token = tokens["refresh_token"].as_str().unwrap();
    let revoke = |token: &str| {
        let form = [("token", token.to_owned()), ("token_type_hint", "refresh_token".to_owned())];
        idp.app.client.post(idp.url("/revoke")).basic_auth(CLIENT_ID, Some(CLIENT_SECRET)).form(&form).send()
    };
    assert_eq!(revoke(refresh_token).await.unwrap().status(), StatusCode::OK);
    assert_oauth_error(idp.refresh(refresh_token).await, StatusCode::BAD_REQUEST, "invalid_grant").await;
    assert_eq!(revoke("never-issued").await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn revocation_requires_client_authentication() {
    let idp = Provider::spawn().await;
    let (tokens, _) = idp.sign_in(MARIE).await;
    let refresh_token = tokens["refresh_token"].as_str().unwrap();
    let form = [("token", refresh_token)];
    let response = idp.app.client.post(idp.url("/revoke")).form(&form).send().await.unwrap();
    assert_oauth_error(response, StatusCode::UNAUTHORIZED, "invalid_client").await;
    assert_eq!(idp.refresh(refresh_token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_signing_key_is_kept_across_a_restart_on_the_same_data_folder() {
    let data_dir = tempfile::tempdir().unwrap();
    let on_same_folder = |settings: &mut Settings| settings.data_dir = data_dir.path().to_path_buf();
    let first = Provider::spawn_with(on_same_folder).await.jwks().await;
    let second = Provider::spawn_with(on_same_folder).await.jwks().await;
    let kid = |set: &JwkSet| set.keys[0].common.key_id.clone().expect("published with a kid");
    assert_eq!(kid(&first), kid(&second));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let key_file = data_dir.path().join("idp-signing-key-es256.pem");
        assert_eq!(std::fs::metadata(key_file).unwrap().permissions().mode() & 0o777, 0o600);
    }
}

/// RFC 9126: the client pushes its request, authenticated; the same checks as at `/auth` apply;
/// the answer names it for the browser's address, once; the sign-in then goes on as usual.
#[tokio::test]
async fn a_pushed_request_is_authenticated_checked_named_once_and_signs_in() {
    let idp = Provider::spawn().await;
    let request = Request::new();
    let params = idp.authorize_params(&request, &[]);
    let push = |params: &[(String, String)]| idp.app.client.post(idp.url("/par")).form(params);

    assert_eq!(
        push(&params).send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED,
        "no client authentication"
    );
    let without_pkce = idp.authorize_params(&request, &[("code_challenge", "")]);
    let refused = push(&without_pkce).basic_auth(CLIENT_ID, Some(CLIENT_SECRET)).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(refused.json::<Value>().await.unwrap()["error"], "invalid_request");

    let pushed = push(&params).basic_auth(CLIENT_ID, Some(CLIENT_SECRET)).send().await.unwrap();
    assert_eq!(pushed.status(), StatusCode::CREATED);
    assert_eq!(header(pushed.headers(), "cache-control"), "no-store");
    let pushed: Value = pushed.json().await.unwrap();
    let request_uri = pushed["request_uri"].as_str().unwrap();
    assert!(request_uri.starts_with("urn:ietf:params:oauth:request_uri:"), "{request_uri}");
    assert_eq!(pushed["expires_in"], 60);

    let authorize =
        Url::parse_with_params(&idp.url("/auth"), [("client_id", CLIENT_ID), ("request_uri", request_uri)])
            .unwrap();
    let page = idp.app.client.get(authorize.clone()).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let page = page.text().await.unwrap();
    let pending = page.split("name=\"request\" value=\"").nth(1).unwrap().split('"').next().unwrap();
    let chosen = idp.choose(pending, MARIE).await;
    let back = Url::parse(header(chosen.headers(), "location")).unwrap();
    assert!(back.as_str().starts_with(&idp.redirect_uri()));
    let state = back.query_pairs().find(|(name, _)| name == "state").map(|(_, value)| value.into_owned());
    assert_eq!(state.as_deref(), Some(request.state.as_str()), "the pushed request's own state");

    let replayed = idp.app.client.get(authorize).send().await.unwrap();
    assert_eq!(replayed.status(), StatusCode::BAD_REQUEST, "a request_uri names its request once");
}
