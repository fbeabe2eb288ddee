//! What members change through the member API: checked, then kept across restarts.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, JEAN, MARIE, PAUL, SOPHIE, assert_refused, pdf, pdf_text, spawn_api, spawn_api_on};

fn adresse(code_postal: &str) -> Value {
    json!({
        "putAdresse": {
            "numeroEtVoie": "5 rue de la Roquette",
            "complementAdresse": "Escalier C",
            "codePostal": code_postal,
            "commune": "Paris"
        },
        "infoASupprimer": []
    })
}

#[tokio::test]
async fn an_address_change_is_saved() {
    let api = spawn_api().await;
    let response = api.send(Method::PUT, MARIE, "assure/adresse", adresse("75011")).await;
    assert_eq!(response.status(), 200);
    let infos = api.get_json(MARIE, "assure/infos").await;
    assert_eq!(infos["adresse"]["numeroEtVoie"], "5 rue de la Roquette");
    assert_eq!(infos["adresse"]["complementAdresse"], "Escalier C");
    assert_eq!(infos["adresse"]["commune"], "PARIS");
    assert!(infos["adresse"]["dateModification"].is_string());
}

#[tokio::test]
async fn optional_address_lines_are_kept_unless_listed_for_removal() {
    let api = spawn_api().await;
    let body = json!({
        "putAdresse": {"numeroEtVoie": "8 rue du Moulin", "codePostal": "44000", "commune": "NANTES"},
        "infoASupprimer": []
    });
    let kept = api.send(Method::PUT, SOPHIE, "assure/adresse", body).await.json::<Value>().await.unwrap();
    assert_eq!(kept["complementDestinataire"], "Chez M. et Mme LEGRAND");
    let body = json!({
        "putAdresse": {"numeroEtVoie": "8 rue du Moulin", "codePostal": "44000", "commune": "NANTES"},
        "infoASupprimer": ["complementDestinataire"]
    });
    let removed = api.send(Method::PUT, SOPHIE, "assure/adresse", body).await.json::<Value>().await.unwrap();
    assert!(removed["complementDestinataire"].is_null());
}

#[tokio::test]
async fn a_malformed_postal_code_or_a_missing_street_is_a_bad_request() {
    let api = spawn_api().await;
    for code in ["7501", "750111", "75O11"] {
        let message =
            assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", adresse(code)).await, 400).await;
        assert_eq!(message, "Le code postal doit comporter exactement 5 chiffres.");
    }
    let mut no_street = adresse("75011");
    no_street["putAdresse"]["numeroEtVoie"] = json!("  ");
    let message = assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", no_street).await, 400).await;
    assert_eq!(message, "Le numéro et la voie est obligatoire.");
    let mut abroad = adresse("75011");
    abroad["putAdresse"]["pays"] = json!("BELGIQUE");
    assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", abroad).await, 400).await;
    let mut unknown_line = adresse("75011");
    unknown_line["infoASupprimer"] = json!(["numeroEtVoie"]);
    assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", unknown_line).await, 400).await;
    let unchanged = api.get_json(MARIE, "assure/infos").await;
    assert_eq!(unchanged["adresse"]["numeroEtVoie"], "12 rue Oberkampf", "nothing saved is lost");
}

fn rib(iban: &str, bic: &str) -> Value {
    json!({"titulaire": "Mme Marie DUPONT", "iban": iban, "bic": bic, "domiciliation": "La Banque Postale"})
}

#[tokio::test]
async fn new_bank_details_are_saved_and_come_back_masked() {
    let api = spawn_api().await;
    let response = api
        .send(
            Method::POST,
            MARIE,
            "assure/beneficiaire/banque",
            rib("FR14 2004 1010 0505 0001 3M02 606", "PSSTFRPPPAR"),
        )
        .await;
    assert_eq!(response.status(), 200);
    let compte: Value = response.json().await.unwrap();
    assert_eq!(compte["ibanMasque"], "FR14 **** **** **** **** ***2 606");
    let banques = api.get_json(MARIE, "assure/banques").await;
    let prestations = banques.as_array().unwrap().iter().find(|c| c["usage"] == "PRESTATIONS").unwrap();
    assert_eq!(prestations["bic"], "PSSTFRPPPAR");
}

