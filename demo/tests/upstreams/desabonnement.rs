//! `/_demo/desabonnement`: an alert's one-click unsubscribe link (RFC 8058), followed signed out
//! as a mail client or a scanner follows it.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use espace_assure_demo::member_api::{Evenement, publier};
use hmac::{Hmac, KeyInit, Mac};
use reqwest::Method;
use serde_json::Value;
use sha2::Sha256;

use crate::api::{ApiApp, MARIE, spawn_api};
use crate::api_alertes::{messages_in, spawn_api_with_outbox};
use crate::helpers::header;

/// The token the API signs for the email `courriel`, as its contract describes it: the row's
/// number, a dot, HMAC-SHA256 of « espace-assure desabonnement {number} » under the key of the
/// data folder, in base64url without padding.
fn signature(api: &ApiApp, courriel: i64) -> Vec<u8> {
    let key = std::fs::read(api.app.data_dir().join("member-api-unsubscribe.key")).unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("espace-assure desabonnement {courriel}").as_bytes());
    mac.finalize().into_bytes().to_vec()
}

fn jeton(api: &ApiApp, courriel: i64) -> String {
    format!("{courriel}.{}", URL_SAFE_NO_PAD.encode(signature(api, courriel)))
}

/// A payment alert queued for Marie, as the back office queues it; its row.
fn payment_alert(api: &ApiApp, payment: &str) -> i64 {
    let db = api.database();
    publier(&db, MARIE, &Evenement::Remboursement { paiement_id: payment.to_owned() }, chrono::Utc::now())
        .unwrap();
    db.query_row("SELECT max(id) FROM courriels", [], |row| row.get(0)).unwrap()
}

async fn follow(api: &ApiApp, method: Method, query: &str) -> reqwest::Response {
    let request =
        api.app.client.request(method.clone(), format!("{}/_demo/desabonnement{query}", api.app.address));
    let request = if method == Method::POST {
        request.header("content-type", "application/x-www-form-urlencoded").body("List-Unsubscribe=One-Click")
    } else {
        request
    };
    request.send().await.unwrap()
}

async fn alerts(api: &ApiApp) -> Value {
    api.get_json(MARIE, "assure/preferences").await["alertes"].clone()
}

fn page(html: &str) -> scraper::Html {
    scraper::Html::parse_document(html)
}

fn text_of(document: &scraper::Html, selector: &str) -> String {
    let selector = scraper::Selector::parse(selector).unwrap();
    document.select(&selector).next().map(|element| element.text().collect::<String>()).unwrap_or_default()
}

#[tokio::test]
async fn the_link_of_an_alert_in_the_outbox_unsubscribes_signed_out_with_one_post() {
    let (api, outbox) = spawn_api_with_outbox().await;
    let (payment, _) = api.first_line(MARIE).await;
    payment_alert(&api, &payment);
    let messages = messages_in(&outbox, 1).await;
    let message = mail_parser::MessageParser::default().parse(messages[0].as_bytes()).unwrap();
    assert_eq!(message.subject(), Some("Un nouveau remboursement est disponible dans votre espace assuré"));
    assert_eq!(
        message.header_raw("List-Unsubscribe-Post").map(str::trim),
        Some("List-Unsubscribe=One-Click")
    );
    let link =
        message.header_raw("List-Unsubscribe").unwrap().trim().trim_start_matches('<').trim_end_matches('>');
    assert!(message.body_text(0).unwrap().contains(link), "the same link in the text");
    let query =
        link.strip_prefix(&format!("{}/_demo/desabonnement", api.app.address)).expect("the demo's page");

    let shown = follow(&api, Method::GET, query).await;
    assert_eq!(shown.status(), 200);
    let html = page(&shown.text().await.unwrap());
    assert_eq!(text_of(&html, "h1"), "Se désabonner d’une alerte");
    assert_eq!(text_of(&html, "form button"), "Confirmer le désabonnement");
    assert_eq!(alerts(&api).await["remboursement"], true, "a GET turns nothing off");

    for _ in 0..2 {
        let done = follow(&api, Method::POST, query).await;
        assert_eq!(done.status(), 200, "as many times as it is sent");
        let html = page(&done.text().await.unwrap());
        assert_eq!(text_of(&html, "h1"), "Désabonnement confirmé");
        assert!(text_of(&html, "[role=status]").contains("l’alerte « Nouveau remboursement »"));
    }
    assert_eq!(
        alerts(&api).await,
        serde_json::json!({"remboursement": false, "demande": true, "document": true})
    );
    payment_alert(&api, &payment);
    assert_eq!(api.queued_emails(MARIE).len(), 1, "no alert queued once turned off");
}

