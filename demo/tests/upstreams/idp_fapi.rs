//! What FAPI 2.0 asks of the provider beyond plain OpenID Connect, as the portal uses it: tokens
//! bound to the client's DPoP key (RFC 9449), after a nonce of the provider's, and clients
//! registered with their keys (`private_key_jwt`).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::dpop_client::ClientKey;
use crate::helpers::{CLIENT_ID, CLIENT_SECRET, header};
use crate::idp::{MARIE, Provider, Request, assert_oauth_error};

impl Provider {
    /// The code of a new sign-in of Marie, with the form that exchanges it.
    async fn code_form(&self) -> Vec<(String, String)> {
        let request = Request::new();
        let code = self.code(&request, MARIE).await;
        [
            ("grant_type", "authorization_code".to_owned()),
            ("code", code),
            ("redirect_uri", self.redirect_uri()),
            ("code_verifier", request.verifier.clone()),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
    }

    /// A token request with the client's secret and, when given, a DPoP proof.
    async fn token_with_proof(&self, form: &[(String, String)], proof: Option<String>) -> reqwest::Response {
        let mut request =
            self.app.client.post(self.url("/token")).basic_auth(CLIENT_ID, Some(CLIENT_SECRET)).form(form);
        if let Some(proof) = proof {
            request = request.header("DPoP", proof);
        }
        request.send().await.unwrap()
    }
}

#[tokio::test]
async fn a_proof_at_the_token_endpoint_is_asked_a_nonce_then_its_key_binds_the_tokens() {
    let idp = Provider::spawn().await;
    let discovery: Value = idp
        .app
        .client
        .get(idp.url("/.well-known/openid-configuration"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(discovery["dpop_signing_alg_values_supported"].as_array().unwrap().contains(&json!("ES256")));
    let key = ClientKey::new(7);
    let token_endpoint = format!("{}/token", idp.issuer());
    let form = idp.code_form().await;

    let asked = idp.token_with_proof(&form, Some(key.proof("POST", &token_endpoint, None, None))).await;
    let nonce = header(asked.headers(), "dpop-nonce").to_owned();
    assert!(!nonce.is_empty());
    assert_oauth_error(asked, StatusCode::BAD_REQUEST, "use_dpop_nonce").await;

    // The code was not spent by the request the nonce was asked of.
    let proof = key.proof("POST", &token_endpoint, None, Some(&nonce));
    let answer = idp.token_with_proof(&form, Some(proof.clone())).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let tokens: Value = answer.json().await.unwrap();
    assert_eq!(tokens["token_type"], "DPoP");
    let access_token = tokens["access_token"].as_str().unwrap();
    assert_eq!(idp.verify(access_token).await["cnf"]["jkt"], key.jkt());

    let refresh = [
        ("grant_type".to_owned(), "refresh_token".to_owned()),
        ("refresh_token".to_owned(), tokens["refresh_token"].as_str().unwrap().to_owned()),
    ];
    let replayed = idp.token_with_proof(&refresh, Some(proof)).await;
    assert_oauth_error(replayed, StatusCode::BAD_REQUEST, "invalid_dpop_proof").await;
    let for_elsewhere = key.proof("POST", &idp.issuer(), None, Some(&nonce));
    assert_oauth_error(
        idp.token_with_proof(&refresh, Some(for_elsewhere)).await,
        StatusCode::BAD_REQUEST,
        "invalid_dpop_proof",
    )
    .await;

    // userinfo takes the bound token with a proof of its key only.
    let userinfo = format!("{}/userinfo", idp.issuer());
    let call = |scheme: &str, proof: Option<String>| {
        let mut request = idp
            .app
            .client
            .get(idp.url("/userinfo"))
            .header("Authorization", format!("{scheme} {access_token}"));
        if let Some(proof) = proof {
            request = request.header("DPoP", proof);
        }
        request.send()
    };
    assert_eq!(call("Bearer", None).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    let proven = call("DPoP", Some(key.proof("GET", &userinfo, Some(access_token), None))).await.unwrap();
    assert_eq!(proven.status(), StatusCode::OK);
    let stranger = ClientKey::new(9).proof("GET", &userinfo, Some(access_token), None);
    assert_eq!(call("DPoP", Some(stranger)).await.unwrap().status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_client_registered_with_its_keys_authenticates_by_a_fresh_assertion_for_this_provider() {
    let key = ClientKey::new(5);
    let published = key.published();
    let idp = Provider::spawn_with(|settings| settings.client_keys = Some(published)).await;
    let discovery: Value = idp
        .app
        .client
        .get(idp.url("/.well-known/openid-configuration"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(discovery["token_endpoint_auth_methods_supported"], json!(["private_key_jwt"]));
    let form = idp.code_form().await;
    let post = |assertion: Option<String>, secret: bool| {
        let mut form = form.clone();
        if let Some(assertion) = assertion {
            form.push((
                "client_assertion_type".into(),
                "urn:ietf:params:oauth:client-assertion-type:jwt-bearer".into(),
            ));
            form.push(("client_assertion".into(), assertion));
        }
        let mut request = idp.app.client.post(idp.url("/token")).form(&form);
        if secret {
            request = request.basic_auth(CLIENT_ID, Some(CLIENT_SECRET));
        }
        request.send()
    };
    let issuer = idp.issuer();
    assert_oauth_error(post(None, true).await.unwrap(), StatusCode::UNAUTHORIZED, "invalid_client").await;
    assert_oauth_error(post(None, false).await.unwrap(), StatusCode::UNAUTHORIZED, "invalid_client").await;
    let for_another = key.assertion(CLIENT_ID, "https://sso.example/realms/other", json!({}));
    assert_oauth_error(
        post(Some(for_another), false).await.unwrap(),
        StatusCode::UNAUTHORIZED,
        "invalid_client",
    )
    .await;
    let of_another_client = key.assertion("intruder", &issuer, json!({}));
    assert_oauth_error(
        post(Some(of_another_client), false).await.unwrap(),
        StatusCode::UNAUTHORIZED,
        "invalid_client",
    )
    .await;
    let too_long = key.assertion(CLIENT_ID, &issuer, json!({ "exp": crate::api::now() + 3_600 }));
    assert_oauth_error(
        post(Some(too_long), false).await.unwrap(),
        StatusCode::UNAUTHORIZED,
        "invalid_client",
    )
    .await;
    let unpublished = ClientKey::new(6).assertion(CLIENT_ID, &issuer, json!({}));
    assert_oauth_error(
        post(Some(unpublished), false).await.unwrap(),
        StatusCode::UNAUTHORIZED,
        "invalid_client",
    )
    .await;

    let assertion = key.assertion(CLIENT_ID, &issuer, json!({}));
    assert_eq!(post(Some(assertion.clone()), false).await.unwrap().status(), StatusCode::OK);
    let replayed = post(Some(assertion), false).await.unwrap();
    assert_oauth_error(replayed, StatusCode::UNAUTHORIZED, "invalid_client").await;
}