#[tokio::test]
async fn a_child_can_get_an_account_of_its_own() {
    let api = spawn_api().await;
    let beneficiaires = api.get_json(MARIE, "assure/beneficiaires").await;
    let emma =
        beneficiaires.as_array().unwrap().iter().find(|b| b["prenom"] == "Emma").unwrap()["id"].clone();
    let mut body = rib("FR7630006000011234567890189", "AGRIFRPPXXX");
    body["idBeneficiaire"] = emma.clone();
    assert_eq!(api.send(Method::POST, MARIE, "assure/beneficiaire/banque", body.clone()).await.status(), 200);
    let infos = api.get_json(MARIE, "assure/beneficiairesInfosBancaires").await;
    let emma_infos = infos.as_array().unwrap().iter().find(|b| b["idBeneficiaire"] == emma).unwrap();
    assert_eq!(emma_infos["coordonneesBancaires"]["usage"], "PRESTATIONS");
    body["usage"] = json!("COTISATIONS");
    assert_refused(api.send(Method::POST, MARIE, "assure/beneficiaire/banque", body.clone()).await, 422)
        .await;
    // Paul cannot touch Marie's daughter's account.
    body["usage"] = json!("PRESTATIONS");
    assert_refused(api.send(Method::POST, PAUL, "assure/beneficiaire/banque", body).await, 403).await;
}

#[tokio::test]
async fn a_bad_iban_or_bic_is_a_bad_request() {
    let api = spawn_api().await;
    let cases = [
        // Wrong check digits.
        ("FR7630006000011234567890188", "AGRIFRPPXXX", "clé de contrôle", 422),
        // 26 characters with valid check digits: a French IBAN has 27.
        ("FR133000600001123456789018", "AGRIFRPPXXX", "27 caractères", 422),
        ("XX7630006000011234567890189", "AGRIFRPPXXX", "IBAN", 422),
        // A BIC's layout is the contract's pattern (400); its country, the IBAN's (422).
        ("FR7630006000011234567890189", "AGRI", "BIC", 400),
        ("FR7630006000011234567890189", "DEUTDEFFXXX", "pays de l’IBAN", 422),
    ];
    for (iban, bic, expected, status) in cases {
        let response = api.send(Method::POST, MARIE, "assure/beneficiaire/banque", rib(iban, bic)).await;
        let message = assert_refused(response, status).await;
        assert!(message.contains(expected), "{iban}/{bic}: {message}");
    }
    let mut no_holder = rib("FR7630006000011234567890189", "AGRIFRPPXXX");
    no_holder["titulaire"] = json!("");
    assert_refused(api.send(Method::POST, MARIE, "assure/beneficiaire/banque", no_holder).await, 400).await;
}

#[tokio::test]
async fn a_request_with_uploaded_documents_is_created_with_its_type_code() {
    let api = spawn_api().await;
    // Read first, so that the list is an answer the API keeps: the write must make it stale.
    let before = api.get_json(MARIE, "demandes").await.as_array().unwrap().len();
    let document = api.upload_one(MARIE, "justificatif-domicile.pdf", pdf()).await;
    let body = json!({
        "postCreationDocumentDto": {
            "type": "JUSTIFICATIF_DE_DOMICILE",
            "commentaire": "Facture d’électricité à ma nouvelle adresse.",
            "idDocuments": [document]
        },
        "metadata": {"dateDocument": "2025-01-15", "emetteur": "EDF"}
    });
    let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", body.clone()).await;
    assert_eq!(response.status(), 201);
    let location = crate::helpers::header(response.headers(), "location").to_owned();
    let demande: Value = response.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "MAJD");
    assert_eq!(demande["Etat"], "A_TRAITER");
    assert_eq!(demande["documents"][0]["id"], document);
    assert_eq!(demande["metadata"]["emetteur"], "EDF");
    assert_eq!(location, format!("/_demo/api/demande/{}", demande["id"]));
    let home = api.get_json(MARIE, "demandes/home").await;
    assert_eq!(home[0]["id"], demande["id"], "the newest pending request comes first");
    let every = api.get_json(MARIE, "demandes").await;
    assert_eq!(every.as_array().unwrap().len(), before + 1);
    assert_eq!(every[0]["id"], demande["id"]);
    // A document belongs to one request only.
    let again = api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await;
    assert_refused(again, 409).await;
}

