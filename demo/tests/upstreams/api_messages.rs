//! The conversation on a request (`demande/{id}/messages`, `demande/{id}/messages/lus`,
//! `demandes/nonLus`): the member's replies and their rules, what they have read of the
//! mutual's messages, and the alerts neither sends them.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, MARIE, PAUL, assert_refused, pdf, png, spawn_api};

/// Marie's request of `type_code`: (id, state).
async fn demande(api: &ApiApp, type_code: &str) -> (i64, String) {
    let demandes = api.get_json(MARIE, "demandes").await;
    let demande = demandes.as_array().unwrap().iter().find(|d| d["TypeCode"] == type_code).unwrap();
    (demande["id"].as_i64().unwrap(), demande["Etat"].as_str().unwrap().to_owned())
}

async fn repondre(api: &ApiApp, person: &str, demande: i64, body: Value) -> reqwest::Response {
    api.send(Method::POST, person, &format!("demande/{demande}/messages"), body).await
}

async fn marquer_lus(api: &ApiApp, person: &str, demande: i64) -> reqwest::Response {
    api.call(Method::POST, &format!("demande/{demande}/messages/lus"), Some(&api.token(person)), None).await
}

/// What the back office writes when the mutual answers.
fn message_de_la_mutuelle(api: &ApiApp, demande: i64, texte: &str) {
    api.database()
        .execute(
            "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le)
             VALUES (?1, 'MUTUELLE', ?2, '2026-11-20T09:00:00Z')",
            rusqlite::params![demande, texte],
        )
        .unwrap();
}

fn messages_ecrits(api: &ApiApp, demande: i64) -> i64 {
    api.database()
        .query_row("SELECT count(*) FROM messages_demande WHERE demande_id = ?1", [demande], |row| row.get(0))
        .unwrap()
}

#[tokio::test]
async fn a_reply_with_a_document_joins_the_conversation_read_and_without_an_alert() {
    let api = spawn_api().await;
    let (opt, _) = demande(&api, "OPT").await;
    message_de_la_mutuelle(&api, opt, "Pouvez-vous nous envoyer la facture ?");
    let document = api.upload_one(MARIE, "facture.png", png()).await;
    let response = repondre(
        &api,
        MARIE,
        opt,
        json!({"texte": "  Voici la facture.\r\nCordialement  ", "idDocuments": [document, document]}),
    )
    .await;
    assert_eq!(response.status(), 201);
    let message: Value = response.json().await.unwrap();
    assert_eq!(message["auteur"], "ADHERENT");
    assert_eq!(message["texte"], "Voici la facture.\r\nCordialement", "trimmed, line breaks kept");
    assert_eq!(message["lu"], true, "the member's own message is read");
    assert_eq!(message["documents"].as_array().unwrap().len(), 1, "a repeat counts once");
    assert_eq!(message["documents"][0]["id"], document);
    assert_eq!(message["documents"][0]["idDemande"], opt);

    let kept = api.get_json(MARIE, &format!("demande/{opt}")).await;
    let messages = kept["messages"].as_array().unwrap();
    assert_eq!(
        messages
            .iter()
            .map(|m| (m["auteur"].as_str().unwrap(), m["lu"].as_bool().unwrap()))
            .collect::<Vec<_>>(),
        [("MUTUELLE", false), ("ADHERENT", true)],
        "oldest first"
    );
    assert_eq!(messages[1], message);
    assert!(kept["documents"].as_array().unwrap().iter().any(|d| d["id"] == document), "the request's too");
    assert_eq!(api.queued_emails(MARIE), vec![], "the member's own reply sends no alert");
}

#[tokio::test]
async fn another_member_s_request_is_forbidden_and_an_unknown_one_not_found() {
    let api = spawn_api().await;
    let (opt, _) = demande(&api, "OPT").await;
    let texte = json!({"texte": "Bonjour"});
    assert_refused(repondre(&api, PAUL, opt, texte.clone()).await, 403).await;
    assert_refused(marquer_lus(&api, PAUL, opt).await, 403).await;
    assert_refused(repondre(&api, MARIE, 999_999, texte).await, 404).await;
    assert_refused(marquer_lus(&api, MARIE, 999_999).await, 404).await;
    assert_eq!(messages_ecrits(&api, opt), 0);
}

