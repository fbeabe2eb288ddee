//! What the member API tells each demo member, and what it keeps from the others.

use chrono::{Datelike, Local, NaiveDate};
use reqwest::Method;
use serde_json::Value;

use crate::api::{JEAN, LEA, MARIE, PAUL, SOPHIE, assert_refused, pdf_text, spawn_api};
use crate::helpers::header;

fn date(value: &Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

fn today() -> NaiveDate {
    Local::now().date_naive()
}

#[tokio::test]
async fn every_json_endpoint_answers_for_marie() {
    let api = spawn_api().await;
    for path in [
        "assure/",
        "assure/infos",
        "assure/beneficiaires",
        "assure/beneficiairesInfosBancaires",
        "assure/banques",
        "assure/contrats",
        "assure/echeance-prochaine",
        "assure/droitsAdherent",
        "assure/droitsCompletAdherent",
        "assure/prestations",
        "assure/prestations-pro",
        "assure/prestationsClaims",
        "assure/prestations-recentes",
        "assure/carte-tp",
        "demandes",
        "demandes/home",
    ] {
        let response = api.get(MARIE, path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(header(response.headers(), "content-type").starts_with("application/json"), "{path}");
    }
}

#[tokio::test]
async fn marie_has_a_family_and_a_year_and_a_half_of_reimbursements() {
    let api = spawn_api().await;
    let beneficiaires = api.get_json(MARIE, "assure/beneficiaires").await;
    let liens: Vec<&str> =
        beneficiaires.as_array().unwrap().iter().map(|b| b["lien"].as_str().unwrap()).collect();
    assert_eq!(liens, ["ASSURE_PRINCIPAL", "CONJOINT", "ENFANT", "ENFANT"]);
    assert!(beneficiaires.as_array().unwrap().iter().all(|b| b["statutNoemie"].is_string()));

    let claims = api.get_json(MARIE, "assure/prestationsClaims").await;
    let lines = claims.as_array().unwrap();
    assert!(lines.len() >= 40, "{} lines", lines.len());
    let oldest = lines.iter().map(|line| date(&line["dateSoins"])).min().unwrap();
    assert!(oldest >= today() - chrono::Months::new(18), "{oldest}");
    assert!(oldest <= today() - chrono::Months::new(16), "{oldest}");
    let codes: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| l["codeActe"].as_str().unwrap()).collect();
    for code in ["C", "G", "PHAR", "BIO", "OPTI", "DENT", "SPR", "HOS"] {
        assert!(codes.contains(code), "{code} missing from {codes:?}");
    }
}

#[tokio::test]
async fn a_payment_groups_one_day_and_its_lines_add_up() {
    let api = spawn_api().await;
    let paiements = api.get_json(MARIE, "assure/prestations").await;
    let paiements = paiements.as_array().unwrap();
    for paiement in paiements {
        let lines = paiement["detailRemboursement"].as_array().unwrap();
        assert!(!lines.is_empty());
        let cents = |value: &Value| (value.as_f64().unwrap() * 100.0).round() as i64;
        let total: i64 = lines.iter().map(|line| cents(&line["refundableAmount"])).sum();
        assert_eq!(total, cents(&paiement["montantRembourse"]), "{paiement}");
        for line in lines {
            assert_eq!(
                cents(&line["expenseAmount"]),
                cents(&line["montantSecu"]) + cents(&line["refundableAmount"]) + cents(&line["resteACharge"]),
                "{line}"
            );
            assert!(date(&line["startDate"]) <= date(&paiement["paymentDate"]));
        }
    }
    let dates: Vec<NaiveDate> = paiements.iter().map(|p| date(&p["paymentDate"])).collect();
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "newest first");
    assert!(paiements.iter().any(|p| p["destinataire"] == "PROFESSIONNEL_DE_SANTE"));
}

