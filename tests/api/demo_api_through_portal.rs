//! The demo member API as the portal uses it: a member signs in through an external provider,
//! the portal calls `compte/auth` and then forwards `/api/...` to `/_demo/api/...` over HTTP
//! with the member's access token, exactly as it would to a real member API.

use serde_json::{Value, json};

use crate::fake_idp::{CLIENT_ID, CLIENT_SECRET, FakeIdp, now};
use crate::helpers::{TestApp, outbox_showing, pdf, query, solved_captcha, spawn_app_with};

/// Demo mode with the embedded member API, the external provider in place of the demo one.
pub async fn portal_signed_in_as_marie(idp: &FakeIdp) -> (TestApp, String) {
    portal_signed_in_as_marie_with(idp, |_| {}).await
}

pub async fn portal_signed_in_as_marie_with(
    idp: &FakeIdp,
    customise: impl FnOnce(&mut espace_assure::config::Settings) + Send + 'static,
) -> (TestApp, String) {
    let mut app = portal_with_provider(idp, customise).await;
    let xsrf = sign_in_as_marie(&mut app, idp).await;
    (app, xsrf)
}

/// Demo mode with the embedded member API, the external provider in place of the demo one;
/// nobody signed in yet.
pub async fn portal_with_provider(
    idp: &FakeIdp,
    customise: impl FnOnce(&mut espace_assure::config::Settings) + Send + 'static,
) -> TestApp {
    let issuer = idp.issuer.clone();
    spawn_app_with(move |settings| {
        settings.demo.idp = false;
        settings.oidc.issuer = Some(issuer.parse().unwrap());
        settings.oidc.client_id = CLIENT_ID.into();
        settings.oidc.client_secret = Some(CLIENT_SECRET.to_owned().into());
        customise(settings);
    })
    .await
}

/// Marie signs in on `app` from a new browser (a cookie jar of its own); returns its XSRF token.
pub async fn sign_in_as_marie(app: &mut TestApp, idp: &FakeIdp) -> String {
    sign_in_as_marie_with(app, idp, json!({})).await
}

/// The same, her ID token with `changes` (see `FakeIdp::id_token_with`).
pub async fn sign_in_as_marie_with(app: &mut TestApp, idp: &FakeIdp, changes: Value) -> String {
    app.with_cookie_jar();
    let authorize = app.start_login("/home").await;
    idp.token_answers(200, marie_tokens(idp, &query(&authorize, "nonce"), changes)).await;
    let state = query(&authorize, "state");
    assert_eq!(app.callback(&format!("code=abc&state={state}")).await, "/home");
    app.xsrf_token()
}

/// What the provider gives Marie: an access token the member API can check (a JWT for the
/// portal's audience), and an ID token for `nonce` with `changes`.
pub fn marie_tokens(idp: &FakeIdp, nonce: &str, changes: Value) -> Value {
    let access_token = idp.sign(json!({
        "iss": idp.issuer, "sub": "sub-marie", "aud": [CLIENT_ID, "account"], "azp": CLIENT_ID,
        "exp": now() + 300, "iat": now(), "typ": "Bearer", "NUMERO_PERSONNE": "100001",
    }));
    json!({
        "access_token": access_token, "token_type": "Bearer", "expires_in": 300,
        "refresh_token": "refresh-1", "id_token": idp.id_token_with(nonce, changes),
    })
}

