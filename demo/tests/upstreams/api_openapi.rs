//! `openapi/member-api.yaml` cannot drift from the API: live answers of every member are
//! validated against the schemas it declares (JSON Schema 2020-12, formats included), and
//! every documented operation answers only with statuses it documents.

use std::sync::OnceLock;

use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, MARIE, MEMBERS, PAUL, pdf, spawn_api, workspace};

fn openapi() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let text = std::fs::read_to_string(workspace().join("openapi/member-api.yaml")).unwrap();
        serde_norway::from_str(&text).unwrap()
    })
}

/// Follows a `#/components/...` reference, if `value` is one.
fn resolve(value: &Value) -> &Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(reference) => openapi()
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("dangling {reference}")),
        None => value,
    }
}

fn operation(path: &str, method: &str) -> &'static Value {
    let operation = &openapi()["paths"][path][method];
    assert!(operation.is_object(), "{method} {path} is not documented");
    operation
}

/// The JSON schema the document declares for one answer.
fn response_schema(path: &str, method: &str, status: u16) -> Value {
    let response = resolve(&operation(path, method)["responses"][status.to_string()]);
    let schema = &response["content"]["application/json"]["schema"];
    assert!(schema.is_object(), "{method} {path} documents no JSON {status}");
    schema.clone()
}

/// What is wrong with `body` according to the declared schema.
fn violations(path: &str, method: &str, status: u16, body: &Value) -> Vec<String> {
    // The schema is checked from the document's root, so that its `#/components/...`
    // references resolve; OpenAPI's own keys are not JSON Schema keywords and are ignored.
    let mut root = openapi().clone();
    root["allOf"] = json!([response_schema(path, method, status)]);
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(&root)
        .unwrap();
    validator.iter_errors(body).map(|error| format!("{} at {}", error, error.instance_path())).collect()
}

fn assert_conforms(path: &str, method: &str, status: u16, body: &Value) {
    let errors = violations(path, method, status, body);
    assert!(
        errors.is_empty(),
        "{method} {path} ({status}) does not match the document:\n{}",
        errors.join("\n")
    );
}

#[test]
fn the_check_catches_a_missing_an_extra_or_a_mistyped_field() {
    let error = json!({"status": 404, "code": "not_found", "message": "Introuvable."});
    assert!(violations("/demande/{id}", "get", 404, &error).is_empty());
    let mut missing = error.clone();
    missing.as_object_mut().unwrap().remove("message");
    assert!(!violations("/demande/{id}", "get", 404, &missing).is_empty());
    let recent = json!([{
        "paymentId": "PAI1", "paymentDate": "2025-02-30", "beneficiaryFirstName": "Marie",
        "beneficiaryLastName": "DUPONT", "destinataire": "ASSURE", "nomDestinataire": "Marie DUPONT",
        "montantDepense": 30.0, "montantSecu": 19.0, "montantRembourse": 9.0, "resteACharge": 2.0
    }]);
    let errors = violations("/assure/prestations-recentes", "get", 200, &recent);
    assert!(errors.iter().any(|error| error.contains("date")), "an impossible date is caught: {errors:?}");
    let mut extra = recent.clone();
    extra[0]["paymentDate"] = json!("2025-02-28");
    assert!(violations("/assure/prestations-recentes", "get", 200, &extra).is_empty());
    extra[0]["detailRemboursement"] = json!([]);
    assert!(!violations("/assure/prestations-recentes", "get", 200, &extra).is_empty());
}

/// The member's newest request.
async fn response_id(api: &ApiApp, member: &str) -> i64 {
    api.get_json(member, "demandes").await[0]["id"].as_i64().unwrap()
}

async fn checked_get(api: &ApiApp, member: &str, template: &str, concrete: &str) -> Value {
    let body = api.get_json(member, concrete.trim_start_matches('/')).await;
    assert_conforms(template, "get", 200, &body);
    body
}