#[tokio::test]
async fn an_invoice_is_for_care_a_contract_covered_within_the_last_two_years() {
    let api = spawn_api().await;
    let today = paris_today();
    let facture = |person: &'static str, date: String| {
        let api = &api;
        async move {
            let document = api.upload_one(person, "facture.pdf", pdf()).await;
            let body = json!({
                "postCreationDocumentDto": {"type": "DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF", "idDocuments": [document]},
                "metadata": {"dateSoins": date, "montant": "40.00"}
            });
            api.send(Method::POST, person, "document/documentGedCegedim", body).await
        }
    };
    // Jean's contract ended at the end of the month two years back: its last day is still
    // within the two years, the next is after the contract.
    let contrats = api.get_json(JEAN, "assure/contrats").await;
    let fin: chrono::NaiveDate = contrats[0]["dateFin"].as_str().unwrap().parse().unwrap();
    assert_eq!(facture(JEAN, fin.to_string()).await.status(), 201);
    let apres = assert_refused(facture(JEAN, (fin + chrono::Days::new(1)).to_string()).await, 422).await;
    assert!(apres.contains("votre contrat IND-001187 a pris fin le"), "{apres}");
    let prescrits = today - chrono::Months::new(24) - chrono::Days::new(1);
    assert!(
        assert_refused(facture(MARIE, prescrits.to_string()).await, 422).await.contains("plus de deux ans")
    );
    let demain = (today + chrono::Days::new(1)).to_string();
    assert_refused(facture(MARIE, demain).await, 422).await;
    assert_refused(facture(MARIE, "31/12/2025".to_owned()).await, 400).await;
    assert_eq!(facture(MARIE, today.to_string()).await.status(), 201);
}

#[tokio::test]
async fn every_type_maps_to_the_code_of_the_specification() {
    let api = spawn_api().await;
    for (type_demande, code) in [
        ("ATTESTATION_VITALE", "MAJV"),
        ("JUSTIFICATIF_DE_SCOLARITÉ", "JSCO"),
        ("MANDAT_SEPA", "RIB"),
        ("ENVOI_DE_DEVIS", "DEV"),
    ] {
        let document = api.upload_one(MARIE, "piece.pdf", pdf()).await;
        let body = json!({"postCreationDocumentDto": {"type": type_demande, "idDocuments": [document]}});
        let demande: Value =
            api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await.json().await.unwrap();
        assert_eq!(demande["TypeCode"], code, "{type_demande}");
    }
    let question = json!({"postCreationDocumentDto": {"type": "UNE_QUESTION_SANTÉ", "commentaire": "Les lentilles sont-elles remboursées ?"}});
    let demande: Value =
        api.send(Method::POST, MARIE, "document/documentGedCegedim", question).await.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "QUE");
}

#[tokio::test]
async fn a_request_is_refused_when_its_form_is_incomplete_or_borrows_someone_elses_document() {
    let api = spawn_api().await;
    let ged = |dto: Value| json!({"postCreationDocumentDto": dto});
    // What the contract's schema refuses (an unknown type, one with its own form, no dto) is a
    // 400; what only the rules of each type refuse, a 422.
    let cases = [
        (ged(json!({"type": "INCONNU", "idDocuments": [1]})), 400),
        (ged(json!({"type": "DEMANDE_DE_REMBOURSEMENT_OPTIQUE", "idDocuments": []})), 422),
        (ged(json!({"type": "UNE_QUESTION_SANTÉ"})), 422),
        (ged(json!({"type": "DEMANDE_DE_RESILIATION", "commentaire": "Je pars."})), 400),
        (ged(json!({"type": "ENVOI_DE_DEVIS", "idDocuments": [999999]})), 422),
        (json!({"metadata": {}}), 400),
    ];
    for (body, status) in cases {
        let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", body.clone()).await;
        assert_refused(response, status).await;
    }
    let pauls = api.upload_one(PAUL, "devis.pdf", pdf()).await;
    let body = ged(json!({"type": "ENVOI_DE_DEVIS", "idDocuments": [pauls]}));
    assert_refused(api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await, 403).await;
    assert_refused(api.get(MARIE, &format!("document/pdf/{pauls}")).await, 403).await;
}

