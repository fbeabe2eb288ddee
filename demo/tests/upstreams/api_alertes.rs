//! The member's choices of alerts (`assure/preferences`), what happened since their previous
//! sign-in (`assure/nouveautes`), and the security emails the member API queues whatever the
//! choices: bank details changed, a sign-in from a new device.

use std::path::Path;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use espace_assure_demo::member_api::{Evenement, horodatage, publier};
use reqwest::Method;
use serde_json::{Value, json};

use crate::api::{ApiApp, MARIE, PAUL, assert_refused, spawn_api, spawn_api_with};

fn choix(remboursement: bool, demande: bool, document: bool, email: Value) -> Value {
    json!({
        "alertes": {"remboursement": remboursement, "demande": demande, "document": document},
        "zeroPapier": true,
        "emailAlertes": email
    })
}

#[tokio::test]
async fn preferences_are_the_defaults_until_the_member_chooses() {
    let api = spawn_api().await;
    assert_eq!(
        api.get_json(MARIE, "assure/preferences").await,
        json!({
            "alertes": {"remboursement": true, "demande": true, "document": true},
            "zeroPapier": false,
            "emailAlertes": null,
            "emailContact": "marie.dupont@example.org"
        })
    );
    let response =
        api.send(Method::PUT, MARIE, "assure/preferences", choix(false, true, false, json!(null))).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["alertes"], json!({"remboursement": false, "demande": true, "document": false}));
    assert_eq!(api.get_json(MARIE, "assure/preferences").await, saved);
    assert_eq!(api.get_json(PAUL, "assure/preferences").await["alertes"]["remboursement"], true, "hers only");
}

#[tokio::test]
async fn the_alerts_email_is_kept_trimmed_with_its_domain_in_lower_case() {
    let api = spawn_api().await;
    let saved: Value = api
        .send(
            Method::PUT,
            MARIE,
            "assure/preferences",
            choix(true, true, true, json!("  Marie.D@Example.ORG ")),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(saved["emailAlertes"], "Marie.D@example.org");
    let without =
        json!({"alertes": {"remboursement": true, "demande": true, "document": true}, "zeroPapier": false});
    for back_to_contact in [choix(true, true, true, json!("   ")), without] {
        let saved: Value =
            api.send(Method::PUT, MARIE, "assure/preferences", back_to_contact).await.json().await.unwrap();
        assert_eq!(saved["emailAlertes"], Value::Null);
    }
}

#[tokio::test]
async fn a_bad_alerts_email_or_a_body_outside_the_schema_is_a_bad_request() {
    let api = spawn_api().await;
    for email in
        ["marie.dupont", "@example.org", "marie@", "marie@dupont@example.org", "marie dupont@example.org"]
    {
        let response =
            api.send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!(email))).await;
        assert_eq!(
            assert_refused(response, 400).await,
            "L’adresse électronique des alertes n’est pas valide.",
            "{email}"
        );
    }
    let long = format!("{}@example.org", "m".repeat(243));
    let response =
        api.send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!(long))).await;
    assert_eq!(
        assert_refused(response, 400).await,
        "L’adresse électronique des alertes ne doit pas dépasser 254 caractères."
    );
    let invisible = choix(true, true, true, json!("marie\u{200b}@example.org"));
    let message =
        assert_refused(api.send(Method::PUT, MARIE, "assure/preferences", invisible).await, 400).await;
    assert!(
        message.starts_with("L’adresse électronique des alertes contient des caractères non autorisés"),
        "{message}"
    );
    let mut contact = choix(true, true, true, json!(null));
    contact["emailContact"] = json!("pirate@example.org");
    let mut missing = choix(true, true, true, json!(null));
    missing["alertes"].as_object_mut().unwrap().remove("document");
    let mut not_a_bool = choix(true, true, true, json!(null));
    not_a_bool["zeroPapier"] = json!("oui");
    for body in [contact, missing, not_a_bool] {
        assert_refused(api.send(Method::PUT, MARIE, "assure/preferences", body).await, 400).await;
    }
    assert_eq!(api.get_json(MARIE, "assure/preferences").await["emailAlertes"], Value::Null, "nothing saved");
}

fn rib() -> Value {
    json!({"titulaire": "Mme Marie DUPONT", "iban": "FR7630006000011234567890189", "bic": "AGRIFRPPXXX"})
}

#[tokio::test]
async fn a_bank_change_queues_its_security_email_whatever_the_preferences() {
    let api = spawn_api().await;
    api.send(Method::PUT, MARIE, "assure/preferences", choix(false, false, false, json!(null))).await;
    let refused = api
        .send(
            Method::POST,
            MARIE,
            "assure/beneficiaire/banque",
            json!({"titulaire": "M", "iban": "FR76", "bic": "AGRIFRPP"}),
        )
        .await;
    assert_refused(refused, 422).await;
    assert_eq!(api.queued_emails(MARIE), vec![], "no change, no email");
    let response = api.send(Method::POST, MARIE, "assure/beneficiaire/banque", rib()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        api.queued_emails(MARIE),
        [("COORDONNEES_BANCAIRES".to_owned(), "/compte/informations-personnelles".to_owned())]
    );
}