#[tokio::test]
async fn recent_payments_cover_the_last_five_payment_days_and_their_lines_load_by_id() {
    let api = spawn_api().await;
    let recentes = api.get_json(MARIE, "assure/prestations-recentes").await;
    let recentes = recentes.as_array().unwrap();
    let days: std::collections::BTreeSet<&str> =
        recentes.iter().map(|p| p["paymentDate"].as_str().unwrap()).collect();
    assert_eq!(days.len(), 5);
    let first = &recentes[0];
    assert!(first.get("detailRemboursement").is_none());
    assert!(first["beneficiaryFirstName"].is_string() && first["beneficiaryLastName"].is_string());
    let detail =
        api.get_json(MARIE, &format!("assure/prestation/{}", first["paymentId"].as_str().unwrap())).await;
    let line = &detail["data"][0];
    for field in ["labelExternalCode", "startDate", "expenseAmount", "refundableAmount"] {
        assert!(!line[field].is_null(), "{field} in {line}");
    }
}

#[tokio::test]
async fn the_list_of_one_payment_day_is_a_filter() {
    let api = spawn_api().await;
    let recentes = api.get_json(MARIE, "assure/prestations-recentes").await;
    let day = recentes[0]["paymentDate"].as_str().unwrap().to_owned();
    let paiements = api.get_json(MARIE, &format!("assure/prestations?dateDebut={day}&dateFin={day}")).await;
    assert!(!paiements.as_array().unwrap().is_empty());
    assert!(paiements.as_array().unwrap().iter().all(|p| p["paymentDate"] == day.as_str()));
    assert_refused(api.get(MARIE, "assure/prestations?dateDebut=2025-13-01").await, 400).await;
    assert_refused(api.get(MARIE, "assure/prestations?dateDebut=2025-06-01&dateFin=2025-01-01").await, 422)
        .await;
}

#[tokio::test]
async fn tiers_payant_payments_are_the_professionals_ones() {
    let api = spawn_api().await;
    let pro = api.get_json(MARIE, "assure/prestations-pro").await;
    assert!(!pro.as_array().unwrap().is_empty());
    assert!(pro.as_array().unwrap().iter().all(|p| p["destinataire"] == "PROFESSIONNEL_DE_SANTE"));
}

#[tokio::test]
async fn jean_has_only_old_reimbursements_one_rejected() {
    let api = spawn_api().await;
    let claims = api.get_json(JEAN, "assure/prestationsClaims").await;
    let lines = claims.as_array().unwrap();
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|line| date(&line["dateSoins"]) < today() - chrono::Months::new(24)));
    assert!(lines.iter().any(|line| line["statut"] == "REJETE"));
    assert_eq!(api.get_json(JEAN, "assure/carte-tp").await, serde_json::json!([]));
    let contrats = api.get_json(JEAN, "assure/contrats").await;
    assert_eq!(contrats[0]["statut"], "RESILIE");
}

#[tokio::test]
async fn lea_sophie_have_empty_lists_where_the_home_page_shows_empty_states() {
    let api = spawn_api().await;
    for member in [LEA, SOPHIE] {
        for path in ["assure/prestations", "assure/prestations-recentes", "demandes", "demandes/home"] {
            assert_eq!(api.get_json(member, path).await, serde_json::json!([]), "{member} {path}");
        }
    }
}

#[tokio::test]
async fn the_next_due_date_exists_only_for_marie_and_paul() {
    let api = spawn_api().await;
    for member in [MARIE, PAUL] {
        let echeance = api.get_json(member, "assure/echeance-prochaine").await;
        assert!(date(&echeance["dateEcheance"]) >= today(), "{member}");
        assert!(echeance["montant"].as_f64().unwrap() > 0.0);
    }
    for member in [JEAN, LEA, SOPHIE] {
        assert_eq!(api.get_json(member, "assure/echeance-prochaine").await, Value::Null, "{member}");
    }
}

#[tokio::test]
async fn contracts_tell_individual_from_collective_and_carry_their_schedule() {
    let api = spawn_api().await;
    let marie = api.get_json(MARIE, "assure/contrats").await;
    assert_eq!(marie[0]["typeContrat"], "INDIVIDUEL");
    assert_eq!(marie[0]["statut"], "ACTIF");
    assert!(!marie[0]["echeancier"].as_array().unwrap().is_empty());
    let paul = api.get_json(PAUL, "assure/contrats").await;
    assert_eq!(paul[0]["typeContrat"], "COLLECTIF");
    assert_eq!(paul[0]["entreprise"], "TRANSPORTS RHODANIENS SAS");
    let lea = api.get_json(LEA, "assure/contrats").await;
    assert_eq!(lea[0]["statut"], "A_VENIR");
}

