//! « Je ne reconnais pas ce soin » (`document/signalementSoin`), and what a request shows of
//! the mutual's side: its messages and the documents it issued.

use reqwest::Method;
use rusqlite::params;
use serde_json::{Value, json};

use crate::api::{MARIE, PAUL, assert_refused, spawn_api};

fn signalement(payment: &str, ligne: i64, motif: &str, commentaire: Value) -> Value {
    json!({"paymentId": payment, "idLigne": ligne, "motif": motif, "commentaire": commentaire})
}

#[tokio::test]
async fn a_report_of_care_not_recognised_is_a_request_of_its_own_on_the_members_list() {
    let api = spawn_api().await;
    let (payment, ligne) = api.first_line(MARIE).await;
    let body = signalement(&payment, ligne, "SOIN_NON_RECU", json!("Je n’ai pas consulté ce jour-là."));
    let response = api.send(Method::POST, MARIE, "document/signalementSoin", body).await;
    assert_eq!(response.status(), 201);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    let demande: Value = response.json().await.unwrap();
    assert_eq!(location, format!("/_demo/api/demande/{}", demande["id"]));
    assert_eq!(
        (demande["TypeCode"].as_str(), demande["type"].as_str()),
        (Some("SNR"), Some("SOIN_NON_RECONNU"))
    );
    assert_eq!(demande["objet"], "Signalement d’un soin non reconnu");
    assert_eq!(demande["Etat"], "A_TRAITER");
    assert_eq!(demande["commentaire"], "Je n’ai pas consulté ce jour-là.");
    assert_eq!(
        demande["signalement"],
        json!({"paymentId": payment, "idLigne": ligne, "motif": "SOIN_NON_RECU"})
    );
    assert_eq!(demande["messages"], json!([]));
    let paiement = api.get_json(MARIE, "assure/prestations-recentes").await[0].clone();
    assert_eq!(
        demande["beneficiaire"]["prenom"], paiement["beneficiaryFirstName"],
        "the payment's beneficiary"
    );
    let listed = api.get_json(MARIE, "demandes").await;
    assert!(listed.as_array().unwrap().iter().any(|d| d["id"] == demande["id"] && d["TypeCode"] == "SNR"));
}

#[tokio::test]
async fn only_a_line_of_the_members_own_payment_may_be_reported_once() {
    let api = spawn_api().await;
    let (payment, ligne) = api.first_line(MARIE).await;
    let (paul_payment, paul_ligne) = api.first_line(PAUL).await;
    let other_payment = api
        .get_json(MARIE, "assure/prestations-recentes")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["paymentId"].as_str().unwrap().to_owned())
        .find(|id| *id != payment)
        .unwrap();
    let cases = [
        (signalement(&paul_payment, paul_ligne, "SOIN_NON_RECU", json!(null)), 403, None),
        (
            signalement("PAI99999999", ligne, "SOIN_NON_RECU", json!(null)),
            422,
            Some("Ce remboursement ne figure pas à votre dossier."),
        ),
        (
            signalement(&other_payment, ligne, "SOIN_NON_RECU", json!(null)),
            422,
            Some("Ce soin ne figure pas dans ce remboursement."),
        ),
        (
            signalement(&payment, paul_ligne, "SOIN_NON_RECU", json!(null)),
            422,
            Some("Ce soin ne figure pas dans ce remboursement."),
        ),
        (
            signalement(&payment, 99_999_999, "SOIN_NON_RECU", json!(null)),
            422,
            Some("Ce soin ne figure pas dans ce remboursement."),
        ),
        (
            signalement(&payment, ligne, "AUTRE", json!(null)),
            422,
            Some("Précisez dans le commentaire ce que vous ne reconnaissez pas."),
        ),
        (
            signalement(&payment, ligne, "AUTRE", json!(" \n ")),
            422,
            Some("Précisez dans le commentaire ce que vous ne reconnaissez pas."),
        ),
        (
            signalement(&payment, ligne, "HUMEUR", json!(null)),
            400,
            Some("Motif de signalement inconnu : « HUMEUR »."),
        ),
        (
            signalement(&payment, ligne, "AUTRE", json!("x".repeat(1001))),
            400,
            Some("Le commentaire ne doit pas dépasser 1\u{202f}000 caractères."),
        ),
        (json!({"paymentId": payment, "idLigne": ligne.to_string(), "motif": "AUTRE"}), 400, None),
        (json!({"paymentId": payment, "idLigne": ligne, "motif": "AUTRE", "montant": 12}), 400, None),
    ];
    for (body, status, message) in cases {
        let refused = assert_refused(
            api.send(Method::POST, MARIE, "document/signalementSoin", body.clone()).await,
            status,
        )
        .await;
        if let Some(message) = message {
            assert_eq!(refused, message, "{body}");
        }
    }
    let autre = signalement(&payment, ligne, "AUTRE", json!("Le montant est le double de ce que j’ai payé."));
    assert_eq!(api.send(Method::POST, MARIE, "document/signalementSoin", autre.clone()).await.status(), 201);
    let again = signalement(&payment, ligne, "SOIN_NON_RECU", json!(null));
    let message =
        assert_refused(api.send(Method::POST, MARIE, "document/signalementSoin", again).await, 409).await;
    assert_eq!(message, "Vous avez déjà signalé ce soin.");
    let reports = api
        .get_json(MARIE, "demandes")
        .await
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["TypeCode"] == "SNR")
        .count();
    assert_eq!(reports, 1, "nothing written by the refusals");
}

