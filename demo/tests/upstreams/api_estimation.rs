//! The quote estimate (`POST assure/estimation`) and the certificates (`assure/attestation`)
//! of the demo member API, for the seeded members.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, JEAN, LEA, MARIE, PAUL, assert_refused, pdf_text, spawn_api};

async fn beneficiaire(api: &ApiApp, member: &str, prenom: &str) -> Value {
    let beneficiaires = api.get_json(member, "assure/beneficiaires").await;
    beneficiaires.as_array().unwrap().iter().find(|b| b["prenom"] == prenom).unwrap()["id"].clone()
}

async fn estimate(api: &ApiApp, member: &str, body: Value) -> reqwest::Response {
    api.send(Method::POST, member, "assure/estimation", body).await
}

#[tokio::test]
async fn a_crown_in_the_100_sante_basket_leaves_nothing_to_pay() {
    let api = spawn_api().await;
    let marie = beneficiaire(&api, MARIE, "Marie").await;
    let body =
        json!({"idBeneficiaire": marie, "soin": "DENTAIRE_COURONNE", "centPourCentSante": true, "prix": 500});
    let estimation: Value = estimate(&api, MARIE, body).await.json().await.unwrap();
    assert_eq!(
        (estimation["montantSecu"].as_f64(), estimation["resteACharge"].as_f64()),
        (Some(72.0), Some(0.0))
    );
    assert_eq!(estimation["garantie"]["libelle"], "Prothèses dentaires 100 % Santé");
    assert_eq!(estimation["garantie"]["numeroContrat"], "IND-004512");
    assert!(estimation["mention"].as_str().unwrap().starts_with("Estimation indicative"));
}

#[tokio::test]
async fn emmas_new_glasses_wait_for_the_yearly_renewal_of_a_child() {
    let api = spawn_api().await;
    let emma = beneficiaire(&api, MARIE, "Emma").await;
    let body = json!({"idBeneficiaire": emma, "soin": "OPTIQUE_VERRES_SIMPLES", "centPourCentSante": false, "prix": 300});
    let estimation: Value = estimate(&api, MARIE, body).await.json().await.unwrap();
    // Her last glasses were paid a month ago; at 14 she may have new ones a year after.
    let renouvellement = &estimation["renouvellement"];
    assert_eq!(renouvellement["annees"], 1);
    assert!(renouvellement["possibleLe"].is_string(), "{estimation}");
    assert_eq!(
        (estimation["montantMutuelle"].as_f64(), estimation["resteACharge"].as_f64()),
        (Some(0.0), Some(300.0))
    );
}

