//! `/.well-known/security.txt` through the real application.

use crate::helpers::{header, spawn_app, spawn_app_with};

#[tokio::test]
async fn the_configured_contact_is_served_as_rfc_9116_text() {
    let app = spawn_app_with(|settings| {
        settings.security_txt.contact = vec!["mailto:securite@mutuelle.example".parse().unwrap()];
        settings.security_txt.expires = Some("2027-11-26T00:00:00Z".parse().unwrap());
    })
    .await;
    let response = app.get("/.well-known/security.txt", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "content-type"), "text/plain; charset=utf-8");
    let text = response.text().await.unwrap();
    assert!(
        text.starts_with("Contact: mailto:securite@mutuelle.example\nExpires: 2027-11-26T00:00:00Z\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Canonical: {}/.well-known/security.txt\n",
            app.address.trim_end_matches('/')
        )),
        "{text}"
    );
}

#[tokio::test]
async fn without_a_contact_it_is_a_json_404_not_the_front_end() {
    let app = spawn_app().await;
    let response = app.get("/.well-known/security.txt", &[]).await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
}