/// A day counted from today in Paris, the member API's day.
pub(crate) fn dans(jours: i64) -> String {
    let today = chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive();
    (today + chrono::Duration::days(jours)).to_string()
}

/// A stay starting in a month, for three days, at the directory's first hospital of Dijon.
pub(crate) fn hospitalisation(id_beneficiaire: &Value, siren: &str) -> Value {
    json!({
        "postCreationDocumentHospitalisationDto": {
            "idBeneficiaire": id_beneficiaire,
            "finess": DIJON_FINESS,
            "dateEntree": dans(30),
            "dateSortie": dans(33),
            "typeHospitalisation": "CHIRURGIE",
            "chambreParticuliere": true
        },
        "siren": siren
    })
}

/// The « Centre hospitalier de Dijon » of the demo's directory.
pub(crate) const DIJON_FINESS: &str = "210000618";
pub(crate) const DIJON_SIREN: &str = "260000617";

#[tokio::test]
async fn a_hospital_care_request_needs_the_siren_of_its_establishment() {
    let api = spawn_api().await;
    let marie = api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    let created = api
        .send(Method::POST, MARIE, "document/creationHospitalisation", hospitalisation(&marie, DIJON_SIREN))
        .await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "PEH");
    assert_eq!(demande["hospitalisation"]["siren"], DIJON_SIREN);
    assert_eq!(demande["hospitalisation"]["etablissement"], "Centre hospitalier de Dijon");
    // Nine digits is the contract's pattern (400); the check digit, a rule it cannot say (422);
    // another establishment's, a mistake (422).
    for (siren, status) in [("839099604", 422), ("83909960", 400), ("ABCDEFGHI", 400), ("839 099 603", 422)] {
        let response = api
            .send(Method::POST, MARIE, "document/creationHospitalisation", hospitalisation(&marie, siren))
            .await;
        let message = assert_refused(response, status).await;
        assert!(message.contains("SIREN"), "{message}");
    }
    // Paul cannot ask for Marie.
    assert_refused(
        api.send(
            Method::POST,
            PAUL,
            "document/creationHospitalisation",
            hospitalisation(&marie, DIJON_SIREN),
        )
        .await,
        403,
    )
    .await;
}

fn resiliation(numero: &str) -> Value {
    json!({"numeroContrat": numero, "motif": "RESILIATION_INFRA_ANNUELLE", "commentaire": "Je rejoins la mutuelle de mon employeur."})
}

/// Today in Paris, as the member API counts days.
fn paris_today() -> chrono::NaiveDate {
    chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive()
}

#[tokio::test]
async fn only_an_individual_contract_in_force_can_be_terminated_once() {
    let api = spawn_api().await;
    let created =
        api.send(Method::POST, MARIE, "document/creationResiliation", resiliation("IND-004512")).await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "RAD");
    assert_eq!(demande["resiliation"]["numeroContrat"], "IND-004512");
    assert!(demande["resiliation"]["notifieeLe"].as_str().is_some_and(|moment| moment.contains('T')));
    let twice =
        api.send(Method::POST, MARIE, "document/creationResiliation", resiliation("IND-004512")).await;
    assert!(assert_refused(twice, 409).await.contains("déjà en cours"));
    let collective =
        api.send(Method::POST, PAUL, "document/creationResiliation", resiliation("COL-000871")).await;
    assert!(assert_refused(collective, 422).await.contains("collectif"));
    let ended = api.send(Method::POST, JEAN, "document/creationResiliation", resiliation("IND-001187")).await;
    assert!(assert_refused(ended, 422).await.contains("a déjà pris fin le 31/12/"));
    let not_hers =
        api.send(Method::POST, SOPHIE, "document/creationResiliation", resiliation("COL-000871")).await;
    assert_refused(not_hers, 403).await;
}

