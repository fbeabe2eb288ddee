//! Adding a beneficiary or declaring a newborn (`document/ajoutBeneficiaire`): the request it
//! makes, and each rule refusing it with its French sentence and status.

use chrono::{Datelike, Days, Months, NaiveDate};
use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, JEAN, LEA, MARIE, PAUL, SOPHIE, assert_refused, pdf, spawn_api};

const AJOUT: &str = "document/ajoutBeneficiaire";

fn paris_today() -> NaiveDate {
    chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive()
}

/// A social security number of 13 characters with its key, 2A counting as 19 and 2B as 18.
pub fn nir(sans_cle: &str) -> String {
    let chiffres = sans_cle.replace("2A", "19").replace("2B", "18");
    let cle = 97 - chiffres.parse::<u64>().unwrap() % 97;
    format!("{sans_cle}{cle:02}")
}

pub fn ajout(lien: &str, prenom: &str, naissance: NaiveDate, numero: Value, documents: &[i64]) -> Value {
    json!({
        "lien": lien, "civilite": "MONSIEUR", "prenom": prenom, "nom": "DUPONT",
        "dateNaissance": naissance, "numeroSecuriteSociale": numero, "idDocuments": documents,
    })
}

fn premier_du_mois_suivant(jour: NaiveDate) -> NaiveDate {
    jour.with_day(1).unwrap() + Months::new(1)
}

async fn document(api: &ApiApp, person: &str) -> i64 {
    api.upload_one(person, "acte-de-naissance.pdf", pdf()).await
}

#[tokio::test]
async fn a_newborn_declared_with_a_birth_certificate_is_covered_from_birth() {
    let api = spawn_api().await;
    let acte = document(&api, MARIE).await;
    let naissance = paris_today() - Days::new(10);
    let response = api
        .send(Method::POST, MARIE, AJOUT, ajout("NOUVEAU_NE", "Léo", naissance, json!(null), &[acte]))
        .await;
    assert_eq!(response.status(), 201);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    let demande: Value = response.json().await.unwrap();
    assert_eq!(location, format!("/_demo/api/demande/{}", demande["id"]));
    assert_eq!(
        (demande["TypeCode"].as_str(), demande["type"].as_str()),
        (Some("ABE"), Some("AJOUT_BENEFICIAIRE"))
    );
    assert_eq!(demande["objet"], "Déclaration de naissance");
    assert_eq!(demande["Etat"], "A_TRAITER");
    assert_eq!(
        demande["ajoutBeneficiaire"],
        json!({"lien": "NOUVEAU_NE", "prenom": "Léo", "nom": "DUPONT", "dateNaissance": naissance,
               "dateEffetPrevue": naissance, "decision": null})
    );
    assert_eq!(demande["documents"][0]["id"], acte);
    let listed = api.get_json(MARIE, "demandes").await;
    let listed = listed.as_array().unwrap();
    assert!(listed.iter().any(|d| d["id"] == demande["id"] && d["objet"] == "Déclaration de naissance"));
    assert!(listed.iter().filter(|d| d["id"] != demande["id"]).all(|d| d["ajoutBeneficiaire"].is_null()));
}

#[tokio::test]
async fn a_child_or_a_spouse_is_asked_for_from_the_first_of_next_month() {
    let api = spawn_api().await;
    let acte = document(&api, SOPHIE).await;
    let enfant = ajout("ENFANT", "Chloé", NaiveDate::from_ymd_opt(2015, 4, 2).unwrap(), json!(null), &[acte]);
    let response = api.send(Method::POST, SOPHIE, AJOUT, enfant).await;
    assert_eq!(response.status(), 201);
    let demande: Value = response.json().await.unwrap();
    assert_eq!(demande["objet"], "Ajout d’un bénéficiaire");
    assert_eq!(
        demande["ajoutBeneficiaire"]["dateEffetPrevue"],
        json!(premier_du_mois_suivant(paris_today()))
    );

    // Born in Corsica (2A): the key counts the department as 19.
    let attestation = document(&api, SOPHIE).await;
    let numero = nir("185052A004123");
    let conjoint = ajout(
        "CONJOINT",
        "Julie",
        NaiveDate::from_ymd_opt(1985, 5, 8).unwrap(),
        json!(numero),
        &[attestation],
    );
    assert_eq!(api.send(Method::POST, SOPHIE, AJOUT, conjoint).await.status(), 201);
}