#[tokio::test]
async fn the_generic_form_does_not_take_a_report() {
    let api = spawn_api().await;
    let body =
        json!({"postCreationDocumentDto": {"type": "SOIN_NON_RECONNU", "commentaire": "Soin inconnu."}});
    let message =
        assert_refused(api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await, 400).await;
    assert!(
        message.contains("signalements de soins et les ajouts de bénéficiaire ont leur propre formulaire"),
        "{message}"
    );
}

#[tokio::test]
async fn a_request_shows_the_mutuals_messages_oldest_first() {
    let api = spawn_api().await;
    let id = api.get_json(MARIE, "demandes").await[0]["id"].as_i64().unwrap();
    {
        let db = api.database();
        for (texte, envoye_le) in [
            ("Pièce reçue, merci.", "2026-03-16T08:00:00Z"),
            ("Nous examinons votre demande.", "2026-03-15T08:00:00Z"),
        ] {
            db.execute(
                "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le) VALUES (?1, 'MUTUELLE', ?2, ?3)",
                params![id, texte, envoye_le],
            )
            .unwrap();
        }
    }
    let demande = api.get_json(MARIE, &format!("demande/{id}")).await;
    let messages = demande["messages"].as_array().unwrap();
    let textes: Vec<&str> = messages.iter().map(|m| m["texte"].as_str().unwrap()).collect();
    assert_eq!(textes, ["Nous examinons votre demande.", "Pièce reçue, merci."]);
    assert_eq!(messages[0]["auteur"], "MUTUELLE");
    assert_eq!(messages[0]["envoyeLe"], "2026-03-15T08:00:00Z");
    assert!(messages[0]["id"].is_i64());
    let listed = api.get_json(MARIE, "demandes").await;
    assert_eq!(
        listed.as_array().unwrap().iter().find(|d| d["id"] == id).unwrap()["messages"],
        demande["messages"]
    );
}

#[tokio::test]
async fn a_document_the_mutual_issued_is_listed_and_downloaded_by_its_member_only() {
    let api = spawn_api().await;
    let id = api.get_json(MARIE, "demandes").await[0]["id"].as_i64().unwrap();
    let pdf = crate::api::pdf();
    let document = {
        let db = api.database();
        db.execute(
            "INSERT INTO documents (numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot, nature)
             VALUES (?1, ?2, 'courrier-mutuelle.pdf', 'application/pdf', ?3, ?4, '2026-03-15', 'DOCUMENT_MUTUELLE')",
            params![MARIE, id, pdf.len() as i64, pdf],
        )
        .unwrap();
        db.last_insert_rowid()
    };
    let demande = api.get_json(MARIE, &format!("demande/{id}")).await;
    let listed =
        demande["documents"].as_array().unwrap().iter().find(|d| d["id"] == document).unwrap().clone();
    assert_eq!(
        (listed["nature"].as_str(), listed["nomFichier"].as_str()),
        (Some("DOCUMENT_MUTUELLE"), Some("courrier-mutuelle.pdf"))
    );
    let download = api.get(MARIE, &format!("document/pdf/{document}")).await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.bytes().await.unwrap().as_ref(), pdf.as_slice());
    assert_refused(api.get(PAUL, &format!("document/pdf/{document}")).await, 403).await;
}