#[tokio::test]
async fn writes_survive_a_restart() {
    let data_dir = tempfile::tempdir().unwrap();
    let (document, demande) = {
        let api = spawn_api_on(data_dir.path()).await;
        assert_eq!(api.send(Method::PUT, MARIE, "assure/adresse", adresse("75011")).await.status(), 200);
        let bank = api
            .send(
                Method::POST,
                MARIE,
                "assure/beneficiaire/banque",
                rib("FR1420041010050500013M02606", "PSSTFRPPPAR"),
            )
            .await;
        assert_eq!(bank.status(), 200);
        let document = api.upload_one(MARIE, "attestation.pdf", pdf()).await;
        let body =
            json!({"postCreationDocumentDto": {"type": "ATTESTATION_VITALE", "idDocuments": [document]}});
        let demande: Value =
            api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await.json().await.unwrap();
        (document, demande["id"].clone())
    };
    // A new application on the same folder: it must not seed again, and must find it all.
    let api = spawn_api_on(data_dir.path()).await;
    let infos = api.get_json(MARIE, "assure/infos").await;
    assert_eq!(infos["adresse"]["numeroEtVoie"], "5 rue de la Roquette");
    let banques = api.get_json(MARIE, "assure/banques").await;
    assert!(
        banques.as_array().unwrap().iter().any(|c| c["ibanMasque"] == "FR14 **** **** **** **** ***2 606")
    );
    let stored = api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(stored["documents"][0]["id"], document);
    let bytes = api.get(MARIE, &format!("document/pdf/{document}")).await.bytes().await.unwrap();
    assert_eq!(bytes.as_ref(), pdf().as_slice());
}

#[tokio::test]
async fn a_body_that_is_not_json_is_refused_in_french() {
    let api = spawn_api().await;
    let response = api
        .app
        .client
        .put(format!("{}/_demo/api/assure/adresse", api.app.address))
        .bearer_auth(api.token(MARIE))
        .header("Content-Type", "text/plain")
        .body("12 rue Oberkampf")
        .send()
        .await
        .unwrap();
    assert!(assert_refused(response, 415).await.contains("JSON"));
    let broken = api
        .app
        .client
        .put(format!("{}/_demo/api/assure/adresse", api.app.address))
        .bearer_auth(api.token(MARIE))
        .header("Content-Type", "application/json")
        .body("{\"putAdresse\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(
        assert_refused(broken, 400).await,
        "La demande est mal formée : vérifiez les informations envoyées."
    );
}

#[tokio::test]
async fn the_commune_must_be_one_the_postal_code_serves() {
    let api = spawn_api().await;
    let mut elsewhere = adresse("75011");
    elsewhere["putAdresse"]["commune"] = json!("Lyon");
    let message = assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", elsewhere).await, 422).await;
    assert_eq!(message, "La commune « Lyon » ne correspond pas au code postal 75011.");
    let unknown =
        assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", adresse("99999")).await, 422).await;
    assert_eq!(unknown, "Le code postal 99999 n’existe pas.");
    // Accents, case and hyphens do not matter; the official name and the delivery name both do.
    for commune in ["preutin higny", "PRÉUTIN-HIGNY", "Paris 11e Arrondissement"] {
        let code = if commune.starts_with("Paris") { "75011" } else { "54490" };
        let mut body = adresse(code);
        body["putAdresse"]["commune"] = json!(commune);
        assert_eq!(api.send(Method::PUT, MARIE, "assure/adresse", body).await.status(), 200, "{commune}");
    }
}

#[tokio::test]
async fn a_termination_keeps_its_acknowledgement_printed_with_the_identity_the_mutual_holds() {
    let api = spawn_api().await;
    let uploaded = api.upload_one(MARIE, "justificatif.pdf", pdf()).await;
    let mut notice = resiliation("IND-004512");
    notice["email"] = json!("marie@elsewhere.example");
    notice["idDocuments"] = json!([uploaded]);
    let created = api.send(Method::POST, MARIE, "document/creationResiliation", notice).await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    // The member's upload comes first; the acknowledgement is told apart by its nature.
    assert_eq!(demande["documents"][0]["nature"], "PIECE_JOINTE");
    let accuse = &demande["documents"][1];
    assert_eq!(accuse["nature"], "ACCUSE_RECEPTION_RESILIATION");
    assert_eq!(accuse["nomFichier"], format!("accuse-reception-resiliation-{}.pdf", demande["id"]));
    let termination = &demande["resiliation"];
    assert_eq!(termination["adherent"], "Mme Marie DUPONT");
    assert_eq!(termination["numeroAdherent"], MARIE);
    assert_eq!(termination["email"], "marie@elsewhere.example");
    assert_eq!(termination["emailDossier"], "marie.dupont@example.org");
    assert!(termination["notifieeLe"].as_str().unwrap().ends_with(":00"), "an offset, not Z: {termination}");
    let pdf = api.get(MARIE, &format!("document/pdf/{}", accuse["id"])).await.bytes().await.unwrap();
    if let Some(text) = pdf_text(&pdf) {
        assert!(text.contains("Mme Marie DUPONT"), "{text}");
        assert!(text.contains(MARIE), "{text}");
    }
}