#[tokio::test]
async fn the_page_is_french_readable_on_a_phone_and_confirms_with_the_rfc_body() {
    let api = spawn_api().await;
    let (payment, _) = api.first_line(MARIE).await;
    let courriel = payment_alert(&api, &payment);
    let response = follow(&api, Method::GET, &format!("?jeton={}", jeton(&api, courriel))).await;
    assert!(header(response.headers(), "content-type").starts_with("text/html"));
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    assert_eq!(header(response.headers(), "referrer-policy"), "no-referrer");
    let html = page(&response.text().await.unwrap());
    let root = scraper::Selector::parse("html[lang=fr]").unwrap();
    assert!(html.select(&root).next().is_some());
    let viewport = scraper::Selector::parse("meta[name=viewport][content*='width=device-width']").unwrap();
    assert!(html.select(&viewport).next().is_some());
    let form = scraper::Selector::parse("form[method=post]").unwrap();
    let form = html.select(&form).next().unwrap();
    assert_eq!(
        form.value().attr("action"),
        Some(format!("/_demo/desabonnement?jeton={}", jeton(&api, courriel)).as_str())
    );
    let hidden =
        scraper::Selector::parse("input[type=hidden][name=List-Unsubscribe][value=One-Click]").unwrap();
    assert!(form.select(&hidden).next().is_some(), "the page's form sends what a mail client sends");
}

#[tokio::test]
async fn a_forged_tampered_or_otherwise_written_token_is_a_french_400_page() {
    let api = spawn_api().await;
    let (payment, _) = api.first_line(MARIE).await;
    let courriel = payment_alert(&api, &payment);
    let good = jeton(&api, courriel);
    let signature = signature(&api, courriel);
    let mut tampered = good.clone().into_bytes();
    let last = tampered.len() - 1;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let other_number = format!("{}.{}", courriel + 1, good.split_once('.').unwrap().1);
    let padded = format!("{courriel}.{}", base64::engine::general_purpose::URL_SAFE.encode(&signature));
    let standard = format!("{courriel}.{}", STANDARD.encode(&signature));
    let hex = format!("{courriel}.{}", signature.iter().map(|b| format!("{b:02x}")).collect::<String>());
    let leading_zero = format!("0{good}");
    let queries = [
        String::new(),
        "?jeton=".to_owned(),
        "?jeton=nimportequoi".to_owned(),
        format!("?jeton={tampered}"),
        format!("?jeton={other_number}"),
        format!("?jeton={}", urlencode(&padded)),
        format!("?jeton={}", urlencode(&standard)),
        format!("?jeton={hex}"),
        format!("?jeton={leading_zero}"),
        format!("?jeton={good}&jeton={good}"),
    ];
    for query in &queries {
        for method in [Method::GET, Method::POST] {
            let response = follow(&api, method.clone(), query).await;
            assert_eq!(response.status(), 400, "{method} {query}");
            assert!(header(response.headers(), "content-type").starts_with("text/html"));
            let html = page(&response.text().await.unwrap());
            assert_eq!(text_of(&html, "h1"), "Lien de désabonnement non valable", "{query}");
            assert!(text_of(&html, "[role=alert]").starts_with("Ce lien de désabonnement n’est pas valable"));
        }
    }
    assert_eq!(alerts(&api).await["remboursement"], true, "nothing turned off");
    assert_eq!(
        follow(&api, Method::POST, &format!("?jeton={good}")).await.status(),
        200,
        "the real one works"
    );
}

fn urlencode(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
}

#[tokio::test]
async fn a_security_emails_row_has_no_unsubscribe() {
    let api = spawn_api().await;
    let rib = serde_json::json!({"titulaire": "Mme Marie DUPONT", "iban": "FR7630006000011234567890189", "bic": "AGRIFRPPXXX"});
    assert_eq!(api.send(Method::POST, MARIE, "assure/beneficiaire/banque", rib).await.status(), 200);
    let courriel: i64 = api.database().query_row("SELECT id FROM courriels", [], |row| row.get(0)).unwrap();
    let response = follow(&api, Method::POST, &format!("?jeton={}", jeton(&api, courriel))).await;
    assert_eq!(response.status(), 400);
    assert_eq!(
        alerts(&api).await,
        serde_json::json!({"remboursement": true, "demande": true, "document": true})
    );
}