#[tokio::test]
async fn a_blank_a_too_long_or_an_invisible_character_text_is_a_bad_request() {
    let api = spawn_api().await;
    let (opt, _) = demande(&api, "OPT").await;
    let refus = |texte: String| {
        let api = &api;
        async move { assert_refused(repondre(api, MARIE, opt, json!({"texte": texte})).await, 400).await }
    };
    assert_eq!(refus(" \r\n ".to_owned()).await, "Écrivez votre message.");
    assert_eq!(refus("a".repeat(4001)).await, "Votre message ne doit pas dépasser 4\u{202f}000 caractères.");
    for invisible in ["\u{202e}", "\u{200b}", "\u{7}", "\u{3164}"] {
        assert_eq!(
            refus(format!("Bonjour{invisible}")).await,
            "Votre message contient des caractères non autorisés : caractères de contrôle, de mise en forme ou sans dessin."
        );
    }
    let extra = repondre(&api, MARIE, opt, json!({"texte": "Bonjour", "auteur": "MUTUELLE"})).await;
    assert_refused(extra, 400).await;
    assert_eq!(messages_ecrits(&api, opt), 0, "nothing written");
    // A line break counts as one character, as the text area counts it.
    let plein = format!("{}\r\n{}", "a".repeat(3998), "b");
    assert_eq!(repondre(&api, MARIE, opt, json!({"texte": plein})).await.status(), 201);
}

#[tokio::test]
async fn a_document_must_be_the_member_s_upload_attached_to_nothing() {
    let api = spawn_api().await;
    let (opt, _) = demande(&api, "OPT").await;
    let de_paul = api.upload_one(PAUL, "paul.pdf", pdf()).await;
    let attache =
        api.get_json(MARIE, &format!("demande/{opt}")).await["documents"][0]["id"].as_i64().unwrap();
    let envoyer = |ids: Vec<i64>| repondre(&api, MARIE, opt, json!({"texte": "Voici", "idDocuments": ids}));
    assert_refused(envoyer(vec![de_paul]).await, 403).await;
    assert_eq!(
        assert_refused(envoyer(vec![999_999]).await, 422).await,
        "Le document n° 999999 est introuvable."
    );
    assert_eq!(
        assert_refused(envoyer(vec![attache]).await, 409).await,
        format!("Le document n° {attache} est déjà joint à une autre demande.")
    );
    assert_eq!(
        assert_refused(envoyer(vec![attache; 11]).await, 400).await,
        "Un message peut comporter au plus 10 documents."
    );
    assert_eq!(messages_ecrits(&api, opt), 0, "nothing written");
    let paul_s: Option<i64> = api
        .database()
        .query_row("SELECT demande_id FROM documents WHERE id = ?1", [de_paul], |row| row.get(0))
        .unwrap();
    assert_eq!(paul_s, None, "Paul's upload is left alone");
}

#[tokio::test]
async fn a_member_writes_at_most_fifty_messages_on_a_request() {
    let api = spawn_api().await;
    let (opt, _) = demande(&api, "OPT").await;
    for numero in 1..=50 {
        let response = repondre(&api, MARIE, opt, json!({"texte": format!("Message {numero}")})).await;
        assert_eq!(response.status(), 201, "message {numero}");
    }
    message_de_la_mutuelle(&api, opt, "Les messages de la mutuelle ne comptent pas.");
    let refus = repondre(&api, MARIE, opt, json!({"texte": "Encore un"})).await;
    assert_eq!(
        assert_refused(refus, 409).await,
        "Vous avez déjà envoyé 50 messages sur cette demande : pour un autre sujet, faites une nouvelle demande."
    );
    assert_eq!(messages_ecrits(&api, opt), 51);
}