#[tokio::test]
async fn the_end_date_is_computed_by_the_mutual_never_taken_from_the_browser() {
    let api = spawn_api().await;
    let mut forged = resiliation("IND-004512");
    forged["dateEffet"] = json!("9999-12-31");
    let refused = api.send(Method::POST, MARIE, "document/creationResiliation", forged).await;
    assert_refused(refused, 400).await;
    let mut named = resiliation("IND-004512");
    named["prenom"] = json!("Appelez le 08 99 00 00 00");
    assert_refused(api.send(Method::POST, MARIE, "document/creationResiliation", named).await, 400).await;

    let created =
        api.send(Method::POST, MARIE, "document/creationResiliation", resiliation("IND-004512")).await;
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    let one_month = paris_today() + chrono::Months::new(1);
    assert_eq!(demande["resiliation"]["dateEffet"], one_month.to_string());
}

#[tokio::test]
async fn an_event_date_outside_its_window_is_refused() {
    let api = spawn_api().await;
    for (motif, date) in
        [("ECHEANCE", "1900-01-01"), ("ECHEANCE", "9999-12-31"), ("DEMENAGEMENT_ETRANGER", "2001-01-01")]
    {
        let notice = json!({"numeroContrat": "IND-004512", "motif": motif, "dateEvenement": date});
        let refused = api.send(Method::POST, MARIE, "document/creationResiliation", notice).await;
        assert!(assert_refused(refused, 422).await.contains("événement"), "{motif} {date}");
    }
    let without = json!({"numeroContrat": "IND-004512", "motif": "DEMENAGEMENT_ETRANGER"});
    let refused = api.send(Method::POST, MARIE, "document/creationResiliation", without).await;
    assert!(assert_refused(refused, 422).await.contains("date de l’événement"));
}

#[tokio::test]
async fn a_termination_for_another_reason_says_which_and_gives_a_valid_address() {
    let api = spawn_api().await;
    let mut autre = resiliation("IND-004512");
    autre["motif"] = json!("AUTRE");
    autre["commentaire"] = json!("  ");
    let refused = api.send(Method::POST, MARIE, "document/creationResiliation", autre).await;
    assert!(assert_refused(refused, 422).await.contains("Précisez le motif"));
    let mut mauvaise = resiliation("IND-004512");
    mauvaise["email"] = json!("marie.dupont");
    let refused = api.send(Method::POST, MARIE, "document/creationResiliation", mauvaise).await;
    assert!(assert_refused(refused, 422).await.contains("adresse électronique"));
}

/// Sends `body` and expects a 400 whose message names `champ` and says why.
async fn assert_refused_characters(api: &ApiApp, method: Method, path: &str, body: Value, champ: &str) {
    let message = assert_refused(api.send(method, MARIE, path, body.clone()).await, 400).await;
    assert!(message.starts_with(champ) && message.contains("caractères non autorisés"), "{body}: {message}");
}