/// The `.eml` files the outbox holds once at least `count` are there (the mail queue writes
/// them in the background; it is woken as soon as an email is queued).
fn wait_for_messages(outbox: &Path, count: usize) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let messages: Vec<String> = std::fs::read_dir(outbox)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|entry| entry.path())
                    .filter(|path| path.extension().is_some_and(|extension| extension == "eml"))
                    .filter_map(|path| std::fs::read_to_string(path).ok())
                    .collect()
            })
            .unwrap_or_default();
        if messages.len() >= count || Instant::now() > deadline {
            return messages;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub async fn spawn_api_with_outbox() -> (ApiApp, tempfile::TempDir) {
    let outbox = tempfile::tempdir().unwrap();
    let dir = outbox.path().to_path_buf();
    (spawn_api_with(move |settings| settings.outbox_dir = Some(dir)).await, outbox)
}

pub async fn messages_in(outbox: &tempfile::TempDir, count: usize) -> Vec<String> {
    let dir = outbox.path().to_path_buf();
    tokio::task::spawn_blocking(move || wait_for_messages(&dir, count)).await.unwrap()
}

#[tokio::test]
async fn the_bank_details_email_reaches_the_outbox_without_unsubscribe() {
    let (api, outbox) = spawn_api_with_outbox().await;
    api.send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!("alertes@example.org")))
        .await;
    assert_eq!(api.send(Method::POST, MARIE, "assure/beneficiaire/banque", rib()).await.status(), 200);
    // The alerts' new address is told to the contact email first, then the bank details.
    let messages = messages_in(&outbox, 2).await;
    let parsed: Vec<_> = messages
        .iter()
        .map(|raw| mail_parser::MessageParser::default().parse(raw.as_bytes()).unwrap())
        .collect();
    let subjects: Vec<_> = parsed.iter().map(|message| message.subject().unwrap_or_default()).collect();
    assert!(subjects.contains(&"L’adresse de vos alertes a été modifiée"), "{subjects:?}");
    let message = parsed
        .iter()
        .find(|message| message.subject() == Some("Vos coordonnées bancaires ont été modifiées"))
        .expect("the bank details' email");
    assert_eq!(message.to().unwrap().first().unwrap().address(), Some("marie.dupont@example.org"), "on file");
    assert!(message.header_raw("List-Unsubscribe").is_none());
    let texte = message.body_text(0).unwrap();
    assert!(
        texte.contains("(heure de Paris)") && !texte.contains("FR76") && !texte.contains("0189"),
        "{texte}"
    );
}

async fn sign_in(api: &ApiApp, person: &str, appareil: Option<(&str, &str)>) -> reqwest::Response {
    let mut body = json!({"Login": person, "Type": "ADH"});
    if let Some((navigateur, systeme)) = appareil {
        body["appareil"] = json!({"navigateur": navigateur, "systeme": systeme});
    }
    api.send(Method::POST, person, "compte/auth", body).await
}

fn new_device_emails(api: &ApiApp) -> Vec<String> {
    let db = api.database();
    let mut statement =
        db.prepare("SELECT appareil FROM courriels WHERE nature = 'NOUVEL_APPAREIL' ORDER BY id").unwrap();
    statement.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
}

#[tokio::test]
async fn a_sign_in_from_a_new_device_gets_a_security_email_only_when_others_are_known() {
    let api = spawn_api().await;
    api.send(Method::PUT, MARIE, "assure/preferences", choix(false, false, false, json!(null))).await;
    for (appareil, why) in [
        (Some(("Firefox 133", "Android")), "her first device"),
        (None, "no device said"),
        (Some(("firefox 134", "ANDROID")), "the same device, updated"),
    ] {
        assert_eq!(sign_in(&api, MARIE, appareil).await.status(), 200, "{why}");
        assert_eq!(new_device_emails(&api), Vec::<String>::new(), "{why}");
    }
    assert_eq!(sign_in(&api, MARIE, Some(("Safari 18", "iOS"))).await.status(), 200);
    assert_eq!(new_device_emails(&api), ["Safari sur iOS"]);
    sign_in(&api, MARIE, Some(("Safari 18", "iOS"))).await;
    sign_in(&api, PAUL, Some(("Edge 131", "Windows"))).await;
    assert_eq!(new_device_emails(&api), ["Safari sur iOS"], "known now; Paul's first device");
}