#[tokio::test]
async fn a_reply_reopens_a_done_request_and_leaves_a_pending_one_as_it_is() {
    let api = spawn_api().await;
    let (jsco, etat) = demande(&api, "JSCO").await;
    assert_eq!(etat, "TERMINE");
    let (opt, etat) = demande(&api, "OPT").await;
    assert_eq!(etat, "EN_COURS");
    for id in [jsco, opt] {
        assert_eq!(repondre(&api, MARIE, id, json!({"texte": "Une question encore"})).await.status(), 201);
    }
    let today = chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive().to_string();
    let rouverte = api.get_json(MARIE, &format!("demande/{jsco}")).await;
    assert_eq!(
        (rouverte["Etat"].as_str(), rouverte["dateMiseAJour"].as_str()),
        (Some("A_TRAITER"), Some(today.as_str()))
    );
    assert_eq!(api.get_json(MARIE, &format!("demande/{opt}")).await["Etat"], "EN_COURS");
    assert_eq!(api.queued_emails(MARIE), vec![], "reopening is no news to the member");
}

#[tokio::test]
async fn a_finished_request_of_the_demo_shows_the_mutual_s_answer_already_read() {
    let api = spawn_api().await;
    let (que, etat) = demande(&api, "QUE").await;
    assert_eq!(etat, "TERMINE");
    let messages = api.get_json(MARIE, &format!("demande/{que}")).await["messages"].clone();
    let reponse = &messages.as_array().unwrap()[0];
    assert_eq!(reponse["auteur"], "MUTUELLE");
    assert!(reponse["texte"].as_str().unwrap().contains("orthodontie de Lucas"), "{reponse}");
    assert_eq!(reponse["lu"], true, "an answer of months ago is no news");
}

#[tokio::test]
async fn the_unread_count_is_the_mutual_s_messages_until_the_member_reads_them() {
    let api = spawn_api().await;
    let nul = json!({"total": 0, "demandes": []});
    assert_eq!(api.get_json(MARIE, "demandes/nonLus").await, nul);
    let (opt, _) = demande(&api, "OPT").await;
    let (dev, _) = demande(&api, "DEV").await;
    message_de_la_mutuelle(&api, opt, "Première réponse");
    message_de_la_mutuelle(&api, opt, "Seconde réponse");
    message_de_la_mutuelle(&api, dev, "Devis reçu");
    repondre(&api, MARIE, dev, json!({"texte": "Merci"})).await;
    let (recente, ancienne) = if dev > opt { (dev, opt) } else { (opt, dev) };
    let compte = |id| if id == opt { 2 } else { 1 };
    assert_eq!(
        api.get_json(MARIE, "demandes/nonLus").await,
        json!({"total": 3, "demandes": [
            {"id": recente, "nonLus": compte(recente)}, {"id": ancienne, "nonLus": compte(ancienne)}
        ]}),
        "the member's own messages are not unread; newest request first"
    );
    assert_eq!(api.get_json(PAUL, "demandes/nonLus").await, nul, "hers only");

    let response = marquer_lus(&api, MARIE, opt).await;
    assert_eq!(response.status(), 204);
    assert_eq!(
        api.get_json(MARIE, "demandes/nonLus").await,
        json!({"total": 1, "demandes": [{"id": dev, "nonLus": 1}]})
    );
    let lus = api.get_json(MARIE, &format!("demande/{opt}")).await;
    assert!(lus["messages"].as_array().unwrap().iter().all(|m| m["lu"] == true));
    let lu_le = |api: &ApiApp| -> Vec<String> {
        let db = api.database();
        let mut statement =
            db.prepare("SELECT lu_le FROM messages_demande WHERE demande_id = ?1 ORDER BY id").unwrap();
        statement.query_map([opt], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
    };
    let premiere_lecture = lu_le(&api);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert_eq!(marquer_lus(&api, MARIE, opt).await.status(), 204, "idempotent");
    assert_eq!(lu_le(&api), premiere_lecture, "first read kept");
}