/// Every documented JSON read without parameter, for each member.
const LISTS: &[&str] = &[
    "/assure/",
    "/assure/infos",
    "/assure/preferences",
    "/assure/documents",
    "/assure/nouveautes",
    "/assure/beneficiaires",
    "/assure/banques",
    "/assure/beneficiairesInfosBancaires",
    "/assure/contrats",
    "/assure/echeance-prochaine",
    "/assure/droitsAdherent",
    "/assure/droitsCompletAdherent",
    "/assure/plafonds",
    "/assure/prestations",
    "/assure/prestations-pro",
    "/assure/prestationsClaims",
    "/assure/prestations-recentes",
    "/assure/carte-tp",
    "/demandes",
    "/demandes/home",
    "/demandes/nonLus",
];

#[tokio::test]
async fn every_read_of_every_member_matches_the_document() {
    let api = spawn_api().await;
    for member in MEMBERS {
        for path in LISTS {
            checked_get(&api, member, path, path).await;
        }
        let recentes = api.get_json(member, "assure/prestations-recentes").await;
        for paiement in recentes.as_array().unwrap().iter().take(3) {
            let concrete = format!("/assure/prestation/{}", paiement["paymentId"].as_str().unwrap());
            checked_get(&api, member, "/assure/prestation/{paymentId}", &concrete).await;
        }
        for demande in api.get_json(member, "demandes").await.as_array().unwrap() {
            checked_get(&api, member, "/demande/{id}", &format!("/demande/{}", demande["id"])).await;
        }
        let appareil = json!({"navigateur": "Firefox 133", "systeme": "Android"});
        let signed_in = api
            .send(
                Method::POST,
                member,
                "compte/auth",
                json!({"Login": member, "Type": "ADH", "appareil": appareil}),
            )
            .await;
        assert_conforms("/compte/auth", "post", 200, &signed_in.json().await.unwrap());
    }
}