#[tokio::test]
async fn a_device_outside_the_schema_is_a_bad_request() {
    let api = spawn_api().await;
    let long = "x".repeat(61);
    for (navigateur, systeme) in
        [("", "Android"), ("Firefox", "  "), (long.as_str(), "Linux"), ("Fire\u{202e}fox", "Linux")]
    {
        assert_refused(sign_in(&api, MARIE, Some((navigateur, systeme))).await, 400).await;
    }
    let extra = json!({"Login": MARIE, "Type": "ADH", "appareil": {"navigateur": "Firefox", "systeme": "Linux", "ip": "1.2.3.4"}});
    assert_refused(api.send(Method::POST, MARIE, "compte/auth", extra).await, 400).await;
    // The contract lets the device be left out, never be null.
    let null = json!({"Login": MARIE, "Type": "ADH", "appareil": null});
    assert_refused(api.send(Method::POST, MARIE, "compte/auth", null).await, 400).await;
    let connexions: i64 =
        api.database().query_row("SELECT count(*) FROM connexions", [], |row| row.get(0)).unwrap();
    assert_eq!(connexions, 0, "a refused sign-in is not recorded");
}

/// The last sign-in the API recorded for `person`.
fn last_sign_in(api: &ApiApp, person: &str) -> DateTime<Utc> {
    let text: String = api
        .database()
        .query_row("SELECT derniere FROM connexions WHERE numero_personne = ?1", [person], |row| row.get(0))
        .unwrap();
    text.parse().unwrap()
}

#[tokio::test]
async fn news_are_what_happened_after_the_previous_sign_in() {
    let api = spawn_api().await;
    let (payment, _) = api.first_line(MARIE).await;
    sign_in(&api, MARIE, None).await;
    assert_eq!(api.get_json(MARIE, "assure/nouveautes").await, json!({"depuis": null, "evenements": []}));

    let previous = last_sign_in(&api, MARIE);
    let demande = api.get_json(MARIE, "demandes").await[0]["id"].as_i64().unwrap();
    {
        // What the back office does, in its own transactions: one change just before the
        // previous sign-in, two after it.
        let db = api.database();
        let before = Evenement::StatutDemande { demande_id: demande, etat: "EN_COURS".into() };
        publier(&db, MARIE, &before, previous - TimeDelta::seconds(1)).unwrap();
        publier(
            &db,
            MARIE,
            &Evenement::Remboursement { paiement_id: payment.clone() },
            previous + TimeDelta::seconds(1),
        )
        .unwrap();
        publier(
            &db,
            MARIE,
            &Evenement::ReponseDemande { demande_id: demande },
            previous + TimeDelta::seconds(2),
        )
        .unwrap();
    }
    sign_in(&api, MARIE, None).await;
    let nouveautes = api.get_json(MARIE, "assure/nouveautes").await;
    assert_eq!(nouveautes["depuis"], horodatage(previous));
    let evenements = nouveautes["evenements"].as_array().unwrap();
    let types: Vec<&str> = evenements.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["REPONSE_DEMANDE", "REMBOURSEMENT"], "newest first, only after the previous sign-in");
    assert_eq!(evenements[0]["demandeId"], demande);
    assert_eq!(evenements[1]["paymentId"], payment.as_str());
    assert!(evenements[1]["montantRembourse"].is_number());
    assert_eq!(api.get_json(PAUL, "assure/nouveautes").await["evenements"], json!([]), "hers only");
}

/// A session that sends the alerts elsewhere cannot keep the member from hearing of it: the
/// address replaced gets the warning, not the new one.
#[tokio::test]
async fn a_new_alerts_address_is_told_to_the_address_it_replaces() {
    let (api, outbox) = spawn_api_with_outbox().await;
    let changed = api
        .send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!("ancienne@exemple.fr")))
        .await;
    assert_eq!(changed.status(), 200);
    let _first = messages_in(&outbox, 1).await;
    let changed = api
        .send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!("nouvelle@exemple.fr")))
        .await;
    assert_eq!(changed.status(), 200);
    let messages = messages_in(&outbox, 2).await;
    let recipients: Vec<String> = messages
        .iter()
        .map(|raw| mail_parser::MessageParser::default().parse(raw.as_bytes()).unwrap())
        .map(|message| message.to().unwrap().first().unwrap().address().unwrap().to_owned())
        .collect();
    assert!(recipients.contains(&"marie.dupont@example.org".to_owned()), "the contact email, replaced first");
    assert!(recipients.contains(&"ancienne@exemple.fr".to_owned()), "then the former alerts address");
    assert!(!recipients.contains(&"nouvelle@exemple.fr".to_owned()), "{recipients:?}");

    let refused = api
        .send(Method::PUT, MARIE, "assure/preferences", choix(true, true, true, json!("marie@localhost")))
        .await;
    assert_eq!(refused.status(), 422);

    // Signed in six minutes ago: the address stays, the member is asked to sign in again.
    let mut claims = api.claims(MARIE);
    claims["auth_time"] = json!(claims["iat"].as_i64().unwrap() - 360);
    let body = choix(true, true, true, json!("troisieme@exemple.fr"));
    let old = api.call(Method::PUT, "assure/preferences", Some(&crate::api::sign(&claims)), Some(body)).await;
    assert_eq!(old.status(), 403);
    let refusal: Value = old.json().await.unwrap();
    assert_eq!(refusal["code"], "reconnexion_requise");
    assert_eq!(api.get_json(MARIE, "assure/preferences").await["emailAlertes"], "nouvelle@exemple.fr");
}