/// A PDF named `name`, uploaded through the portal.
async fn upload(app: &TestApp, xsrf: &str, name: &str) -> reqwest::Response {
    let form = reqwest::multipart::Form::new()
        .part("fichier", reqwest::multipart::Part::bytes(pdf()).file_name(name.to_owned()));
    app.client
        .post(format!("{}/api/document/upload", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .multipart(form)
        .send()
        .await
        .unwrap()
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
async fn preferences_are_read_and_changed_through_the_portal_at_the_same_path() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let choices = json!({
        "alertes": {"remboursement": false, "demande": true, "document": true},
        "zeroPapier": true,
        "emailAlertes": null,
    });
    let changed = app
        .client
        .put(format!("{}/api/assure/preferences", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&choices)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    let read: Value = app.get("/api/assure/preferences", &[]).await.json().await.unwrap();
    assert_eq!((&read["alertes"]["remboursement"], &read["zeroPapier"]), (&json!(false), &json!(true)));
}

#[tokio::test]
async fn an_upload_and_a_request_go_through_the_portal_and_come_back() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let uploaded = upload(&app, &xsrf, "rib.pdf").await;
    assert_eq!(uploaded.status(), 201);
    let documents: Value = uploaded.json().await.unwrap();
    let body = json!({"postCreationDocumentDto": {"type": "RIB", "idDocuments": [documents[0]["id"]]}});
    let created = app
        .client
        .post(format!("{}/api/document/documentGedCegedim", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .header("X-Captcha", solved_captcha(&app).await)
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
async fn a_reply_on_a_request_goes_through_the_portal_without_a_captcha_and_is_read() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let demandes: Value = app.get("/api/demandes", &[]).await.json().await.unwrap();
    let id = demandes[0]["id"].clone();
    let documents: Value = upload(&app, &xsrf, "facture.pdf").await.json().await.unwrap();
    let post = |path: String, body: Option<Value>| {
        let request = app.client.post(format!("{}{path}", app.address)).header("X-XSRF-TOKEN", &xsrf);
        match body {
            Some(body) => request.json(&body),
            None => request,
        }
        .send()
    };
    let body = json!({"texte": "Voici la facture.", "idDocuments": [documents[0]["id"]]});
    let sent = post(format!("/api/demande/{id}/messages"), Some(body)).await.unwrap();
    assert_eq!(sent.status(), 201);
    let message: Value = sent.json().await.unwrap();
    assert_eq!(
        (&message["auteur"], &message["documents"][0]["id"]),
        (&json!("ADHERENT"), &documents[0]["id"])
    );
    let demande: Value = app.get(&format!("/api/demande/{id}"), &[]).await.json().await.unwrap();
    assert_eq!(demande["messages"].as_array().unwrap().last(), Some(&message));
    let read = post(format!("/api/demande/{id}/messages/lus"), None).await.unwrap();
    assert_eq!(read.status(), 204);
    let unread: Value = app.get("/api/demandes/nonLus", &[]).await.json().await.unwrap();
    assert_eq!(unread, json!({"total": 0, "demandes": []}));
}

#[tokio::test]
async fn an_estimate_and_a_certificate_go_through_the_portal() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let beneficiaires: Value = app.get("/api/assure/beneficiaires", &[]).await.json().await.unwrap();
    let estimate = app
        .client
        .post(format!("{}/api/assure/estimation", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&json!({"idBeneficiaire": beneficiaires[0]["id"], "soin": "DENTAIRE_COURONNE",
                      "centPourCentSante": true, "prix": 500}))
        .send()
        .await
        .unwrap();
    assert_eq!(estimate.status(), 200);
    let estimate: Value = estimate.json().await.unwrap();
    assert_eq!(estimate["resteACharge"], 0.0);
    let certificate = app.get("/api/assure/attestation?type=DROITS", &[]).await;
    assert_eq!(certificate.status(), 200);
    assert!(certificate.bytes().await.unwrap().starts_with(b"%PDF-"));
}

#[tokio::test]
async fn the_allowances_and_the_links_to_mend_go_through_the_portal() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let plafonds = app.get("/api/assure/plafonds", &[]).await;
    assert_eq!(plafonds.status(), 200);
    let plafonds: Value = plafonds.json().await.unwrap();
    assert_eq!(plafonds[0]["prenom"], "Marie");
    assert!(plafonds[0]["garanties"].as_array().is_some_and(|garanties| !garanties.is_empty()));
    let home: Value = app.get("/api/home", &[]).await.json().await.unwrap();
    let raccordements = home["raccordements"]["data"].as_array().unwrap().clone();
    let etats: Vec<_> = raccordements
        .iter()
        .map(|r| (r["prenom"].clone(), r["lien"].clone(), r["statutNoemie"].clone()))
        .collect();
    assert_eq!(
        etats,
        [
            (json!("Thomas"), json!("CONJOINT"), json!("REFUSE")),
            (json!("Lucas"), json!("ENFANT"), json!("EN_COURS_DE_RACCORDEMENT"))
        ]
    );
    // Thomas's attestation de droits asks for his link again: the home says it is in progress.
    let uploaded: Value = upload(&app, &xsrf, "attestation.pdf").await.json().await.unwrap();
    let body = json!({"postCreationDocumentDto": {"type": "ATTESTATION_VITALE",
        "idBeneficiaire": raccordements[0]["idBeneficiaire"], "idDocuments": [uploaded[0]["id"]]}});
    let created = app
        .client
        .post(format!("{}/api/document/documentGedCegedim", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .header("X-Captcha", solved_captcha(&app).await)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let home: Value = app.get("/api/home", &[]).await.json().await.unwrap();
    assert_eq!(home["raccordements"]["data"][0]["statutNoemie"], "EN_COURS_DE_RACCORDEMENT");
}

#[tokio::test]
async fn a_termination_is_acknowledged_with_the_mutuals_document_and_names_and_the_address_on_file_is_told() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let empty = app.get_html("/_demo/outbox").await.text().await.unwrap();
    assert!(empty.contains("Aucun courriel pour l’instant."), "{empty}");
    // An upload of the member's own, listed first among the request's documents.
    let uploaded: Value = upload(&app, &xsrf, "justificatif.pdf").await.json().await.unwrap();
    let notice = json!({
        "numeroContrat": "IND-004512", "motif": "RESILIATION_INFRA_ANNUELLE",
        "email": "marie@elsewhere.example", "idDocuments": [uploaded[0]["id"]]
    });

    let created = app
        .client
        .post(format!("{}/api/document/creationResiliation", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .header("X-Captcha", solved_captcha(&app).await)
        .json(&notice)
        .send()
        .await
        .unwrap();

    assert_eq!(created.status(), 201);
    let demande: Value = created.json().await.unwrap();
    assert_eq!(demande["TypeCode"], "RAD");
    let end =
        chrono::NaiveDate::parse_from_str(demande["resiliation"]["dateEffet"].as_str().unwrap(), "%Y-%m-%d")
            .unwrap()
            .format("%d/%m/%Y")
            .to_string();
    let subject = format!("Accusé de réception de votre demande de résiliation n° {}", demande["id"]);
    let notice_subject = "Une demande de résiliation a été faite depuis votre espace assuré";
    let outbox = outbox_showing(&app, notice_subject).await;
    let outbox = if outbox.contains(&subject) { outbox } else { outbox_showing(&app, &subject).await };
    for expected in [
        subject.as_str(),
        "Mme Marie DUPONT &lt;marie@elsewhere.example&gt;",
        "Bonjour Mme Marie DUPONT,",
        "du contrat IND-004512",
        &format!("Votre contrat prendra fin le {end}."),
        &format!("accuse-reception-resiliation-{}.pdf", demande["id"]),
        notice_subject,
        "Mme Marie DUPONT &lt;marie.dupont@example.org&gt;",
        "m•••@elsewhere.example",
    ] {
        assert!(outbox.contains(expected), "{expected:?} missing from the outbox page:\n{outbox}");
    }
    assert!(!outbox.contains("justificatif"), "the member's upload is never mailed:\n{outbox}");
}

/// The termination notice of `portal_signed_in_as_marie`, to the address on file.
async fn give_notice(app: &TestApp, xsrf: &str) -> Value {
    let notice = json!({"numeroContrat": "IND-004512", "motif": "RESILIATION_INFRA_ANNUELLE"});
    let created = app
        .client
        .post(format!("{}/api/document/creationResiliation", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .header("X-Captcha", solved_captcha(app).await)
        .json(&notice)
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    created.json().await.unwrap()
}

#[tokio::test]
async fn the_acknowledgement_leaves_through_a_real_smtp_relay_over_starttls() {
    let relay = SmtpRelay::start();
    let idp = FakeIdp::start().await;
    let (url, ca) = (relay.url(), relay.ca_file());
    let (app, xsrf) = portal_signed_in_as_marie_with(&idp, move |settings| {
        settings.mail.transport = Some(espace_assure::config::MailTransport::Smtp);
        settings.mail.smtp_url = Some(url.into());
        settings.mail.ca_file = Some(ca);
    })
    .await;

    let demande = give_notice(&app, &xsrf).await;

    let received = relay.wait_for_messages(1).await;
    assert_eq!(received.len(), 1, "one acknowledgement, no notice: the address given is the one on file");
    let message = &received[0];
    // The relay refuses any message before STARTTLS (aiosmtpd requires it once it has a certificate).
    assert!(message.contains("To: \"Mme Marie DUPONT\" <marie.dupont@example.org>"), "{message}");
    let attachment = format!("\"accuse-reception-resiliation-{}.pdf\"", demande["id"]);
    assert!(message.contains(&attachment), "{message}");
    assert!(message.contains("Content-Disposition: attachment;"), "{message}");
    assert!(message.contains("Content-Type: application/pdf"), "{message}");
}

/// Debian's `python3-aiosmtpd` on a free loopback port, offering and requiring STARTTLS with a
/// certificate of its own authority, writing what it receives to a maildir.
struct SmtpRelay {
    dir: tempfile::TempDir,
    port: u16,
    process: std::process::Child,
}

impl SmtpRelay {
    fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        // An authority, then the relay's certificate signed by it (a self-signed certificate
        // is a CA certificate, which TLS clients refuse as a server's).
        std::fs::write(
            dir.path().join("leaf.ext"),
            "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n",
        )
        .unwrap();
        for args in [
            "req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=Relais -keyout ca.key -out ca.pem",
            "req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout key.pem -out leaf.csr",
            "x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 -extfile leaf.ext -out cert.pem",
        ] {
            let openssl = std::process::Command::new("openssl")
                .args(args.split(' '))
                .current_dir(dir.path())
                .output()
                .expect("openssl is installed (.ci/run installs it)");
            assert!(openssl.status.success(), "{}", String::from_utf8_lossy(&openssl.stderr));
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let process = std::process::Command::new(python_with_aiosmtpd())
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args([
                "--tlscert",
                "cert.pem",
                "--tlskey",
                "key.pem",
                "-c",
                "aiosmtpd.handlers.Mailbox",
                "maildir",
            ])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let relay = Self { dir, port, process };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(std::time::Instant::now() < deadline, "aiosmtpd did not start");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        relay
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}?tls=required", self.port)
    }

    fn ca_file(&self) -> std::path::PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// The messages received once there are `count` of them (or after a deadline).
    async fn wait_for_messages(&self, count: usize) -> Vec<String> {
        let new = self.dir.path().join("maildir/new");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        loop {
            let messages: Vec<String> = std::fs::read_dir(&new)
                .map(|entries| {
                    entries.map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap()).collect()
                })
                .unwrap_or_default();
            if messages.len() >= count || std::time::Instant::now() > deadline {
                return messages;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpRelay {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Debian's interpreter has `python3-aiosmtpd`; a `python3` earlier on the PATH may not.
fn python_with_aiosmtpd() -> &'static str {
    ["/usr/bin/python3", "python3"]
        .into_iter()
        .find(|python| {
            std::process::Command::new(python)
                .args(["-c", "import aiosmtpd"])
                .output()
                .is_ok_and(|output| output.status.success())
        })
        .expect("python3-aiosmtpd is installed (.ci/run installs it)")
}
