//! A SEPA mandate signed online (docs/product/member-api.md#sepa-mandate), through the demo
//! binary: the member asks for a mandate for a new debit account, receives the one-time code
//! by email, signs, and finds the signed mandate among their documents; the account
//! contributions are taken from changes in no other way.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{Browser, outbox_showing, spawn_app};

const PAUL: &str = "100004";
const CLAIRE: &str = "900001";

fn nouveau_compte() -> serde_json::Value {
    json!({ "titulaire": "Paul DURAND", "iban": "FR14 2004 1010 0505 0001 3M02 606", "bic": "PSSTFRPPXXX" })
}

#[tokio::test]
async fn paul_signs_a_mandate_for_his_new_account_with_the_code_he_received() {
    let app = spawn_app().await;
    let paul = Browser::on(&app);
    paul.sign_in(PAUL).await;
    let (status, mandat) = paul.send(Method::POST, "/api/assure/mandats", Some(nouveau_compte())).await;
    assert_eq!(status, 201, "{mandat}");
    assert_eq!(
        (mandat["statut"].as_str(), mandat["ics"].as_str()),
        (Some("A_SIGNER"), Some("FR72ZZZ123456"))
    );
    let rum = mandat["rum"].as_str().unwrap().to_owned();

    let outbox = outbox_showing(&app, "Votre code de signature du mandat de prélèvement").await;
    let code: String = outbox
        .split("mandat de prélèvement SEPA dans votre espace assuré : ")
        .nth(1)
        .expect("the code's email")
        .chars()
        .take(6)
        .collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{code}");
    let wrong = if code == "000000" { "111111" } else { "000000" };

    let signature = format!("/api/assure/mandats/{rum}/signature");
    let (status, refus) = paul.send(Method::POST, &signature, Some(json!({ "code": wrong }))).await;
    assert_eq!(
        (status, refus["message"].as_str()),
        (422, Some("Ce code n’est pas le bon. Il vous reste 4 essais."))
    );
    let (status, signe) = paul.send(Method::POST, &signature, Some(json!({ "code": code }))).await;
    assert_eq!((status, signe["statut"].as_str()), (200, Some("ACTIF")), "{signe}");
    let (status, _) = paul.send(Method::POST, &signature, Some(json!({ "code": code }))).await;
    assert_eq!(status, 409, "signed once");

    let pdf = paul
        .client
        .get(format!("{}/api/document/pdf/{}", app.address, signe["documentId"]))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));
    let (_, mandats) = paul.get("/api/assure/mandats").await;
    assert_eq!(mandats["mandats"][0]["rum"], rum.as_str());

    // No other way to change the account contributions are taken from.
    let mut banque = nouveau_compte();
    banque["usage"] = json!("COTISATIONS");
    let (status, refus) = paul.send(Method::POST, "/api/assure/beneficiaire/banque", Some(banque)).await;
    assert_eq!(status, 422, "{refus}");
}

#[tokio::test]
async fn a_relative_without_the_right_to_manage_signs_no_mandate_for_the_member() {
    let app = spawn_app().await;
    let claire = Browser::on(&app);
    claire.sign_in(CLAIRE).await;
    let (status, refus) = claire.send(Method::POST, "/api/assure/mandats", Some(nouveau_compte())).await;
    assert_eq!((status, refus["code"].as_str()), (403, Some("droit_non_accorde")), "{refus}");
}
