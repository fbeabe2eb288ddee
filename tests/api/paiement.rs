//! Paying online what a member owes (docs/product/member-api.md#paying-online), through the
//! demo binary: the portal signs the form for the member API's order, the demo's stand-in of the
//! provider takes a test card and notifies the portal, which passes the notification on to the
//! member API; only that notification settles the order, once.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Browser, TestApp, spawn_app_with};

const PAUL: &str = "100004";
const CONTRAT: &str = "COL-000871";
/// The demo shop's key, chosen here so that the tests can sign (and forge) notifications.
const CLE: &str = "a demo shop key for the tests";

async fn app() -> TestApp {
    spawn_app_with(|settings| settings.paiement.key = Some(CLE.to_owned().into())).await
}

/// Paul, signed in, with his order and its signed form.
async fn paul_commande(app: &TestApp) -> (Browser, Value) {
    let paul = Browser::on(app);
    paul.sign_in(PAUL).await;
    let (status, a_payer) =
        paul.send(Method::POST, "/api/assure/paiements", Some(json!({ "numeroContrat": CONTRAT }))).await;
    assert_eq!(status, 201, "{a_payer}");
    (paul, a_payer)
}

fn champs(a_payer: &Value) -> Vec<(String, String)> {
    let champs = a_payer["formulaire"]["champs"].as_object().unwrap();
    champs.iter().map(|(name, value)| (name.clone(), value.as_str().unwrap().to_owned())).collect()
}