#[tokio::test]
async fn every_rule_refuses_with_its_french_message_and_writes_nothing() {
    let api = spawn_api().await;
    let acte = document(&api, MARIE).await;
    let today = paris_today();
    let adulte = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap();
    let emma = NaiveDate::from_ymd_opt(2012, 5, 3).unwrap();
    let faux = format!(
        "{}{:02}",
        &nir("1900175111042")[..13],
        (nir("1900175111042")[13..].parse::<u8>().unwrap() % 97) + 1
    );
    let cases = [
        (
            ajout("NOUVEAU_NE", "Léo", today - Months::new(4), json!(null), &[acte]),
            422,
            "Votre enfant est né il y a plus de 3 mois : déclarez-le comme enfant. Il sera couvert à partir du premier jour du mois suivant votre demande.",
        ),
        (
            ajout("NOUVEAU_NE", "Léo", today + Days::new(1), json!(null), &[acte]),
            422,
            "La date de naissance ne peut pas être postérieure à aujourd’hui.",
        ),
        (
            ajout("ENFANT", "Hugo", today - Months::new(12 * 30), json!(null), &[acte]),
            422,
            "Votre contrat couvre les enfants jusqu’à leurs 26 ans : au-delà, votre enfant peut adhérer à son propre contrat.",
        ),
        (
            ajout("CONJOINT", "Julie", adulte, json!(nir("2900175111042")), &[acte]),
            409,
            "Votre contrat couvre déjà un conjoint : il ne peut en couvrir qu’un.",
        ),
        (
            ajout("ENFANT", " EMMA ", emma, json!(null), &[acte]),
            409,
            "Cette personne est déjà couverte par votre contrat.",
        ),
        (
            ajout("CONJOINT", "Julie", adulte, json!(null), &[acte]),
            422,
            "Indiquez le numéro de sécurité sociale de votre conjoint : seul un enfant peut être rattaché au vôtre.",
        ),
        (
            ajout("ENFANT", "Hugo", emma, json!(faux), &[acte]),
            422,
            "La clé du numéro de sécurité sociale (ses 2 derniers chiffres) ne correspond pas au numéro : vérifiez-le sur la carte Vitale ou l’attestation de droits.",
        ),
        (
            ajout("ENFANT", "Hugo", emma, json!("1900175111"), &[acte]),
            400,
            "Le numéro de sécurité sociale comporte 15 caractères : 13 chiffres (2A ou 2B pour un département de Corse) et une clé de 2 chiffres.",
        ),
        (
            ajout("NOUVEAU_NE", "Léo", today, json!(null), &[]),
            400,
            "Joignez l’acte de naissance de votre enfant.",
        ),
        (
            ajout("CONJOINT", "Julie", adulte, json!(null), &[]),
            400,
            "Joignez l’attestation de droits à l’assurance maladie de votre conjoint.",
        ),
        (ajout("ENFANT", " ", emma, json!(null), &[acte]), 400, "Le prénom est obligatoire."),
    ];
    for (body, status, message) in cases {
        let refused = assert_refused(api.send(Method::POST, MARIE, AJOUT, body.clone()).await, status).await;
        assert_eq!(refused, message, "{body}");
    }
    for malformed in [
        ajout("COUSIN", "Léo", today, json!(null), &[acte]),
        json!({"lien": "ENFANT", "civilite": "MONSIEUR", "prenom": "Léo", "nom": "DUPONT", "dateNaissance": today,
               "idDocuments": [acte], "dateEffet": today}),
    ] {
        assert_refused(api.send(Method::POST, MARIE, AJOUT, malformed).await, 400).await;
    }
    let abe = api
        .get_json(MARIE, "demandes")
        .await
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["TypeCode"] == "ABE")
        .count();
    assert_eq!(abe, 0, "nothing written by the refusals");
}

#[tokio::test]
async fn a_person_or_a_spouse_already_asked_for_is_a_conflict() {
    let api = spawn_api().await;
    let naissance = paris_today() - Days::new(3);
    let premier = document(&api, MARIE).await;
    let leo = ajout("NOUVEAU_NE", "Léo", naissance, json!(null), &[premier]);
    assert_eq!(api.send(Method::POST, MARIE, AJOUT, leo).await.status(), 201);
    let second = document(&api, MARIE).await;
    // The same first name, composed otherwise (a combining accent) and in capitals.
    let encore = ajout("ENFANT", "LE\u{301}O", naissance, json!(null), &[second]);
    let message = assert_refused(api.send(Method::POST, MARIE, AJOUT, encore).await, 409).await;
    assert_eq!(message, "Une demande d’ajout de cette personne est déjà en cours.");

    let attestation = document(&api, SOPHIE).await;
    let julie = ajout(
        "CONJOINT",
        "Julie",
        NaiveDate::from_ymd_opt(1985, 5, 8).unwrap(),
        json!(nir("2850575111042")),
        &[attestation],
    );
    assert_eq!(api.send(Method::POST, SOPHIE, AJOUT, julie).await.status(), 201);
    let autre = document(&api, SOPHIE).await;
    let karim = ajout(
        "CONJOINT",
        "Karim",
        NaiveDate::from_ymd_opt(1983, 2, 1).unwrap(),
        json!(nir("1830275111042")),
        &[autre],
    );
    let message = assert_refused(api.send(Method::POST, SOPHIE, AJOUT, karim).await, 409).await;
    assert_eq!(
        message,
        "Une demande d’ajout d’un conjoint est déjà en cours : votre contrat ne peut couvrir qu’un conjoint."
    );
}

#[tokio::test]
async fn only_a_member_covered_today_and_followed_by_no_broker_adds_a_beneficiary_online() {
    let api = spawn_api().await;
    let refus = [
        (PAUL, "Votre courtier, CABINET CHESNEAU ASSURANCES, gère l’affiliation de vos ayants droit"),
        (JEAN, "Votre contrat IND-001187 a pris fin le 31/12/"),
        (LEA, "Votre contrat IND-010342 prend effet le 01/01/"),
    ];
    for (member, debut) in refus {
        let acte = document(&api, member).await;
        let body = ajout("NOUVEAU_NE", "Léo", paris_today(), json!(null), &[acte]);
        let message = assert_refused(api.send(Method::POST, member, AJOUT, body).await, 422).await;
        assert!(message.starts_with(debut), "{member}: {message}");
    }
}

#[tokio::test]
async fn another_member_s_document_is_forbidden() {
    let api = spawn_api().await;
    let de_jean = document(&api, JEAN).await;
    let body = ajout("NOUVEAU_NE", "Léo", paris_today(), json!(null), &[de_jean]);
    assert_refused(api.send(Method::POST, MARIE, AJOUT, body).await, 403).await;
}