#[tokio::test]
async fn the_answers_to_writes_match_the_document() {
    let api = spawn_api().await;
    let adresse =
        json!({"putAdresse": {"numeroEtVoie": "1 rue Neuve", "codePostal": "75011", "commune": "Paris"}});
    let response = api.send(Method::PUT, MARIE, "assure/adresse", adresse).await;
    assert_conforms("/assure/adresse", "put", 200, &response.json().await.unwrap());

    let rib =
        json!({"titulaire": "Mme Marie DUPONT", "iban": "FR7630006000011234567890189", "bic": "AGRIFRPPXXX"});
    let response = api.send(Method::POST, MARIE, "assure/beneficiaire/banque", rib).await;
    assert_conforms("/assure/beneficiaire/banque", "post", 200, &response.json().await.unwrap());

    let response = api.upload(MARIE, vec![("a.pdf", pdf()), ("b.pdf", pdf())]).await;
    assert_eq!(response.status(), 201);
    let documents: Value = response.json().await.unwrap();
    assert_conforms("/document/upload", "post", 201, &documents);

    let ged = json!({
        "postCreationDocumentDto": {"type": "ENVOI_DE_DEVIS", "idDocuments": [documents[0]["id"]]},
        "metadata": {"emetteur": "Cabinet dentaire"}
    });
    let response = api.send(Method::POST, MARIE, "document/documentGedCegedim", ged).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/documentGedCegedim", "post", 201, &response.json().await.unwrap());

    let marie = api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    let entree =
        chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive() + chrono::Days::new(30);
    let hospitalisation = json!({
        "postCreationDocumentHospitalisationDto": {
            "idBeneficiaire": marie, "finess": crate::api_writes::DIJON_FINESS, "dateEntree": entree,
            "dateSortie": entree + chrono::Days::new(3), "chambreParticuliere": true,
            "typeHospitalisation": "MATERNITE", "idDocuments": [documents[1]["id"]]
        },
        "siren": crate::api_writes::DIJON_SIREN
    });
    let response = api.send(Method::POST, MARIE, "document/creationHospitalisation", hospitalisation).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/creationHospitalisation", "post", 201, &response.json().await.unwrap());

    let quote = api.upload_one(MARIE, "devis.pdf", crate::api::pdf()).await;
    let devis = json!({
        "idBeneficiaire": marie,
        "lignes": [
            { "soin": "OPTIQUE_VERRES_SIMPLES", "centPourCentSante": false, "prix": 320, "code": "2203240" },
            { "soin": "AUDIOLOGIE_AIDE_AUDITIVE", "centPourCentSante": true, "prix": 1900, "quantite": 2 }
        ],
        "idDocuments": [quote]
    });
    let response = api.send(Method::POST, MARIE, "document/creationDevis", devis).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/creationDevis", "post", 201, &response.json().await.unwrap());

    let estimation = json!({"idBeneficiaire": marie, "soin": "OPTIQUE_VERRES_COMPLEXES",
                            "centPourCentSante": false, "prix": 420});
    let response = api.send(Method::POST, MARIE, "assure/estimation", estimation).await;
    assert_conforms("/assure/estimation", "post", 200, &response.json().await.unwrap());

    let reclamation = json!({"motif": "SERVICE", "objet": "Accueil", "commentaire": "Attente trop longue."});
    let response = api.send(Method::POST, MARIE, "document/creationReclamation", reclamation).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/creationReclamation", "post", 201, &response.json().await.unwrap());

    let demande = response_id(&api, MARIE).await;
    let message = json!({"texte": "Voici la suite.", "idDocuments": []});
    let response = api.send(Method::POST, MARIE, &format!("demande/{demande}/messages"), message).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/demande/{id}/messages", "post", 201, &response.json().await.unwrap());

    let resiliation = json!({"numeroContrat": "IND-004512", "motif": "ECHEANCE"});
    let response = api.send(Method::POST, MARIE, "document/creationResiliation", resiliation).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/creationResiliation", "post", 201, &response.json().await.unwrap());

    let preferences = json!({"alertes": {"remboursement": true, "demande": false, "document": true},
                             "zeroPapier": true, "emailAlertes": " Marie@Example.org "});
    let response = api.send(Method::PUT, MARIE, "assure/preferences", preferences).await;
    assert_conforms("/assure/preferences", "put", 200, &response.json().await.unwrap());

    let (payment, ligne) = api.first_line(MARIE).await;
    let signalement = json!({"paymentId": payment, "idLigne": ligne, "motif": "MONTANT_DIFFERENT"});
    let response = api.send(Method::POST, MARIE, "document/signalementSoin", signalement).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/signalementSoin", "post", 201, &response.json().await.unwrap());

    let acte = api.upload_one(MARIE, "acte.pdf", pdf()).await;
    let naissance = chrono::Utc::now().date_naive() - chrono::Days::new(5);
    let ajout = crate::api_ajout_beneficiaire::ajout("NOUVEAU_NE", "Léo", naissance, json!(null), &[acte]);
    let response = api.send(Method::POST, MARIE, "document/ajoutBeneficiaire", ajout).await;
    assert_eq!(response.status(), 201);
    assert_conforms("/document/ajoutBeneficiaire", "post", 201, &response.json().await.unwrap());
}

#[tokio::test]
async fn news_and_the_mutuals_messages_match_the_document() {
    use espace_assure_demo::member_api::{Evenement, publier};

    let api = spawn_api().await;
    let sign_in = json!({"Login": MARIE, "Type": "ADH"});
    api.send(Method::POST, MARIE, "compte/auth", sign_in.clone()).await;
    let (payment, _) = api.first_line(MARIE).await;
    let demande = api.get_json(MARIE, "demandes").await[0]["id"].as_i64().unwrap();
    {
        let db = api.database();
        let document: i64 = db
            .query_row("SELECT id FROM documents WHERE demande_id = ?1 LIMIT 1", [demande], |row| row.get(0))
            .unwrap();
        let later = chrono::Utc::now() + chrono::TimeDelta::seconds(5);
        for evenement in [
            Evenement::Remboursement { paiement_id: payment },
            Evenement::StatutDemande { demande_id: demande, etat: "EN_COURS".into() },
            Evenement::ReponseDemande { demande_id: demande },
            Evenement::Document { demande_id: demande, document_id: document },
        ] {
            publier(&db, MARIE, &evenement, later).unwrap();
        }
        db.execute(
            "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le)
             VALUES (?1, 'MUTUELLE', 'Nous avons bien reçu votre demande.', '2026-03-15T08:00:00Z')",
            [demande],
        )
        .unwrap();
    }
    api.send(Method::POST, MARIE, "compte/auth", sign_in).await;
    let nouveautes = checked_get(&api, MARIE, "/assure/nouveautes", "/assure/nouveautes").await;
    assert_eq!(nouveautes["evenements"].as_array().unwrap().len(), 4);
    let demande = checked_get(&api, MARIE, "/demande/{id}", &format!("/demande/{demande}")).await;
    assert_eq!(demande["messages"].as_array().unwrap().len(), 1);
    let non_lus = checked_get(&api, MARIE, "/demandes/nonLus", "/demandes/nonLus").await;
    assert_eq!(non_lus["total"], 1);
}

