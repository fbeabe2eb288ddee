//! DPoP (RFC 9449, `oidc.dpop`): each session's tokens are bound to a key of its own, and every
//! use of them carries a proof of that key: the token endpoint (after the nonce a provider may
//! ask for), the member API, the revocation at sign-out. Against a stand-in that shows what it
//! received, then through the demo's own provider and member API, which check the proofs.

use std::collections::HashMap;

use jsonwebtoken::jwk::ThumbprintHash;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{query, sign_in_through_the_demo_provider, spawn_app_with, spawn_app_with_idp};

/// A proof's claims once its signature is checked with the key it carries, and that key's
/// thumbprint.
fn checked(proof: &str) -> (Value, String) {
    let header = jsonwebtoken::decode_header(proof).unwrap();
    assert_eq!(header.typ.as_deref(), Some("dpop+jwt"));
    let jwk = header.jwk.expect("a proof carries its public key");
    let mut validation = Validation::new(Algorithm::ES256);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    validation.validate_aud = false;
    let claims = jsonwebtoken::decode::<Value>(proof, &DecodingKey::from_jwk(&jwk).unwrap(), &validation)
        .expect("signed by the key it carries")
        .claims;
    (claims, jwk.thumbprint(ThumbprintHash::SHA256).unwrap())
}

fn ath(token: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(token.as_bytes()))
}

fn header<'a>(request: &'a wiremock::Request, name: &str) -> Option<&'a str> {
    request.headers.get(name).map(|value| value.to_str().unwrap())
}

/// Tokens bound by the stand-in, for `nonce` when they come with an ID token.
fn bound_tokens(idp: &FakeIdp, access_token: &str, nonce: Option<&str>, expires_in: i64) -> Value {
    let mut tokens = json!({
        "access_token": access_token, "token_type": "DPoP", "expires_in": expires_in, "refresh_token": "refresh-1",
    });
    if let Some(nonce) = nonce {
        tokens["id_token"] = idp.id_token_with(nonce, json!({})).into();
    }
    tokens
}

#[tokio::test]
async fn every_use_of_a_sessions_tokens_carries_a_proof_of_its_one_key_and_a_nonce_asked_is_honoured() {
    let idp = FakeIdp::start().await;
    idp.accepts_revocations().await;
    let api = member_api(200).await;
    Mock::given(method("GET"))
        .and(path("/api/assure/beneficiaires"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&api)
        .await;
    let app = spawn_app_with_idp(&idp, &api, |settings| settings.oidc.dpop = true).await;
    let authorize = app.start_login("/home").await;
    // The provider wants its nonce in proofs (RFC 9449 §8), and says so at the first request.
    Mock::given(method("POST"))
        .and(path("/realms/test/token"))
        .respond_with(
            ResponseTemplate::new(400)
                .insert_header("DPoP-Nonce", "nonce-1")
                .set_body_json(json!({ "error": "use_dpop_nonce" })),
        )
        .up_to_n_times(1)
        .mount(&idp.server)
        .await;
    // A token given for no time at all: the next call refreshes it first.
    idp.token_answers(200, bound_tokens(&idp, "access-1", Some(&query(&authorize, "nonce")), 0)).await;
    idp.token_answers(200, bound_tokens(&idp, "access-2", None, 300)).await;
    let state = query(&authorize, "state");
    assert_eq!(app.callback(&format!("code=abc&state={state}")).await, "/home");
    assert_eq!(app.get("/api/assure/beneficiaires", &[]).await.status(), 200);
    let xsrf = app.xsrf_token();
    let signed_out = app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(signed_out.status(), 200);

    let mut keys = Vec::new();
    let mut jtis = Vec::new();
    let token_endpoint = format!("{}/token", idp.issuer);
    let to_provider = idp.server.received_requests().await.unwrap();
    let token_requests: Vec<_> =
        to_provider.iter().filter(|request| request.url.path() == "/realms/test/token").collect();
    assert_eq!(token_requests.len(), 3, "asked a nonce, the code again with it, the refresh");
    for (number, request) in token_requests.iter().enumerate() {
        let (claims, key) = checked(header(request, "dpop").expect("a proof with each token request"));
        assert_eq!((&claims["htm"], &claims["htu"]), (&json!("POST"), &json!(token_endpoint)));
        assert_eq!(claims.get("nonce"), (number > 0).then(|| json!("nonce-1")).as_ref(), "request {number}");
        assert!(claims.get("ath").is_none(), "no token is presented to the token endpoint");
        let form: HashMap<String, String> = url::form_urlencoded::parse(&request.body).into_owned().collect();
        assert_eq!(form["grant_type"], ["authorization_code", "authorization_code", "refresh_token"][number]);
        keys.push(key);
        jtis.push(claims["jti"].clone());
    }
    let to_api = api.received_requests().await.unwrap();
    for (call, token) in [("/api/compte/auth", "access-1"), ("/api/assure/beneficiaires", "access-2")] {
        let request = to_api.iter().find(|request| request.url.path() == call).unwrap();
        assert_eq!(header(request, "authorization"), Some(format!("DPoP {token}").as_str()));
        let (claims, key) = checked(header(request, "dpop").expect("a proof with each call"));
        assert_eq!(claims["htu"], format!("{}{call}", api.uri()));
        assert_eq!(claims["htm"], request.method.as_str());
        assert_eq!(claims["ath"], ath(token));
        keys.push(key);
        jtis.push(claims["jti"].clone());
    }
    let revocation = to_provider.iter().find(|request| request.url.path() == "/realms/test/revoke").unwrap();
    let (claims, key) = checked(header(revocation, "dpop").expect("a proof with the revocation"));
    assert_eq!(claims["htu"], format!("{}/revoke", idp.issuer));
    keys.push(key);
    jtis.push(claims["jti"].clone());

    keys.dedup();
    assert_eq!(keys.len(), 1, "one key for the whole session");
    let count = jtis.len();
    jtis.dedup();
    assert_eq!(jtis.len(), count, "a fresh proof each time");
}

#[tokio::test]
async fn a_provider_that_does_not_bind_its_tokens_has_them_used_as_bearer_tokens() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |settings| settings.oidc.dpop = true).await;
    app.sign_in(&idp, 300).await;
    let to_api = api.received_requests().await.unwrap();
    let sign_in = to_api.iter().find(|request| request.url.path() == "/api/compte/auth").unwrap();
    assert!(header(sign_in, "authorization").unwrap().starts_with("Bearer "));
    assert_eq!(header(sign_in, "dpop"), None);
}

/// The demo's provider asks a nonce and binds the tokens to the session's key, its member API
/// takes them only with a valid proof of that key: the portal's proofs are right.
#[tokio::test]
async fn the_demo_signs_in_with_a_key_instead_of_a_secret_and_reads_with_bound_tokens() {
    let app = spawn_app_with(|settings| {
        settings.oidc.dpop = true;
        settings.oidc.client_auth = espace_assure::config::ClientAuth::PrivateKeyJwt;
        settings.oidc.client_assertion_key =
            Some(include_str!("../fixtures/client-v1-key.pem").to_owned().into());
    })
    .await;
    let browser = reqwest::Client::builder().cookie_store(true).build().unwrap();
    sign_in_through_the_demo_provider(&app.address, &browser).await;
    let read = browser.get(format!("{}/api/assure/beneficiaires", app.address)).send().await.unwrap();
    assert_eq!(read.status(), 200);
    let token_calls = crate::health::calls(&app, "identity_provider", "token").await;
    assert_eq!(token_calls, 2, "the nonce asked, then the code exchanged");
}
