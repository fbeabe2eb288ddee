//! The member API checks bearer tokens like a real resource server, and signs members in.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::Method;
use serde_json::json;

use crate::api::{
    JEAN, LEA, MARIE, PAUL, SOPHIE, assert_refused, forge, now, sign, sign_with_key_id, spawn_api,
    spawn_api_with,
};
use crate::dpop_client::ClientKey;
use crate::helpers::header;

#[tokio::test]
async fn a_request_without_token_is_unauthorized() {
    let api = spawn_api().await;
    let response = api.call(Method::GET, "assure/infos", None, None).await;
    assert_eq!(header(response.headers(), "www-authenticate"), "Bearer realm=\"member-api\"");
    let message = assert_refused(response, 401).await;
    assert_eq!(message, "Votre session a expiré. Veuillez vous reconnecter.");
}

#[tokio::test]
async fn a_forged_signature_is_unauthorized() {
    let api = spawn_api().await;
    let token = forge(&api.claims(MARIE));
    assert_refused(api.call(Method::GET, "assure/infos", Some(&token), None).await, 401).await;
}

#[tokio::test]
async fn an_expired_token_is_unauthorized() {
    let api = spawn_api().await;
    let mut claims = api.claims(MARIE);
    claims["exp"] = json!(now() - 3600);
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
}

#[tokio::test]
async fn a_token_for_another_audience_is_unauthorized() {
    let api = spawn_api().await;
    let mut claims = api.claims(MARIE);
    claims["aud"] = json!("account");
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
}

#[tokio::test]
async fn a_token_from_another_issuer_is_unauthorized() {
    let api = spawn_api().await;
    let mut claims = api.claims(MARIE);
    claims["iss"] = json!("https://sso.example.org/realms/other");
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
}

#[tokio::test]
async fn an_id_token_is_not_an_access_token() {
    let api = spawn_api().await;
    let mut claims = api.claims(MARIE);
    claims["typ"] = json!("ID");
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
    claims.as_object_mut().unwrap().remove("typ");
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
}

#[tokio::test]
async fn an_unsigned_token_is_unauthorized() {
    let api = spawn_api().await;
    let encode = |value: serde_json::Value| URL_SAFE_NO_PAD.encode(value.to_string());
    let token = format!("{}.{}.", encode(json!({"alg": "none", "typ": "JWT"})), encode(api.claims(MARIE)));
    assert_refused(api.call(Method::GET, "assure/infos", Some(&token), None).await, 401).await;
}

#[tokio::test]
async fn a_token_without_person_number_or_for_an_unknown_member_is_unauthorized() {
    let api = spawn_api().await;
    let mut claims = api.claims(MARIE);
    claims.as_object_mut().unwrap().remove("NUMERO_PERSONNE");
    assert_refused(api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await, 401).await;
    assert_refused(api.get("999999", "assure/infos").await, 401).await;
}

#[tokio::test]
async fn the_person_number_claim_name_is_configurable() {
    let api = spawn_api_with(|settings| settings.person_number_claim = "numero_adherent".into()).await;
    let mut claims = api.claims(PAUL);
    claims["numero_adherent"] = json!(PAUL);
    claims.as_object_mut().unwrap().remove("NUMERO_PERSONNE");
    let response = api.call(Method::GET, "assure/infos", Some(&sign(&claims)), None).await;
    assert_eq!(response.status(), 200);
    assert_person(response, PAUL).await;
}

async fn assert_person(response: reqwest::Response, person: &str) {
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["numeroPersonne"], person);
}

#[tokio::test]
async fn unknown_key_ids_do_not_make_the_api_hammer_the_issuer() {
    let api = spawn_api().await;
    for _ in 0..3 {
        let token = sign_with_key_id(&api.claims(MARIE), "rotated-key");
        assert_refused(api.call(Method::GET, "assure/infos", Some(&token), None).await, 401).await;
    }
    let jwks_fetches = api
        .issuer
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|request| request.url.path().ends_with("/certs"))
        .count();
    assert_eq!(jwks_fetches, 1, "keys are fetched again at most every 30 seconds");
}

#[tokio::test]
async fn an_unreachable_issuer_makes_the_api_unavailable_not_broken() {
    let api = spawn_api().await;
    api.issuer.reset().await;
    let message = assert_refused(api.get(MARIE, "assure/infos").await, 503).await;
    assert!(message.contains("authentification"), "{message}");
}

#[tokio::test]
async fn sign_in_answers_the_user_the_version_and_the_card_url() {
    let api = spawn_api().await;
    let response = api.send(Method::POST, MARIE, "compte/auth", json!({"Login": MARIE, "Type": "ADH"})).await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    let user = &body["User"];
    assert_eq!(user["Civilite"], "Mme");
    assert_eq!(user["Prenom"], "Marie");
    assert_eq!(user["Nom"], "DUPONT");
    assert_eq!(user["numeroPersonne"], MARIE);
    assert_eq!(user["email"], "marie.dupont@example.org");
    assert_eq!(body["VersionNum"], env!("CARGO_PKG_VERSION"));
    let card_url = body["smartCarteUrl"].as_str().unwrap();
    assert!(card_url.starts_with(&format!("{}/api/assure/carte-tp-detail/", api.app.address)), "{card_url}");
}