/// A concrete path for a documented one: Marie's identifiers in place of the parameters.
async fn concrete(api: &ApiApp, template: &str) -> String {
    let demande = &api.get_json(MARIE, "demandes").await[0];
    let payment = api.get_json(MARIE, "assure/prestations-recentes").await[0]["paymentId"].clone();
    let carte = api.get_json(MARIE, "assure/carte-tp").await[0]["id"].clone();
    let document = demande["documents"][0]["id"].clone();
    let delegation = api.get_json(MARIE, "assure/delegations").await["delegations"][0]["id"].clone();
    let path = match template {
        "/assure/delegations/{id}/retrait" => format!("/assure/delegations/{delegation}/retrait"),
        "/demande/{id}" => format!("/demande/{}", demande["id"]),
        "/demande/{id}/messages" => format!("/demande/{}/messages", demande["id"]),
        "/demande/{id}/messages/lus" => format!("/demande/{}/messages/lus", demande["id"]),
        "/document/pdf/{id}" => format!("/document/pdf/{document}"),
        "/assure/carte-tp-detail/{id}" => format!("/assure/carte-tp-detail/{carte}"),
        "/assure/prestation/{paymentId}" => format!("/assure/prestation/{}", payment.as_str().unwrap()),
        "/assure/attestation" => "/assure/attestation?type=DROITS".to_owned(),
        // Orders and mandates nobody asked for: their refusals are documented statuses too.
        "/assure/paiements/{commande}" => "/assure/paiements/P20260101NOTISSUE".to_owned(),
        "/assure/mandats/{rum}/signature" => "/assure/mandats/100001-20260101-01/signature".to_owned(),
        "/assure/referentiel/communes-postale" => {
            "/assure/referentiel/communes-postale?codePostal=75011".to_owned()
        }
        "/assure/referentiel/reseau-soins" => {
            "/assure/referentiel/reseau-soins?specialite=OPTICIEN&lieu=75011".to_owned()
        }
        other => other.to_owned(),
    };
    assert!(!path.contains('{'), "no example for {template}");
    path
}

#[tokio::test]
async fn every_documented_operation_answers_with_a_documented_status() {
    let api = spawn_api().await;
    for (template, item) in openapi()["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let path = concrete(&api, template).await;
            let documented = operation["responses"].as_object().unwrap();
            // As the member, then as another member, then without token: every status documented.
            let body = (method != "get").then(|| json!({}));
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for token in [Some(api.token(MARIE)), Some(api.token(PAUL)), None] {
                let response = api
                    .call(method.clone(), path.trim_start_matches('/'), token.as_deref(), body.clone())
                    .await;
                let status = response.status().as_u16();
                assert!(
                    documented.contains_key(&status.to_string()),
                    "{method} {template} answered {status}, which the document does not list"
                );
                if response.headers().get("content-type").is_some_and(|value| value == "application/json")
                    && status >= 400
                {
                    let body: Value = response.json().await.unwrap();
                    assert_conforms(template, &method.as_str().to_lowercase(), status, &body);
                }
            }
        }
    }
}