#[tokio::test]
async fn guarantees_are_grouped_by_category_with_their_rule_and_ceiling() {
    let api = spawn_api().await;
    let droits = api.get_json(MARIE, "assure/droitsCompletAdherent").await;
    let categories = droits["contrats"][0]["garanties"].as_array().unwrap();
    let soins = categories.iter().find(|c| c["categorie"] == "SOINS_COURANTS").unwrap();
    assert_eq!(soins["libelleCategorie"], "Soins courants");
    assert_eq!(soins["garanties"][0]["regle"], "200 % BRSS");
    let douces = categories.iter().find(|c| c["categorie"] == "MEDECINES_DOUCES").unwrap();
    assert_eq!(douces["garanties"][0]["plafond"], 150.0);
    assert_eq!(douces["garanties"][0]["periodicitePlafond"], "an");
    let droits = api.get_json(MARIE, "assure/droitsAdherent").await;
    assert_eq!(droits["couvert"], true);
    assert_eq!(droits["beneficiaires"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn bank_details_leave_masked() {
    let api = spawn_api().await;
    let banques = api.get_json(MARIE, "assure/banques").await;
    assert_eq!(banques[0]["ibanMasque"], "FR76 **** **** **** **** ***0 189");
    assert!(!banques.to_string().contains("30006000011234567890"));
    let par_beneficiaire = api.get_json(MARIE, "assure/beneficiairesInfosBancaires").await;
    let enfants: Vec<&Value> =
        par_beneficiaire.as_array().unwrap().iter().filter(|b| b["lien"] == "ENFANT").collect();
    assert!(
        enfants.iter().all(|b| b["coordonneesBancaires"].is_null()),
        "children's go to the member's account"
    );
    assert_eq!(api.get_json(SOPHIE, "assure/banques").await, serde_json::json!([]));
}

#[tokio::test]
async fn the_tiers_payant_card_lists_beneficiaries_and_care_domains() {
    let api = spawn_api().await;
    let cartes = api.get_json(MARIE, "assure/carte-tp").await;
    let carte = &cartes[0];
    assert_eq!(carte["periode"], "EN_COURS");
    assert_eq!(carte["beneficiaires"].as_array().unwrap().len(), 4);
    let codes: Vec<&str> =
        carte["domaines"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    for code in ["PHAR", "LABO", "HOSP", "OPTI", "DENT"] {
        assert!(codes.contains(&code), "{code}");
    }
    let sophie = api.get_json(SOPHIE, "assure/carte-tp").await;
    let periodes: Vec<&str> =
        sophie.as_array().unwrap().iter().map(|c| c["periode"].as_str().unwrap()).collect();
    assert_eq!(periodes, ["EN_COURS", "SUIVANTE"]);
    let lea = api.get_json(LEA, "assure/carte-tp").await;
    assert_eq!(lea[0]["periode"], "SUIVANTE");
}

#[tokio::test]
async fn lea_s_card_is_next_year_s_from_her_first_day_on_every_endpoint() {
    let api = spawn_api().await;
    let next_year = today().year() + 1;
    let first_day = NaiveDate::from_ymd_opt(next_year, 1, 1).unwrap();
    let cartes = api.get_json(LEA, "assure/carte-tp").await;
    let [carte] = cartes.as_array().unwrap().as_slice() else { panic!("one card: {cartes}") };
    assert_eq!(carte["periode"], "SUIVANTE");
    assert_eq!(date(&carte["dateDebutValidite"]), first_day);
    assert_eq!(date(&carte["dateFinValidite"]), NaiveDate::from_ymd_opt(next_year, 12, 31).unwrap());
    let contrats = api.get_json(LEA, "assure/contrats").await;
    assert_eq!(date(&contrats[0]["dateDebut"]), first_day);
    // Sign-in says "next year's card only", and points at that card.
    let signed_in: Value = api
        .send(Method::POST, LEA, "compte/auth", serde_json::json!({"Login": LEA, "Type": "ADH"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&signed_in["User"]["CarteTp"], &signed_in["User"]["CarteTpSuivante"]),
        (&false.into(), &true.into())
    );
    let url = signed_in["smartCarteUrl"].as_str().unwrap();
    assert!(url.ends_with(&format!("/carte-tp-detail/{}", carte["id"])), "{url}");
    let response = api.get(LEA, url.split("/api/").nth(1).unwrap()).await;
    let disposition = header(response.headers(), "content-disposition").to_owned();
    assert!(disposition.contains(&format!("carte-tiers-payant-{next_year}.pdf")), "{disposition}");
    if let Some(text) = pdf_text(&response.bytes().await.unwrap()) {
        let validite = format!("du 01/01/{next_year} au 31/12/{next_year}");
        assert!(text.contains(&validite), "{validite} missing from:\n{text}");
    }
}

#[tokio::test]
async fn requests_show_done_and_pending_states() {
    let api = spawn_api().await;
    let demandes = api.get_json(MARIE, "demandes").await;
    let etats: Vec<&str> = demandes.as_array().unwrap().iter().map(|d| d["Etat"].as_str().unwrap()).collect();
    for etat in ["TERMINE", "Traité", "EN_COURS", "A_TRAITER"] {
        assert!(etats.contains(&etat), "{etat} in {etats:?}");
    }
    let first = &demandes[0];
    assert!(first["DateCreation"].is_string() && first["TypeCode"].is_string());
}

fn is_done(demande: &Value) -> bool {
    demande["Etat"] == "TERMINE" || demande["Etat"] == "Traité"
}

#[tokio::test]
async fn the_home_lists_pending_requests_and_one_done_lately_newest_first() {
    let api = spawn_api().await;
    let home = api.get_json(MARIE, "demandes/home").await;
    let home = home.as_array().unwrap();
    let summary: Vec<(&str, &str)> =
        home.iter().map(|d| (d["TypeCode"].as_str().unwrap(), d["Etat"].as_str().unwrap())).collect();
    assert_eq!(
        summary,
        [("DEV", "A_TRAITER"), ("OPT", "EN_COURS"), ("MED", "EN_ATTENTE_DE_PIECES"), ("JSCO", "TERMINE")]
    );
    let created: Vec<NaiveDate> = home.iter().map(|d| date(&d["DateCreation"])).collect();
    assert!(created.is_sorted_by(|a, b| a >= b), "{created:?}");
    // Done requests stay three months after their last update, then only in the full list.
    let three_months_ago = today() - chrono::Months::new(3);
    assert!(home.iter().filter(|d| is_done(d)).all(|d| date(&d["dateMiseAJour"]) >= three_months_ago));
    let older_done = api.get_json(MARIE, "demandes").await;
    assert!(
        older_done
            .as_array()
            .unwrap()
            .iter()
            .any(|d| is_done(d) && date(&d["dateMiseAJour"]) < three_months_ago)
    );
}

#[tokio::test]
async fn the_home_leaves_out_requests_settled_long_ago() {
    let api = spawn_api().await;
    // Jean's termination was dealt with two years ago: his home reads that all are done.
    assert_eq!(api.get_json(JEAN, "demandes").await.as_array().unwrap().len(), 1);
    assert_eq!(api.get_json(JEAN, "demandes/home").await, serde_json::json!([]));
    // Paul's hospital care, agreed five weeks ago, still shows below his pending question.
    let paul = api.get_json(PAUL, "demandes/home").await;
    let etats: Vec<&str> = paul.as_array().unwrap().iter().map(|d| d["Etat"].as_str().unwrap()).collect();
    assert_eq!(etats, ["EN_COURS", "TERMINE"]);
}

#[tokio::test]
async fn another_members_request_document_payment_or_card_is_forbidden() {
    let api = spawn_api().await;
    let demandes = api.get_json(MARIE, "demandes").await;
    let with_document =
        demandes.as_array().unwrap().iter().find(|d| !d["documents"].as_array().unwrap().is_empty()).unwrap();
    let demande_id = with_document["id"].as_i64().unwrap();
    let document_id = with_document["documents"][0]["id"].as_i64().unwrap();
    let payment =
        api.get_json(MARIE, "assure/prestations-recentes").await[0]["paymentId"].as_str().unwrap().to_owned();
    let carte = api.get_json(MARIE, "assure/carte-tp").await[0]["id"].as_i64().unwrap();
    for path in [
        format!("demande/{demande_id}"),
        format!("document/pdf/{document_id}"),
        format!("assure/prestation/{payment}"),
        format!("assure/carte-tp-detail/{carte}"),
    ] {
        assert_eq!(api.get(MARIE, &path).await.status(), 200, "{path}");
        let message = assert_refused(api.get(PAUL, &path).await, 403).await;
        assert_eq!(message, "Vous n’avez pas accès à cette ressource.");
    }
}

#[tokio::test]
async fn an_unknown_request_document_payment_or_card_is_not_found() {
    let api = spawn_api().await;
    for path in [
        "demande/999999",
        "document/pdf/999999",
        "assure/prestation/PAI99999999",
        "assure/carte-tp-detail/999999",
    ] {
        assert_refused(api.get(MARIE, path).await, 404).await;
    }
    assert_refused(api.get(MARIE, "no/such/path").await, 404).await;
    assert_refused(api.call(Method::DELETE, "demandes", Some(&api.token(MARIE)), None).await, 405).await;
}

#[tokio::test]
async fn a_stored_document_comes_back_with_its_type_and_name() {
    let api = spawn_api().await;
    let demandes = api.get_json(MARIE, "demandes").await;
    let png = demandes
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["documents"].as_array().unwrap())
        .find(|doc| doc["typeMime"] == "image/png")
        .unwrap()
        .clone();
    let response = api.get(MARIE, &format!("document/pdf/{}", png["id"])).await;
    assert_eq!(header(response.headers(), "content-type"), "image/png");
    let disposition = header(response.headers(), "content-disposition").to_owned();
    assert!(disposition.contains("note-honoraires-osteopathe.png"), "{disposition}");
    assert_eq!(response.bytes().await.unwrap().len() as i64, png["taille"].as_i64().unwrap());
}

#[tokio::test]
async fn the_guarantees_booklet_is_a_pdf_of_the_members_contract() {
    let api = spawn_api().await;
    let response = api.get(MARIE, "assure/livret").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "content-type"), "application/pdf");
    assert!(header(response.headers(), "content-disposition").contains("livret-de-garanties-IND-004512.pdf"));
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    if let Some(text) = pdf_text(&bytes) {
        for expected in ["Mme Marie DUPONT", "Santé Famille Confort", "200 % BRSS", "150 € par an"] {
            assert!(text.contains(expected), "{expected} missing from:\n{text}");
        }
    }
}

#[tokio::test]
async fn the_card_url_of_sign_in_gives_the_card_as_a_pdf() {
    let api = spawn_api().await;
    let signed_in: Value = api
        .send(Method::POST, MARIE, "compte/auth", serde_json::json!({"Login": MARIE, "Type": "ADH"}))
        .await
        .json()
        .await
        .unwrap();
    let url = signed_in["smartCarteUrl"].as_str().unwrap();
    let path = url.split("/api/").nth(1).unwrap();
    let response = api.get(MARIE, path).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "content-type"), "application/pdf");
    assert!(header(response.headers(), "content-disposition").contains("carte-tiers-payant-"));
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    if let Some(text) = pdf_text(&bytes) {
        for expected in ["Mme Marie DUPONT", "Emma DUPONT", "Lucas DUPONT", "PHAR", "775599118"] {
            assert!(text.contains(expected), "{expected} missing from:\n{text}");
        }
    }
}

#[tokio::test]
async fn postal_communes_come_from_the_real_dataset() {
    let api = spawn_api().await;
    let paris = api.get_json(MARIE, "assure/referentiel/communes-postale?codePostal=75011").await;
    assert_eq!(paris.as_array().unwrap().len(), 1);
    assert_eq!(paris[0]["nomCommune"], "Paris 11e Arrondissement");
    let piennes = api.get_json(MARIE, "assure/referentiel/communes-postale?codePostal=54490").await;
    assert_eq!(piennes.as_array().unwrap().len(), 7);
    assert_eq!(
        api.get_json(MARIE, "assure/referentiel/communes-postale?codePostal=99999").await,
        serde_json::json!([])
    );
    for bad in ["7501", "ABCDE", "750111"] {
        let message = assert_refused(
            api.get(MARIE, &format!("assure/referentiel/communes-postale?codePostal={bad}")).await,
            400,
        )
        .await;
        assert_eq!(message, "Le code postal doit comporter exactement 5 chiffres.");
    }
    assert_refused(api.get(MARIE, "assure/referentiel/communes-postale").await, 400).await;
}
