//! « Mes documents » (docs/product/member-api.md#paperless): the documents the mutual issued,
//! how each kind is sent, and the member API keeping to the choice for each document it issues.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{MARIE, assert_refused, pdf, spawn_api};

/// Marie sends a quote; the mutual's answer is one of the documents it issued, sent as her
/// letters are wanted.
async fn devis_repondu(api: &crate::api::ApiApp) -> i64 {
    let beneficiaire = api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    let document = api.upload_one(MARIE, "devis.pdf", pdf()).await;
    let lignes =
        json!([{ "soin": "DENTAIRE_COURONNE", "centPourCentSante": true, "prix": 500, "code": null }]);
    let body = json!({ "idBeneficiaire": beneficiaire, "lignes": lignes, "idDocuments": [document] });
    let created = api.send(Method::POST, MARIE, "document/creationDevis", body).await;
    assert_eq!(created.status(), 201);
    created.json::<Value>().await.unwrap()["devis"]["documentReponse"].as_i64().unwrap()
}

fn canal_de(documents: &Value, id: i64) -> Value {
    documents["documents"].as_array().unwrap().iter().find(|document| document["id"] == id).unwrap()["canal"]
        .clone()
}

#[tokio::test]
async fn each_document_issued_goes_as_its_kind_is_wanted_and_every_kind_online_is_zero_papier() {
    let api = spawn_api().await;
    let avant = api.get_json(MARIE, "assure/documents").await;
    let tout =
        |canal: &str| json!({ "ATTESTATION": canal, "RELEVE": canal, "COURRIER": canal, "ACCORD": canal });
    assert_eq!(avant["envois"], tout("POSTE"), "a member who never chose gets paper");

    let par_la_poste = devis_repondu(&api).await;
    let documents = api.get_json(MARIE, "assure/documents").await;
    let emis = &documents["documents"][0];
    assert_eq!(
        (&emis["id"], &emis["categorie"], &emis["canal"]),
        (&json!(par_la_poste), &json!("COURRIER"), &json!("POSTE"))
    );
    assert_eq!(emis["objetDemande"], "Envoi d’un devis");

    let choix =
        json!({ "ATTESTATION": "EN_LIGNE", "RELEVE": "EN_LIGNE", "COURRIER": "EN_LIGNE", "ACCORD": "POSTE" });
    let choisis = api.send(Method::PUT, MARIE, "assure/documents/envois", choix.clone()).await;
    assert_eq!(choisis.status(), 200);
    assert_eq!(choisis.json::<Value>().await.unwrap(), choix);
    assert_eq!(api.get_json(MARIE, "assure/preferences").await["zeroPapier"], false);

    let en_ligne = devis_repondu(&api).await;
    let documents = api.get_json(MARIE, "assure/documents").await;
    assert_eq!(canal_de(&documents, en_ligne), "EN_LIGNE");
    assert_eq!(canal_de(&documents, par_la_poste), "POSTE", "a document sent stays as it was sent");

    api.send(Method::PUT, MARIE, "assure/documents/envois", tout("EN_LIGNE")).await;
    assert_eq!(api.get_json(MARIE, "assure/preferences").await["zeroPapier"], true);
}

/// « Zéro papier » turned on in « Mes préférences » puts every kind online, whatever was chosen by kind.
#[tokio::test]
async fn zero_papier_turned_on_in_the_preferences_applies_to_every_kind() {
    let api = spawn_api().await;
    let choix =
        json!({ "ATTESTATION": "EN_LIGNE", "RELEVE": "POSTE", "COURRIER": "EN_LIGNE", "ACCORD": "EN_LIGNE" });
    api.send(Method::PUT, MARIE, "assure/documents/envois", choix.clone()).await;
    let mut preferences = api.get_json(MARIE, "assure/preferences").await;
    let body = json!({ "alertes": preferences["alertes"], "zeroPapier": true, "emailAlertes": preferences["emailAlertes"] });
    assert_eq!(api.send(Method::PUT, MARIE, "assure/preferences", body).await.status(), 200);
    preferences = api.get_json(MARIE, "assure/preferences").await;
    assert_eq!(preferences["zeroPapier"], true);
    assert_eq!(api.get_json(MARIE, "assure/documents").await["envois"]["RELEVE"], "EN_LIGNE");
}

#[tokio::test]
async fn a_choice_missing_a_kind_or_naming_an_unknown_channel_is_a_400() {
    let api = spawn_api().await;
    for choix in [
        json!({ "ATTESTATION": "EN_LIGNE", "RELEVE": "EN_LIGNE", "COURRIER": "EN_LIGNE" }),
        json!({ "ATTESTATION": "FAX", "RELEVE": "EN_LIGNE", "COURRIER": "EN_LIGNE", "ACCORD": "POSTE" }),
        json!({ "ATTESTATION": "en_ligne", "RELEVE": "EN_LIGNE", "COURRIER": "EN_LIGNE", "ACCORD": "POSTE" }),
    ] {
        assert_refused(api.send(Method::PUT, MARIE, "assure/documents/envois", choix).await, 400).await;
    }
}