#[tokio::test]
async fn control_and_bidirectional_characters_are_refused_in_every_text_field() {
    let api = spawn_api().await;
    let address_lines = [
        ("numeroEtVoie", "5 rue de la Roquette\r\nBât. B", "Le numéro et la voie"),
        ("complementAdresse", "Escalier\u{0}C", "Le complément d’adresse"),
        ("complementDestinataire", "Chez\u{2066} M. LEGRAND", "Le complément destinataire"),
        ("lieuDit", "Les Vignes\u{200e}", "Le lieu-dit"),
        ("commune", "PA\u{202e}RIS", "La commune"),
    ];
    for (line, value, champ) in address_lines {
        let mut body = adresse("75011");
        body["putAdresse"][line] = json!(value);
        assert_refused_characters(&api, Method::PUT, "assure/adresse", body, champ).await;
    }
    let bank_fields = [
        ("titulaire", "Mme Marie\nDUPONT", "Le titulaire du compte"),
        ("domiciliation", "La Banque\u{61c} Postale", "La domiciliation"),
    ];
    for (field, value, champ) in bank_fields {
        let mut body = rib("FR7630006000011234567890189", "AGRIFRPPXXX");
        body[field] = json!(value);
        assert_refused_characters(&api, Method::POST, "assure/beneficiaire/banque", body, champ).await;
    }
    // A comment may span lines, but nothing else invisible: no tab, no lone carriage return.
    for comment in ["Bonjour\u{202e}", "Montant\t40 €", "Ligne\rsuivante", "Fin\u{7}"] {
        let body = json!({"postCreationDocumentDto": {"type": "UNE_QUESTION_SANTÉ", "commentaire": comment}});
        assert_refused_characters(&api, Method::POST, "document/documentGedCegedim", body, "Le commentaire")
            .await;
    }
    let notice =
        json!({"numeroContrat": "IND-004512", "motif": "ECHEANCE", "email": "marie\u{0}@example.org"});
    assert_refused_characters(
        &api,
        Method::POST,
        "document/creationResiliation",
        notice,
        "L’adresse électronique",
    )
    .await;
    let unchanged = api.get_json(MARIE, "assure/infos").await;
    assert_eq!(unchanged["adresse"]["numeroEtVoie"], "12 rue Oberkampf", "nothing saved is lost");
}

#[tokio::test]
async fn a_comment_may_span_several_lines() {
    let api = spawn_api().await;
    let comment = "Bonjour,\r\nles lentilles sont-elles remboursées ?\nMerci.";
    let body = json!({"postCreationDocumentDto": {"type": "UNE_QUESTION_SANTÉ", "commentaire": comment}});
    let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await;
    assert_eq!(response.status(), 201);
    assert_eq!(response.json::<Value>().await.unwrap()["commentaire"], comment);
}

#[tokio::test]
async fn ged_metadata_holding_line_breaks_or_invisible_characters_is_refused() {
    let api = spawn_api().await;
    let metadata = [
        json!({"emetteur": "EDF\r\nX-Injected: 1"}),
        json!({"emetteur": "EDF\u{0}"}),
        json!({"emetteur": "\u{202e}FDE"}),
        json!({"date\nDocument": "2025-01-15"}),
    ];
    for metadata in metadata {
        let document = api.upload_one(MARIE, "justificatif.pdf", pdf()).await;
        let body = json!({
            "postCreationDocumentDto": {"type": "JUSTIFICATIF_DE_DOMICILE", "idDocuments": [document]},
            "metadata": metadata
        });
        let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await;
        let message = assert_refused(response, 400).await;
        assert!(message.contains("caractères non autorisés"), "{metadata}: {message}");
    }
}

#[tokio::test]
async fn a_commune_is_stored_as_the_postal_referential_spells_it() {
    let api = spawn_api().await;
    let cases = [
        ("75011", "paris", "PARIS"),
        ("01000", "St Denis les Bourg", "SAINT-DENIS-LES-BOURG"),
        // The commune's own name when it is not its delivery name (BEON).
        ("01350", "culoz beon", "CULOZ-BÉON"),
    ];
    for (code_postal, typed, stored) in cases {
        let mut body = adresse(code_postal);
        body["putAdresse"]["commune"] = json!(typed);
        let response = api.send(Method::PUT, MARIE, "assure/adresse", body).await;
        assert_eq!(response.status(), 200, "{typed}");
        assert_eq!(response.json::<Value>().await.unwrap()["commune"], stored, "{typed}");
    }
    // A soft hyphen and a word joiner are format characters (Cf): refused, like control and
    // bidirectional ones, rather than matched once normalised.
    let mut body = adresse("75011");
    body["putAdresse"]["commune"] = json!("PA\u{ad}RIS\u{2060}");
    let message = assert_refused(api.send(Method::PUT, MARIE, "assure/adresse", body).await, 400).await;
    assert!(message.contains("caractères non autorisés"), "{message}");
}
