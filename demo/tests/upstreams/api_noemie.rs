//! The NOEMIE link of each person (`statutNoemie`): every state seeded, and an attestation de
//! droits (`ATTESTATION_VITALE`) that asks again for a missing or refused link.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, MARIE, MEMBERS, PAUL, SOPHIE, assert_refused, pdf, spawn_api};

async fn personne(api: &ApiApp, member: &str, prenom: &str) -> Value {
    let beneficiaires = api.get_json(member, "assure/beneficiaires").await;
    beneficiaires.as_array().unwrap().iter().find(|b| b["prenom"] == prenom).unwrap().clone()
}

async fn statut(api: &ApiApp, member: &str, prenom: &str) -> String {
    personne(api, member, prenom).await["statutNoemie"].as_str().unwrap().to_owned()
}

/// Sends a request of this type, with one document, for the beneficiary.
async fn envoyer(api: &ApiApp, member: &str, type_demande: &str, beneficiaire: &Value) -> reqwest::Response {
    let document = api.upload_one(member, "attestation.pdf", pdf()).await;
    let body = json!({"postCreationDocumentDto": {
        "type": type_demande, "idBeneficiaire": beneficiaire, "idDocuments": [document]
    }});
    api.send(Method::POST, member, "document/documentGedCegedim", body).await
}

#[tokio::test]
async fn every_link_state_is_seeded_for_someone() {
    let api = spawn_api().await;
    let mut statuts = Vec::new();
    for member in MEMBERS {
        for beneficiaire in api.get_json(member, "assure/beneficiaires").await.as_array().unwrap() {
            statuts.push(beneficiaire["statutNoemie"].as_str().unwrap().to_owned());
        }
    }
    for expected in ["RACCORDE", "EN_COURS_DE_RACCORDEMENT", "NON_RACCORDE", "REFUSE"] {
        assert!(statuts.iter().any(|statut| statut == expected), "{expected} in {statuts:?}");
    }
    assert_eq!(statut(&api, MARIE, "Thomas").await, "REFUSE");
    assert_eq!(statut(&api, MARIE, "Lucas").await, "EN_COURS_DE_RACCORDEMENT");
    assert_eq!(api.get_json(SOPHIE, "assure/").await["statutNoemie"], "NON_RACCORDE");
}

#[tokio::test]
async fn an_attestation_for_a_refused_or_missing_link_puts_it_in_progress() {
    let api = spawn_api().await;
    let thomas = personne(&api, MARIE, "Thomas").await;
    let response = envoyer(&api, MARIE, "ATTESTATION_VITALE", &thomas["id"]).await;
    assert_eq!(response.status(), 201);
    assert_eq!(statut(&api, MARIE, "Thomas").await, "EN_COURS_DE_RACCORDEMENT");
    let sophie = personne(&api, SOPHIE, "Sophie").await;
    assert_eq!(envoyer(&api, SOPHIE, "ATTESTATION_VITALE", &sophie["id"]).await.status(), 201);
    assert_eq!(statut(&api, SOPHIE, "Sophie").await, "EN_COURS_DE_RACCORDEMENT");
    assert_eq!(api.get_json(SOPHIE, "assure/").await["statutNoemie"], "EN_COURS_DE_RACCORDEMENT");
}

#[tokio::test]
async fn an_attestation_leaves_an_active_or_pending_link_as_it_is() {
    let api = spawn_api().await;
    for (prenom, expected) in [("Marie", "RACCORDE"), ("Lucas", "EN_COURS_DE_RACCORDEMENT")] {
        let beneficiaire = personne(&api, MARIE, prenom).await;
        assert_eq!(envoyer(&api, MARIE, "ATTESTATION_VITALE", &beneficiaire["id"]).await.status(), 201);
        assert_eq!(statut(&api, MARIE, prenom).await, expected);
    }
}

#[tokio::test]
async fn another_request_or_a_refused_one_leaves_the_link_as_it_is() {
    let api = spawn_api().await;
    let thomas = personne(&api, MARIE, "Thomas").await;
    assert_eq!(envoyer(&api, MARIE, "JUSTIFICATIF_DE_DOMICILE", &thomas["id"]).await.status(), 201);
    assert_eq!(statut(&api, MARIE, "Thomas").await, "REFUSE");
    // Another member's beneficiary: refused, and nothing of it is written.
    assert_refused(envoyer(&api, PAUL, "ATTESTATION_VITALE", &thomas["id"]).await, 403).await;
    assert_eq!(statut(&api, MARIE, "Thomas").await, "REFUSE");
    // Without a beneficiary, the request names nobody's link.
    let document = api.upload_one(MARIE, "attestation.pdf", pdf()).await;
    let body = json!({"postCreationDocumentDto": {"type": "ATTESTATION_VITALE", "idDocuments": [document]}});
    let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await;
    assert_eq!(response.status(), 201);
    assert_eq!(statut(&api, MARIE, "Thomas").await, "REFUSE");
}
