//! Hospital care (docs/product/member-api.md#hospital-care): the directory of establishments,
//! the decision taken at once or put to study, the agreement kept with the request and sent to
//! the establishment, and the rules refused with their reason.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{JEAN, LEA, MARIE, PAUL, assert_refused, spawn_api};
use crate::api_alertes::{messages_in, spawn_api_with_outbox};
use crate::api_writes::{DIJON_FINESS, DIJON_SIREN, dans, hospitalisation};

const CREATION: &str = "document/creationHospitalisation";

/// A stay of Marie's of kind `kind` from `entree` to `sortie` (days from today) at Dijon.
fn sejour(beneficiaire: &Value, kind: &str, entree: i64, sortie: Option<i64>) -> Value {
    let mut body = hospitalisation(beneficiaire, DIJON_SIREN);
    let dto = &mut body["postCreationDocumentHospitalisationDto"];
    dto["typeHospitalisation"] = json!(kind);
    dto["dateEntree"] = json!(dans(entree));
    dto["dateSortie"] = sortie.map_or(Value::Null, |sortie| json!(dans(sortie)));
    body
}

async fn premier_beneficiaire(api: &crate::api::ApiApp, person: &str) -> Value {
    api.get_json(person, "assure/beneficiaires").await[0]["id"].clone()
}

#[tokio::test]
async fn the_directory_answers_a_search_by_name_and_town_or_finess_and_refuses_one_too_short() {
    let api = spawn_api().await;
    let found = api.get_json(MARIE, "assure/referentiel/etablissements?recherche=hospitalier%20dijon").await;
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["finess"], DIJON_FINESS);
    assert_eq!(found[0]["siren"], DIJON_SIREN);
    assert_eq!(found[0]["statut"], "PUBLIC");
    assert_eq!(found[0]["codePostal"], "21000");
    assert!(found[0].get("email").is_none(), "the admissions' address is not the member's to see");
    let by_finess =
        api.get_json(MARIE, &format!("assure/referentiel/etablissements?recherche={DIJON_FINESS}")).await;
    assert_eq!(by_finess[0]["nom"], "Centre hospitalier de Dijon");
    let message =
        assert_refused(api.get(MARIE, "assure/referentiel/etablissements?recherche=a").await, 422).await;
    assert_eq!(message, "Saisissez de 2 à 60 caractères pour chercher un établissement.");
}

/// Marie (Santé Famille Confort) asks for four days of surgery with a private room: agreed at
/// once, each line computed, the agreement numbered after the request, kept among its
/// documents as a PDF, and emailed to the establishment, whose address only it gets.
#[tokio::test]
async fn a_standard_stay_is_agreed_at_once_and_its_agreement_goes_to_the_establishment() {
    let (api, outbox) = spawn_api_with_outbox().await;
    let marie = premier_beneficiaire(&api, MARIE).await;
    let created = api.send(Method::POST, MARIE, CREATION, sejour(&marie, "CHIRURGIE", 30, Some(33))).await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["Etat"], "TERMINE");
    let decision = &demande["hospitalisation"]["decision"];
    assert_eq!(decision["statut"], "ACCORDEE");
    assert_eq!(decision["jours"], 4);
    let year = &dans(0)[..4];
    assert_eq!(decision["numeroAccord"], format!("PEC-{year}-{:06}", demande["id"].as_i64().unwrap()));
    let ligne = |libelle: &str| {
        decision["lignes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|ligne| ligne["libelle"] == libelle)
            .unwrap()
            .clone()
    };
    assert_eq!(ligne("Forfait journalier")["priseEnCharge"], 80.0);
    assert_eq!(ligne("Forfait journalier")["resteACharge"], 0.0);
    assert_eq!(ligne("Chambre particulière")["jours"], 3);
    assert!(ligne("Chambre particulière")["resteACharge"].is_null(), "the room's price is the bill's");
    let document = decision["documentAccord"].as_i64().unwrap();
    assert!(demande["documents"].as_array().unwrap().iter().any(|kept| kept["id"] == document));
    let pdf = api.get(MARIE, &format!("document/pdf/{document}")).await;
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));

    let messages = messages_in(&outbox, 1).await;
    let email = messages.iter().find(|message| message.contains("Accord de prise en charge")).expect("sent");
    assert!(email.contains("admissions@centre-hospitalier-de-dijon.example"), "{email}");
    assert!(email.contains("application/pdf"), "the agreement attached");
    assert!(!email.contains("marie.dupont@example.org"), "never to the member");
}