/// The stand-in's page at `path`, posted `fields` to: its status and text.
async fn psp(paul: &Browser, path: &str, fields: &[(String, String)]) -> (u16, String) {
    let answer =
        paul.client.post(format!("{}/_demo/psp{path}", paul.address)).form(fields).send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

/// Pays `a_payer` with `carte` on the stand-in's page: the outcome page's text.
async fn payer(paul: &Browser, a_payer: &Value, carte: &str) -> String {
    let mut fields = champs(a_payer);
    let (status, page) = psp(paul, "/vads-payment/", &fields).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Payer 38,50\u{a0}€"), "{page}");
    for (name, value) in
        [("numero", carte), ("expiration", "12/40"), ("cryptogramme", "123"), ("action", "payer")]
    {
        fields.push((name.to_owned(), value.to_owned()));
    }
    psp(paul, "/carte", &fields).await.1
}

async fn commande(paul: &Browser, a_payer: &Value) -> Value {
    let reference = a_payer["paiement"]["commande"].as_str().unwrap();
    let (status, paiement) = paul.get(&format!("/api/assure/paiements/{reference}")).await;
    assert_eq!(status, 200);
    paiement
}

async fn du(paul: &Browser) -> f64 {
    let (_, contrats) = paul.get("/api/assure/contrats").await;
    contrats.as_array().unwrap().iter().find(|c| c["numeroContrat"] == CONTRAT).unwrap()["montantImpaye"]
        .as_f64()
        .unwrap()
}

#[tokio::test]
async fn paul_pays_what_he_owes_and_the_providers_notification_settles_it_once() {
    let app = app().await;
    let (paul, a_payer) = paul_commande(&app).await;
    assert_eq!(a_payer["paiement"]["centimes"], 3850);
    assert_eq!(a_payer["formulaire"]["champs"]["vads_amount"], "3850");
    assert_eq!(a_payer["formulaire"]["action"], format!("{}/_demo/psp/vads-payment/", app.address));
    let (status, encore) =
        paul.send(Method::POST, "/api/assure/paiements", Some(json!({ "numeroContrat": CONTRAT }))).await;
    assert_eq!(
        (status, &encore["paiement"]["commande"]),
        (200, &a_payer["paiement"]["commande"]),
        "the same order"
    );

    let page = payer(&paul, &a_payer, "4970 1000 0000 0014").await;
    assert!(page.contains("Paiement accepté"), "{page}");
    assert!(page.contains("la boutique a répondu « 200 OK »"), "{page}");
    let paiement = commande(&paul, &a_payer).await;
    assert_eq!(paiement["statut"], "ACCEPTE");
    assert_eq!(paiement["carte"], "CB •••• 0014");
    assert_eq!(du(&paul).await, 0.0);

    // The provider's back office sends the same notification again: taken once only.
    let transaction = paiement["transaction"].as_str().unwrap().to_owned();
    let (status, renvoi) = psp(&paul, "/renvoi", &[("transaction".to_owned(), transaction)]).await;
    assert_eq!(status, 200);
    assert!(renvoi.contains("La boutique a répondu « 200 Déjà traitée »"), "{renvoi}");
    assert_eq!(commande(&paul, &a_payer).await["statut"], "ACCEPTE");
    let (status, rien) =
        paul.send(Method::POST, "/api/assure/paiements", Some(json!({ "numeroContrat": CONTRAT }))).await;
    assert_eq!((status, rien["message"].as_str()), (422, Some("Vous ne devez rien sur ce contrat.")));
}

/// A notification of Paul's order as the provider would sign it with `cle`, with `changes`.
fn notification(a_payer: &Value, cle: &str, changes: &[(&str, &str)]) -> Vec<(String, String)> {
    let champs = champs(a_payer);
    let field = |name: &str| champs.iter().find(|(n, _)| n == name).unwrap().1.clone();
    let mut fields: Vec<(String, String)> = [
        ("vads_amount", field("vads_amount")),
        ("vads_ctx_mode", field("vads_ctx_mode")),
        ("vads_currency", "978".to_owned()),
        ("vads_order_id", field("vads_order_id")),
        ("vads_site_id", field("vads_site_id")),
        ("vads_trans_date", field("vads_trans_date")),
        ("vads_trans_status", "AUTHORISED".to_owned()),
        ("vads_trans_uuid", crate::helpers::random()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    for (name, value) in changes {
        fields.retain(|(field, _)| field != name);
        fields.push(((*name).to_owned(), (*value).to_owned()));
    }
    let signature = vads::sign(fields.iter().map(|(n, v)| (n.as_str(), v.as_str())), cle.as_bytes());
    fields.push(("signature".to_owned(), signature));
    fields
}

async fn notifier(app: &TestApp, fields: &[(String, String)]) -> u16 {
    let answer =
        app.client.post(format!("{}/paiement/notification", app.address)).form(fields).send().await.unwrap();
    answer.status().as_u16()
}

#[tokio::test]
async fn a_forged_changed_or_foreign_notification_is_refused_and_the_debt_stays() {
    let app = app().await;
    let (paul, a_payer) = paul_commande(&app).await;
    assert_eq!(notifier(&app, &notification(&a_payer, "a guessed key", &[])).await, 403);
    assert_eq!(notifier(&app, &notification(&a_payer, CLE, &[("vads_amount", "1")])).await, 409);
    assert_eq!(notifier(&app, &notification(&a_payer, CLE, &[("vads_site_id", "99999999")])).await, 409);
    assert_eq!(notifier(&app, &notification(&a_payer, CLE, &[("vads_order_id", "PNOTISSUED")])).await, 404);
    assert_eq!(
        notifier(&app, &notification(&a_payer, CLE, &[("vads_trans_date", "20200101000000")])).await,
        409,
        "a payment the order never asked for"
    );
    let text =
        app.client.post(format!("{}/paiement/notification", app.address)).body("{}").send().await.unwrap();
    assert_eq!(text.status(), 400, "not a form");
    assert_eq!(commande(&paul, &a_payer).await["statut"], "EN_ATTENTE");
    assert_eq!(du(&paul).await, 38.5);
    // The genuine one still settles it.
    assert_eq!(notifier(&app, &notification(&a_payer, CLE, &[])).await, 200);
    assert_eq!(du(&paul).await, 0.0);
}

#[tokio::test]
async fn a_refused_card_a_failed_3d_secure_or_an_abandon_leaves_the_debt_as_it_was() {
    let app = app().await;
    let (paul, a_payer) = paul_commande(&app).await;
    let page = payer(&paul, &a_payer, "4970100000000097").await;
    assert!(page.contains("Paiement refusé"), "{page}");
    let refuse = commande(&paul, &a_payer).await;
    assert_eq!(
        (refuse["statut"].as_str(), refuse["motifRefus"].as_str()),
        (Some("REFUSE"), Some("Votre banque a refusé le paiement."))
    );

    let (_, a_payer) =
        paul.send(Method::POST, "/api/assure/paiements", Some(json!({ "numeroContrat": CONTRAT }))).await;
    let page = payer(&paul, &a_payer, "4970 1000 0000 0063").await;
    assert!(page.contains("Authentification 3-D Secure"), "{page}");
    let mut fields = champs(&a_payer);
    fields.extend(
        [("carte", "497010XXXXXX0063"), ("code", "000000"), ("action", "valider")]
            .map(|(n, v)| (n.to_owned(), v.to_owned())),
    );
    let (_, page) = psp(&paul, "/3ds", &fields).await;
    assert!(page.contains("L’authentification 3-D Secure n’a pas abouti."), "{page}");
    assert_eq!(
        commande(&paul, &a_payer).await["motifRefus"],
        "L’authentification 3-D Secure n’a pas abouti."
    );

    let (_, a_payer) =
        paul.send(Method::POST, "/api/assure/paiements", Some(json!({ "numeroContrat": CONTRAT }))).await;
    let mut fields = champs(&a_payer);
    fields.push(("action".to_owned(), "annuler".to_owned()));
    let (_, page) = psp(&paul, "/carte", &fields).await;
    assert!(page.contains("Paiement annulé"), "{page}");
    assert_eq!(commande(&paul, &a_payer).await["statut"], "ABANDONNE");
    assert_eq!(du(&paul).await, 38.5);
}
