//! The demo member API as the portal uses it: a member signs in through an external provider,
//! the portal calls `compte/auth` and then forwards `/api/...` to `/_demo/api/...` over HTTP
//! with the member's access token, exactly as it would to a real member API.

use serde_json::{Value, json};

use crate::demo_api::pdf;
use crate::fake_idp::{CLIENT_ID, CLIENT_SECRET, FakeIdp, now};
use crate::helpers::{TestApp, query, spawn_app_with};

/// Demo mode with the embedded member API, the external provider in place of the demo one.
async fn portal_signed_in_as_marie(idp: &FakeIdp) -> (TestApp, String) {
    let issuer = idp.issuer.clone();
    let mut app = spawn_app_with(move |settings| {
        settings.demo.idp = false;
        settings.oidc.issuer = Some(issuer.parse().unwrap());
        settings.oidc.client_id = CLIENT_ID.into();
        settings.oidc.client_secret = Some(CLIENT_SECRET.to_owned().into());
    })
    .await;
    app.with_cookie_jar();
    let authorize = app.start_login("/home").await;
    // An access token the member API can check: a JWT for the portal's audience.
    let access_token = idp.sign(json!({
        "iss": idp.issuer, "sub": "sub-marie", "aud": [CLIENT_ID, "account"], "azp": CLIENT_ID,
        "exp": now() + 300, "iat": now(), "typ": "Bearer", "NUMERO_PERSONNE": "100001",
    }));
    idp.token_answers(
        200,
        json!({
            "access_token": access_token, "token_type": "Bearer", "expires_in": 300,
            "refresh_token": "refresh-1", "id_token": idp.id_token(&query(&authorize, "nonce")),
        }),
    )
    .await;
    let state = query(&authorize, "state");
    assert_eq!(app.callback(&format!("code=abc&state={state}")).await, "/home");
    let xsrf = app.xsrf_token();
    (app, xsrf)
}

#[tokio::test]
async fn the_portal_signs_in_and_reads_through_the_demo_member_api() {
    let idp = FakeIdp::start().await;
    let (app, _) = portal_signed_in_as_marie(&idp).await;
    let session: Value = app.get("/api/session", &[]).await.json().await.unwrap();
    assert_eq!(session["User"]["Prenom"], "Marie");
    assert_eq!(session["User"]["CarteTp"], true);
    assert_eq!(session["VersionNum"], env!("CARGO_PKG_VERSION"));
    let infos = app.get("/api/assure/infos", &[]).await;
    assert_eq!(infos.status(), 200);
    let infos: Value = infos.json().await.unwrap();
    assert_eq!(infos["adresse"]["codePostal"], "75011");
    let livret = app.get("/api/assure/livret", &[("Accept", "application/pdf")]).await;
    assert_eq!(livret.status(), 200);
    assert!(livret.bytes().await.unwrap().starts_with(b"%PDF-"));
}

#[tokio::test]
async fn an_upload_and_a_request_go_through_the_portal_and_come_back() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let form = reqwest::multipart::Form::new()
        .part("fichier", reqwest::multipart::Part::bytes(pdf()).file_name("rib.pdf"));
    let uploaded = app
        .client
        .post(format!("{}/api/document/upload", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 201);
    let documents: Value = uploaded.json().await.unwrap();
    let body = json!({"postCreationDocumentDto": {"type": "RIB", "idDocuments": [documents[0]["id"]]}});
    let created = app
        .client
        .post(format!("{}/api/document/documentGedCegedim", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "RIB");
    let download = app.get(&format!("/api/document/pdf/{}", documents[0]["id"]), &[]).await;
    assert_eq!(download.bytes().await.unwrap().as_ref(), pdf().as_slice());
}

#[tokio::test]
async fn a_termination_is_acknowledged_by_email_with_its_pdf_and_the_demo_shows_the_email() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let empty = app.get_html("/_demo/outbox").await.text().await.unwrap();
    assert!(empty.contains("Aucun courriel pour l’instant."), "{empty}");
    let notice = json!({
        "numeroContrat": "IND-004512", "dateEffet": "2099-01-01", "motif": "RESILIATION_INFRA_ANNUELLE",
        "dateEvenement": "2026-11-23", "nom": "DUPONT", "prenom": "Marie", "numeroAdherent": "100001",
        "email": "marie.dupont@example.org"
    });

    let created = app
        .client
        .post(format!("{}/api/document/creationResiliation", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&notice)
        .send()
        .await
        .unwrap();

    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "RAD");
    let outbox = app.get_html("/_demo/outbox").await.text().await.unwrap();
    let subject = format!("Accusé de réception de votre demande de résiliation n° {}", demande["id"]);
    for expected in [
        subject.as_str(),
        "Marie DUPONT &lt;marie.dupont@example.org&gt;",
        "du contrat IND-004512",
        "Votre contrat prendra fin le 01/01/2099.",
        "trente jours",
        "accuse-reception-resiliation-",
    ] {
        assert!(outbox.contains(expected), "{expected:?} missing from the outbox page:\n{outbox}");
    }
}