#[tokio::test]
async fn a_member_whose_contract_has_ended_gets_no_estimate_and_the_reason() {
    let api = spawn_api().await;
    let jean = beneficiaire(&api, JEAN, "Jean").await;
    let body =
        json!({"idBeneficiaire": jean, "soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 800});
    let refus = assert_refused(estimate(&api, JEAN, body).await, 422).await;
    assert!(refus.contains("le contrat IND-001187 a pris fin le"), "{refus}");
}

#[tokio::test]
async fn a_quote_that_cannot_be_estimated_is_refused_in_french() {
    let api = spawn_api().await;
    let marie = beneficiaire(&api, MARIE, "Marie").await;
    let cases = [
        (json!({"soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 12.345}), "au centime près"),
        (json!({"soin": "DENTAIRE_IMPLANT", "centPourCentSante": true, "prix": 1200}), "panier 100 % Santé"),
        (
            json!({"soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 100, "baseSecu": 120}),
            "ne peut dépasser",
        ),
        (json!({"soin": "HOSPITALISATION_DEPASSEMENTS", "centPourCentSante": false, "prix": 900}), "BRSS"),
        (
            json!({"soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 500, "quantite": 2}),
            "quantité",
        ),
        (json!({"soin": "MASSAGE", "centPourCentSante": false, "prix": 50}), "mal formée"),
    ];
    for (mut body, expected) in cases {
        body["idBeneficiaire"] = marie.clone();
        let response = estimate(&api, MARIE, body.clone()).await;
        // An unknown care breaks the contract's schema (400); the others break rules it cannot
        // say (cents, a basket the care does not have, a base above the price…): 422.
        let status = if expected == "mal formée" { 400 } else { 422 };
        let message = assert_refused(response, status).await;
        assert!(message.contains(expected), "{body}: {message}");
    }
}

#[tokio::test]
async fn another_members_beneficiary_is_neither_estimated_nor_certified() {
    let api = spawn_api().await;
    let paul = beneficiaire(&api, PAUL, "Paul").await;
    let body =
        json!({"idBeneficiaire": paul, "soin": "DENTAIRE_COURONNE", "centPourCentSante": true, "prix": 500});
    assert_refused(estimate(&api, MARIE, body).await, 403).await;
    let path = format!("assure/attestation?type=DROITS&beneficiaire={paul}");
    assert_refused(api.get(MARIE, &path).await, 403).await;
    assert_refused(api.get(MARIE, "assure/attestation?type=CARTE").await, 400).await;
}

async fn certificate(api: &ApiApp, member: &str, query: &str) -> Option<String> {
    let response = api.get(member, &format!("assure/attestation?{query}")).await;
    assert_eq!(response.status(), 200);
    pdf_text(&response.bytes().await.unwrap())
}

#[tokio::test]
async fn the_certificates_name_the_person_the_contract_and_the_dates() {
    let api = spawn_api().await;
    let Some(droits) = certificate(&api, MARIE, "type=DROITS").await else { return };
    for expected in [
        "Attestation de droits",
        "Marie DUPONT",
        "IND-004512",
        "Santé Famille Confort",
        "N° AMC",
        "Pharmacie",
    ] {
        assert!(droits.contains(expected), "{expected} missing from:\n{droits}");
    }
    let emma = beneficiaire(&api, MARIE, "Emma").await;
    let adhesion = certificate(&api, MARIE, &format!("type=ADHESION&beneficiaire={emma}")).await.unwrap();
    assert!(adhesion.contains("Emma DUPONT, enfant de Mme Marie DUPONT"), "{adhesion}");
    let jean = certificate(&api, JEAN, "type=DROITS").await.unwrap();
    assert!(jean.contains("a bénéficié des garanties") && !jean.contains("N° AMC"), "{jean}");
    let lea = certificate(&api, LEA, "type=DROITS").await.unwrap();
    assert!(lea.contains("bénéficiera des garanties") && lea.contains("à compter du 01/01/"), "{lea}");
}

/// The allowance of this guarantee for the beneficiary, from `assure/plafonds`.
fn allocation<'a>(plafonds: &'a Value, prenom: &str, libelle: &str) -> &'a Value {
    let beneficiaire = plafonds.as_array().unwrap().iter().find(|b| b["prenom"] == prenom).unwrap();
    beneficiaire["garanties"].as_array().unwrap().iter().find(|g| g["libelle"] == libelle).unwrap()
}

const LUNETTES: &str = "Monture et verres hors 100 % Santé (classe B)";

#[tokio::test]
async fn the_allowances_list_each_covered_beneficiary_with_what_the_estimate_counts() {
    let api = spawn_api().await;
    let plafonds = api.get_json(MARIE, "assure/plafonds").await;
    let prenoms: Vec<_> =
        plafonds.as_array().unwrap().iter().map(|b| b["prenom"].as_str().unwrap()).collect();
    assert_eq!(prenoms, ["Marie", "Thomas", "Emma", "Lucas"]);
    // Emma's glasses, a month ago: a child's yearly ceiling, partly used, and her next glasses
    // a year after; the estimate counts the same.
    let lunettes = allocation(&plafonds, "Emma", LUNETTES);
    assert_eq!(
        (&lunettes["categorie"], &lunettes["soin"]),
        (&json!("OPTIQUE"), &json!("OPTIQUE_VERRES_SIMPLES"))
    );
    assert_eq!(lunettes["plafond"]["periodicite"], "an");
    assert!(lunettes["plafond"]["dejaUtilise"].as_f64().unwrap() > 0.0, "{lunettes}");
    assert!(lunettes["renouvellement"]["possibleLe"].is_string(), "{lunettes}");
    let emma = beneficiaire(&api, MARIE, "Emma").await;
    let body = json!({"idBeneficiaire": emma, "soin": "OPTIQUE_VERRES_SIMPLES", "centPourCentSante": false, "prix": 300});
    let estimation: Value = estimate(&api, MARIE, body).await.json().await.unwrap();
    assert_eq!(estimation["plafond"], lunettes["plafond"]);
    assert_eq!(estimation["renouvellement"], lunettes["renouvellement"]);
    // A ceiling the estimate has no care for is listed, with no care to estimate.
    let osteopathie = allocation(&plafonds, "Marie", "Ostéopathie, chiropraxie, acupuncture");
    assert_eq!((&osteopathie["soin"], &osteopathie["regle"]), (&Value::Null, &json!("40 €/séance")));
    assert!(osteopathie["renouvellement"].is_null());
}

#[tokio::test]
async fn members_covered_by_no_contract_today_have_no_allowance_to_list() {
    let api = spawn_api().await;
    // Jean's contract has ended; Léa's starts next year.
    assert_eq!(api.get_json(JEAN, "assure/plafonds").await, json!([]));
    assert_eq!(api.get_json(LEA, "assure/plafonds").await, json!([]));
    let paul = api.get_json(PAUL, "assure/plafonds").await;
    assert_eq!(paul.as_array().unwrap().len(), 1);
}

/// The certificates for money matters (docs/product/member-api.md#certificates-for-money-matters):
/// Marie, self-employed, gets last year's Madelin certificate and this year's statement; Paul,
/// on his employer's contract, the statement only; the year and the person are checked.
#[tokio::test]
async fn the_madelin_certificate_and_the_yearly_statement_of_contributions() {
    let api = spawn_api().await;
    let annee = chrono::Datelike::year(&chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris));
    if let Some(madelin) = certificate(&api, MARIE, "type=MADELIN").await {
        assert!(madelin.contains("Attestation fiscale Madelin"), "{madelin}");
        assert!(madelin.contains(&format!("a réglé en {}", annee - 1)), "{madelin}");
        assert!(madelin.contains("IND-004512") && madelin.contains("154 bis"), "{madelin}");
    }
    if let Some(releve) = certificate(&api, PAUL, &format!("type=COTISATIONS&annee={annee}")).await {
        assert!(releve.contains("Relevé annuel des cotisations"), "{releve}");
    }
    let cases = [
        (PAUL, "type=MADELIN".to_owned(), "loi Madelin"),
        (MARIE, format!("type=MADELIN&annee={annee}"), "année close"),
        (MARIE, "type=COTISATIONS&annee=1999".to_owned(), "Choisissez une année"),
        (MARIE, "type=COTISATIONS&beneficiaire=1".to_owned(), "au nom de l’adhérent"),
    ];
    for (member, query, expected) in cases {
        let message =
            assert_refused(api.get(member, &format!("assure/attestation?{query}")).await, 422).await;
        assert!(message.contains(expected), "{query}: {message}");
    }
}
