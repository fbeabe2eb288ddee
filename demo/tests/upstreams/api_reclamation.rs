//! Complaints (`document/creationReclamation`) of the demo member API: the dates the mutual
//! owes, and what a member may name in one.

use chrono::{Months, NaiveDate};
use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{MARIE, PAUL, assert_refused, spawn_api};

fn paris_today() -> NaiveDate {
    chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive()
}

fn date(value: &Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_complaint_is_recorded_with_the_dates_the_mutual_owes() {
    let api = spawn_api().await;
    let body = json!({"motif": "CONTRAT", "objet": "Garanties optiques", "numeroContrat": "IND-004512",
                      "commentaire": "Le forfait optique ne correspond pas à la brochure."});
    let response = api.send(Method::POST, MARIE, "document/creationReclamation", body).await;
    assert_eq!(response.status(), 201);
    let demande: Value = response.json().await.unwrap();
    assert_eq!((demande["TypeCode"].as_str(), demande["type"].as_str()), (Some("REC"), Some("RECLAMATION")));
    assert_eq!(demande["objet"], "Réclamation : Garanties optiques");
    let reclamation = &demande["reclamation"];
    let today = paris_today();
    assert_eq!(date(&reclamation["reponseAvant"]), today.checked_add_months(Months::new(2)).unwrap());
    // Ten working days: at least ten days later, and at most two weeks and a holiday or two.
    let accuse = date(&reclamation["accuseReceptionAvant"]);
    assert!(accuse >= today + chrono::Days::new(11) && accuse <= today + chrono::Days::new(16), "{accuse}");
    assert!(reclamation["issue"].is_null());
}

#[tokio::test]
async fn a_complaint_names_only_what_is_the_members() {
    let api = spawn_api().await;
    let base = json!({"motif": "REMBOURSEMENT", "objet": "Remboursement", "commentaire": "Texte."});
    let with = |patch: Value| {
        let mut body = base.clone();
        body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
        body
    };
    let paul_contract = api.get_json(PAUL, "assure/contrats").await[0]["numeroContrat"].clone();
    let cases = [
        (with(json!({"numeroContrat": paul_contract})), 403),
        (with(json!({"numeroContrat": "IND-999999"})), 422),
        (with(json!({"numeroContrat": "IND-004512", "paymentId": "PAI1"})), 422),
        (with(json!({"commentaire": "   "})), 400),
        (with(json!({"motif": "HUMEUR"})), 400),
        (with(json!({"objet": "x".repeat(121)})), 400),
    ];
    for (body, status) in cases {
        let message = assert_refused(
            api.send(Method::POST, MARIE, "document/creationReclamation", body.clone()).await,
            status,
        )
        .await;
        assert!(status == 403 || !message.is_empty(), "{body}");
    }
}

#[tokio::test]
async fn maries_refused_complaint_is_on_her_list() {
    let api = spawn_api().await;
    let demandes = api.get_json(MARIE, "demandes").await;
    let reclamation = demandes.as_array().unwrap().iter().find(|d| d["TypeCode"] == "REC").unwrap();
    assert_eq!(reclamation["reclamation"]["issue"], "REFUSEE");
    assert_eq!(reclamation["reclamation"]["numeroContrat"], "IND-004512");
}

/// Invisible format characters (zero-width, byte-order mark, soft hyphen, tag characters) are
/// refused like control and bidirectional ones, and no refusal quotes a huge value back.
#[tokio::test]
async fn invisible_characters_are_refused_and_a_huge_unknown_motif_is_not_echoed() {
    let api = spawn_api().await;
    for invisible in ["\u{200b}", "\u{feff}", "\u{ad}", "\u{e0041}", "\u{2060}"] {
        let body = json!({"motif": "CONTRAT", "objet": format!("Garanties{invisible} optiques"),
                          "commentaire": "Texte."});
        let response = api.send(Method::POST, MARIE, "document/creationReclamation", body).await;
        let message = assert_refused(response, 400).await;
        assert!(message.contains("caractères non autorisés"), "{invisible:?}: {message}");
    }
    let huge = "X".repeat(900 * 1024);
    let body = json!({"motif": huge, "objet": "Objet", "commentaire": "Texte."});
    let response = api.send(Method::POST, MARIE, "document/creationReclamation", body).await;
    assert_eq!(response.status(), 400);
    let text = response.text().await.unwrap();
    assert!(text.len() < 1_024, "{} bytes answered", text.len());
    assert!(text.contains(&format!("« {}… »", "X".repeat(40))), "{text}");
}