#[tokio::test]
async fn sign_in_flags_follow_each_demo_member() {
    let api = spawn_api().await;
    // (member, courtier, Radie, Futur, AuMoinsUnContratActifEtIndividuel, CarteTp, CarteTpSuivante)
    let expected = [
        (MARIE, None, false, false, true, true, false),
        (JEAN, None, true, false, false, false, false),
        (LEA, None, false, true, false, false, true),
        (PAUL, Some("CABINET CHESNEAU ASSURANCES"), false, false, false, true, false),
        (SOPHIE, None, false, false, true, true, true),
    ];
    for (member, courtier, radie, futur, individuel, carte, suivante) in expected {
        let response =
            api.send(Method::POST, member, "compte/auth", json!({"Login": member, "Type": "ADH"})).await;
        let body: serde_json::Value = response.json().await.unwrap();
        let user = &body["User"];
        assert_eq!(user["courtier"], json!(courtier), "{member}");
        assert_eq!(user["Radie"], radie, "{member}");
        assert_eq!(user["Futur"], futur, "{member}");
        assert_eq!(user["AuMoinsUnContratActifEtIndividuel"], individuel, "{member}");
        assert_eq!(user["CarteTp"], carte, "{member}");
        assert_eq!(user["CarteTpSuivante"], suivante, "{member}");
        assert_eq!(body["smartCarteUrl"].is_string(), carte || suivante, "{member}");
    }
}

#[tokio::test]
async fn signing_in_as_another_member_is_forbidden() {
    let api = spawn_api().await;
    let response = api.send(Method::POST, MARIE, "compte/auth", json!({"Login": PAUL, "Type": "ADH"})).await;
    assert_refused(response, 403).await;
}

#[tokio::test]
async fn signing_in_with_another_type_than_adh_is_a_bad_request() {
    let api = spawn_api().await;
    let response = api.send(Method::POST, MARIE, "compte/auth", json!({"Login": MARIE, "Type": "ENT"})).await;
    let message = assert_refused(response, 400).await;
    assert!(message.contains("ADH"), "{message}");
    let malformed = api.send(Method::POST, MARIE, "compte/auth", json!({"Type": "ADH"})).await;
    assert_refused(malformed, 400).await;
}

/// RFC 9449 §7: a token bound to a key (`cnf.jkt`) is a bearer token no more; each call comes
/// with a proof of that key, for this method and address, with the token's hash, once.
#[tokio::test]
async fn a_token_bound_to_a_key_is_taken_only_with_a_fresh_proof_of_that_key_for_the_call() {
    let api = spawn_api().await;
    let key = ClientKey::new(7);
    let mut claims = api.claims(MARIE);
    claims["cnf"] = json!({ "jkt": key.jkt() });
    let token = sign(&claims);
    let url = format!("{}/_demo/api/assure/infos", api.app.address);
    let send = |scheme: &str, proof: Option<String>| {
        let mut request = api.app.client.get(&url).header("Authorization", format!("{scheme} {token}"));
        if let Some(proof) = proof {
            request = request.header("DPoP", proof);
        }
        request.send()
    };
    assert_refused(send("Bearer", None).await.unwrap(), 401).await;
    assert_refused(send("DPoP", None).await.unwrap(), 401).await;

    let proof = key.proof("GET", &url, Some(&token), None);
    assert_eq!(send("DPoP", Some(proof.clone())).await.unwrap().status(), 200);
    assert_refused(send("DPoP", Some(proof)).await.unwrap(), 401).await;

    let elsewhere = format!("{}/_demo/api/assure/contrats", api.app.address);
    assert_refused(send("DPoP", Some(key.proof("GET", &elsewhere, Some(&token), None))).await.unwrap(), 401)
        .await;
    assert_refused(send("DPoP", Some(key.proof("POST", &url, Some(&token), None))).await.unwrap(), 401).await;
    assert_refused(send("DPoP", Some(key.proof("GET", &url, Some("another"), None))).await.unwrap(), 401)
        .await;
    let stranger = ClientKey::new(9);
    assert_refused(send("DPoP", Some(stranger.proof("GET", &url, Some(&token), None))).await.unwrap(), 401)
        .await;
    assert_eq!(send("dpop", Some(key.proof("GET", &url, Some(&token), None))).await.unwrap().status(), 200);
}

#[tokio::test]
async fn a_token_bound_to_no_key_is_refused_with_the_dpop_scheme() {
    let api = spawn_api().await;
    let token = api.token(MARIE);
    let url = format!("{}/_demo/api/assure/infos", api.app.address);
    let proof = ClientKey::new(7).proof("GET", &url, Some(&token), None);
    let response =
        api.app.client.get(&url).header("Authorization", format!("DPoP {token}")).header("DPoP", proof);
    assert_refused(response.send().await.unwrap(), 401).await;
}