#[tokio::test]
async fn a_stay_longer_than_usual_or_without_its_exit_is_studied_until_a_deadline() {
    let api = spawn_api().await;
    let marie = premier_beneficiaire(&api, MARIE).await;
    for body in [sejour(&marie, "MATERNITE", 10, Some(24)), sejour(&marie, "MEDECINE", 40, None)] {
        let created = api.send(Method::POST, MARIE, CREATION, body).await;
        assert_eq!(created.status(), 201);
        let demande: Value = created.json().await.unwrap();
        assert_eq!(demande["Etat"], "EN_COURS");
        let decision = &demande["hospitalisation"]["decision"];
        assert_eq!(decision["statut"], "A_L_ETUDE");
        assert!(decision["echeance"].as_str().unwrap() > dans(0).as_str());
        assert!(decision["numeroAccord"].is_null() && decision["documentAccord"].is_null());
        assert!(!decision["motif"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn each_rule_refuses_with_its_reason() {
    let api = spawn_api().await;
    let marie = premier_beneficiaire(&api, MARIE).await;
    let cases = [
        (sejour(&marie, "MEDECINE", -1, None), "La date d’entrée est passée"),
        (sejour(&marie, "MEDECINE", 10, Some(9)), "La date de sortie précède la date d’entrée."),
        (
            sejour(&marie, "AMBULATOIRE", 10, Some(11)),
            "En ambulatoire, l’entrée et la sortie ont lieu le même jour.",
        ),
        (sejour(&marie, "MATERNITE", 10, Some(40)), "Un séjour en maternité dure au plus 30 jours"),
        (sejour(&marie, "MEDECINE", 400, None), "La date d’entrée doit être comprise entre"),
    ];
    for (body, expected) in cases {
        let message = assert_refused(api.send(Method::POST, MARIE, CREATION, body).await, 422).await;
        assert!(message.starts_with(expected), "{message}");
    }
    let mut unknown = sejour(&marie, "MEDECINE", 10, Some(12));
    unknown["postCreationDocumentHospitalisationDto"]["finess"] = json!("999999999");
    let message = assert_refused(api.send(Method::POST, MARIE, CREATION, unknown).await, 422).await;
    assert!(message.starts_with("Cet établissement ne figure pas dans l’annuaire"), "{message}");
}

/// Jean's contract ended, Léa's starts next year: neither covers a stay now, and each is told
/// why; Paul may not ask for anyone of Marie's, whatever their cover.
#[tokio::test]
async fn a_person_the_contracts_do_not_cover_on_those_dates_is_refused_with_the_reason() {
    let api = spawn_api().await;
    let jean = premier_beneficiaire(&api, JEAN).await;
    let message = assert_refused(
        api.send(Method::POST, JEAN, CREATION, sejour(&jean, "MEDECINE", 10, Some(12))).await,
        422,
    )
    .await;
    assert!(message.contains("a pris fin le"), "{message}");
    let lea = premier_beneficiaire(&api, LEA).await;
    let message = assert_refused(
        api.send(Method::POST, LEA, CREATION, sejour(&lea, "MEDECINE", 10, Some(12))).await,
        422,
    )
    .await;
    assert!(message.contains("ne commence que le"), "{message}");
    let marie = premier_beneficiaire(&api, MARIE).await;
    assert_refused(
        api.send(Method::POST, PAUL, CREATION, sejour(&marie, "MEDECINE", 10, Some(12))).await,
        403,
    )
    .await;
}

/// Sent again (a replay, a double click), a request for a stay already agreed or studied at the
/// same establishment is refused: the establishment gets one agreement per stay.
#[tokio::test]
async fn a_second_request_for_the_same_stay_at_the_same_establishment_is_a_conflict() {
    let api = spawn_api().await;
    let marie = premier_beneficiaire(&api, MARIE).await;
    let body = sejour(&marie, "CHIRURGIE", 30, Some(33));
    let first = api.send(Method::POST, MARIE, CREATION, body.clone()).await;
    let id = first.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let message = assert_refused(api.send(Method::POST, MARIE, CREATION, body).await, 409).await;
    assert_eq!(
        message,
        format!(
            "Une demande de prise en charge existe déjà pour ce séjour dans cet établissement (demande n° {id})."
        )
    );
    let overlapping = sejour(&marie, "CHIRURGIE", 32, Some(35));
    assert_refused(api.send(Method::POST, MARIE, CREATION, overlapping).await, 409).await;
    let later = sejour(&marie, "CHIRURGIE", 40, Some(42));
    assert_eq!(api.send(Method::POST, MARIE, CREATION, later).await.status(), 201, "another stay");
}
