//! A quote answered in writing (docs/product/member-api.md#quotes-answered-in-writing): each
//! line answered by the estimate's rules, the 100 % Santé flags, the answer kept with the
//! request and printed, and the refusals with the line they are about.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{JEAN, MARIE, PAUL, assert_refused, pdf, spawn_api};

const CREATION: &str = "document/creationDevis";

async fn devis(api: &crate::api::ApiApp, person: &str, lignes: Value) -> Value {
    let beneficiaire = api.get_json(person, "assure/beneficiaires").await[0]["id"].clone();
    let document = api.upload_one(person, "devis.pdf", pdf()).await;
    json!({ "idBeneficiaire": beneficiaire, "lignes": lignes, "idDocuments": [document] })
}

/// Marie's dentist quotes a crown outside the basket (650 €) and one of the basket priced
/// one euro over its limit (500 €): each line is the estimate of its care, the first gets
/// its 100 % Santé equivalent, the second is flagged; the answer is dated, valid 90 days,
/// kept with the request and printed.
#[tokio::test]
async fn each_line_is_answered_with_its_100_sante_flags_and_the_answer_is_kept_and_printed() {
    let api = spawn_api().await;
    let lignes = json!([
        { "soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 650, "code": "hbld036" },
        { "soin": "DENTAIRE_COURONNE", "centPourCentSante": true, "prix": 501, "code": null },
    ]);
    let body = devis(&api, MARIE, lignes).await;
    let created = api.send(Method::POST, MARIE, CREATION, body.clone()).await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!((&demande["TypeCode"], &demande["Etat"]), (&json!("DEV"), &json!("TERMINE")));
    let reponse = &demande["devis"];
    let (libre, panier) = (&reponse["lignes"][0], &reponse["lignes"][1]);
    assert_eq!(libre["code"], "HBLD036");
    assert_eq!(libre["equivalent100Sante"], json!({ "limite": 500.0, "resteACharge": 0.0 }));
    assert_eq!((&panier["depasseLimite"], &panier["limite"]), (&json!(true), &json!(500.0)));
    let estimate = api
        .send(
            Method::POST,
            MARIE,
            "assure/estimation",
            json!({ "idBeneficiaire": body["idBeneficiaire"], "soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 650 }),
        )
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(libre["montantSecu"], estimate["montantSecu"], "the estimate's own rules");
    assert_eq!(libre["montantMutuelle"], estimate["montantMutuelle"]);
    let total: f64 = reponse["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ligne| ligne["resteACharge"].as_f64().unwrap())
        .sum();
    assert!((reponse["totaux"]["resteACharge"].as_f64().unwrap() - total).abs() < 0.001);
    let (repondu, valable) =
        (reponse["reponduLe"].as_str().unwrap(), reponse["valableJusquau"].as_str().unwrap());
    let days = chrono::NaiveDate::parse_from_str(valable, "%Y-%m-%d").unwrap()
        - chrono::NaiveDate::parse_from_str(repondu, "%Y-%m-%d").unwrap();
    assert_eq!(days.num_days(), 90);
    let document = reponse["documentReponse"].as_i64().unwrap();
    let printed = api.get(MARIE, &format!("document/pdf/{document}")).await;
    assert_eq!(printed.status(), 200);
    assert!(printed.bytes().await.unwrap().starts_with(b"%PDF-"));
    let lue = api.get_json(MARIE, &format!("demande/{}", demande["id"])).await;
    assert_eq!(lue["devis"], demande["devis"], "kept with the request");
}

#[tokio::test]
async fn a_quote_is_refused_with_the_line_at_fault_without_its_file_or_for_someone_not_covered() {
    let api = spawn_api().await;
    let couronne = json!({ "soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 650 });
    let implant = json!({ "soin": "DENTAIRE_IMPLANT", "centPourCentSante": true, "prix": 1200 });
    let message = assert_refused(
        api.send(Method::POST, MARIE, CREATION, devis(&api, MARIE, json!([couronne, implant])).await).await,
        422,
    )
    .await;
    assert!(message.starts_with("Ligne 2 : "), "{message}");
    let chambre =
        json!({ "soin": "HOSPITALISATION_CHAMBRE_PARTICULIERE", "centPourCentSante": false, "prix": 90 });
    let message = assert_refused(
        api.send(Method::POST, MARIE, CREATION, devis(&api, MARIE, json!([chambre])).await).await,
        422,
    )
    .await;
    assert_eq!(
        message,
        "Ligne 1 : un séjour à l’hôpital se demande en prise en charge hospitalière, pas en devis."
    );
    let mut sans_fichier = devis(&api, MARIE, json!([couronne])).await;
    sans_fichier["idDocuments"] = json!([]);
    let message = assert_refused(api.send(Method::POST, MARIE, CREATION, sans_fichier).await, 422).await;
    assert_eq!(message, "Joignez le devis : la mutuelle y répond par écrit.");
    let mut mauvais_code = couronne.clone();
    mauvais_code["code"] = json!("HBL0036");
    let message = assert_refused(
        api.send(Method::POST, MARIE, CREATION, devis(&api, MARIE, json!([mauvais_code])).await).await,
        400,
    )
    .await;
    assert!(message.starts_with("Ligne 1 : "), "{message}");
    let treize = Value::Array(vec![couronne.clone(); 13]);
    assert_refused(api.send(Method::POST, MARIE, CREATION, devis(&api, MARIE, treize).await).await, 400)
        .await;
    // Jean's only contract ended: the mutual answers no quote of care it will not cover.
    let message = assert_refused(
        api.send(Method::POST, JEAN, CREATION, devis(&api, JEAN, json!([couronne])).await).await,
        422,
    )
    .await;
    assert!(message.contains("a pris fin le"), "{message}");
    // Paul may not have Marie's beneficiary's quote answered.
    let mut pour_marie = devis(&api, PAUL, json!([couronne])).await;
    pour_marie["idBeneficiaire"] = api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    assert_refused(api.send(Method::POST, PAUL, CREATION, pour_marie).await, 403).await;
}
