//! The demo back office (`/_demo/back-office`), driven as an operator's browser drives it: a
//! cookie jar, the pages' forms, their anti-forgery token read from the page. What an action
//! writes is read back through the member API (whose kept answers must follow it) and its event
//! from the database.

use chrono::NaiveDate;
use reqwest::StatusCode;
use reqwest::header::{RETRY_AFTER, SET_COOKIE};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::api::{ApiApp, JEAN, MARIE, pdf, png, spawn_api_with};
use crate::api_ajout_beneficiaire::ajout;
use crate::helpers::header;

const MOUNT: &str = "/_demo/back-office";

/// A form's fields, as typed.
type Formulaire = Vec<(&'static str, String)>;

struct BackOffice {
    api: ApiApp,
    /// An operator's browser: it keeps cookies, and follows no redirect so that tests see them.
    browser: reqwest::Client,
}

/// One thing the `evenements` table recorded.
#[derive(Debug, PartialEq, Eq)]
struct Evenement {
    numero: String,
    kind: String,
    paiement: Option<String>,
    demande: Option<i64>,
    document: Option<i64>,
    etat: Option<String>,
}

fn paris_today() -> NaiveDate {
    chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris).date_naive()
}

fn select(html: &str, css: &str) -> Vec<String> {
    let html = Html::parse_document(html);
    let selector = Selector::parse(css).unwrap();
    html.select(&selector).map(|element| element.text().collect::<String>().trim().to_owned()).collect()
}

fn attribute(html: &str, css: &str, name: &str) -> Vec<String> {
    let html = Html::parse_document(html);
    let selector = Selector::parse(css).unwrap();
    html.select(&selector).filter_map(|element| element.value().attr(name)).map(str::to_owned).collect()
}

/// The page of a refusal: its status, and the French sentence it shows as an alert.
async fn assert_refused(response: reqwest::Response, status: u16) -> String {
    assert_eq!(response.status().as_u16(), status, "{}", response.url());
    assert!(header(response.headers(), "content-type").starts_with("text/html"));
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let alerts = select(&response.text().await.unwrap(), "[role=alert]");
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    alerts.into_iter().next().unwrap()
}

fn assert_redirected(response: &reqwest::Response, to: &str) {
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "{}", response.url());
    assert_eq!(header(response.headers(), "location"), to);
}

async fn spawn_back_office() -> BackOffice {
    spawn_back_office_with(|_| {}).await
}

async fn spawn_back_office_with(customise: impl FnOnce(&mut espace_assure_demo::Settings)) -> BackOffice {
    let api = spawn_api_with(customise).await;
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    BackOffice { api, browser }
}

/// A back office its operator signed in to.
async fn signed_in() -> BackOffice {
    let back_office = spawn_back_office().await;
    back_office.sign_in().await;
    back_office
}

impl BackOffice {
    fn url(&self, path: &str) -> String {
        format!("{}{MOUNT}{path}", self.api.app.address)
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.browser.get(self.url(path)).send().await.unwrap()
    }

    /// A page that must be served.
    async fn page(&self, path: &str) -> String {
        let response = self.get(path).await;
        assert_eq!(response.status(), 200, "GET {path}");
        assert_eq!(header(response.headers(), "cache-control"), "no-store");
        response.text().await.unwrap()
    }

    async fn post(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.browser.post(self.url(path)).form(form).send().await.unwrap()
    }

    async fn sign_in_with(&self, identifiant: &str, mot_de_passe: &str) -> reqwest::Response {
        self.post("/connexion", &[("identifiant", identifiant), ("mot_de_passe", mot_de_passe)]).await
    }

    async fn sign_in(&self) {
        assert_redirected(&self.sign_in_with("gestionnaire", "demo-gestion").await, MOUNT);
    }

    /// The session's anti-forgery token, as the pages' forms carry it.
    async fn jeton(&self) -> String {
        let tokens = attribute(&self.page("").await, "input[name=jeton]", "value");
        assert!(!tokens.is_empty());
        tokens[0].clone()
    }

    /// Posts a form of the pages, with the session's token.
    async fn act(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let jeton = self.jeton().await;
        let mut form = vec![("jeton", jeton.as_str())];
        form.extend_from_slice(fields);
        self.post(path, &form).await
    }

    /// Sends the document form: the token first, as the page orders its fields.
    async fn upload(
        &self,
        path: &str,
        jeton: Option<&str>,
        file: Option<(&str, Vec<u8>)>,
    ) -> reqwest::Response {
        let mut form = reqwest::multipart::Form::new();
        if let Some(jeton) = jeton {
            form = form.text("jeton", jeton.to_owned());
        }
        if let Some((name, bytes)) = file {
            let part =
                reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()).mime_str("application/pdf");
            form = form.part("fichier", part.unwrap());
        }
        self.browser.post(self.url(path)).multipart(form).send().await.unwrap()
    }

    fn db(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.api.app.data_dir().join("member-api.sqlite3")).unwrap()
    }

    fn evenements(&self) -> Vec<Evenement> {
        let db = self.db();
        let mut statement = db
            .prepare("SELECT numero_personne, type, paiement_id, demande_id, document_id, etat FROM evenements ORDER BY id")
            .unwrap();
        statement
            .query_map([], |row| {
                Ok(Evenement {
                    numero: row.get(0)?,
                    kind: row.get(1)?,
                    paiement: row.get(2)?,
                    demande: row.get(3)?,
                    document: row.get(4)?,
                    etat: row.get(5)?,
                })
            })
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    fn count(&self, table: &str) -> i64 {
        self.db().query_row(&format!("SELECT count(*) FROM {table}"), [], |row| row.get(0)).unwrap()
    }

    /// The id of the member's first request with this TypeCode, as the member API lists them.
    async fn demande(&self, person: &str, type_code: &str) -> i64 {
        let demandes = self.api.get_json(person, "demandes").await;
        demandes.as_array().unwrap().iter().find(|d| d["TypeCode"] == type_code).unwrap()["id"]
            .as_i64()
            .unwrap()
    }

    fn beneficiaire(&self, person: &str, prenom: &str) -> i64 {
        self.db()
            .query_row(
                "SELECT id FROM beneficiaires WHERE numero_personne = ?1 AND prenom = ?2",
                [person, prenom],
                |row| row.get(0),
            )
            .unwrap()
    }
}

#[tokio::test]
async fn every_page_and_action_requires_the_operator_to_sign_in() {
    let back_office = spawn_back_office().await;
    let demande = back_office.demande(MARIE, "DEV").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    for page in ["", &format!("/adherents/{MARIE}"), &request] {
        assert_redirected(&back_office.get(page).await, &format!("{MOUNT}/connexion"));
    }
    let actions = [
        "/deconnexion".to_owned(),
        format!("/adherents/{MARIE}/remboursements"),
        format!("{request}/etat"),
        format!("{request}/reponse"),
    ];
    for action in &actions {
        let message =
            assert_refused(back_office.post(action, &[("jeton", "x"), ("etat", "EN_COURS")]).await, 401)
                .await;
        assert_eq!(
            message,
            "Votre session a expiré ou vous n’êtes pas connecté : connectez-vous, puis recommencez."
        );
    }
    assert_refused(
        back_office.upload(&format!("{request}/document"), Some("x"), Some(("a.pdf", pdf()))).await,
        401,
    )
    .await;
    // A cookie the back office did not seal opens nothing.
    let forged =
        back_office.browser.get(back_office.url("")).header("cookie", "back_office=gestionnaire").send();
    assert_redirected(&forged.await.unwrap(), &format!("{MOUNT}/connexion"));
    assert_eq!(back_office.evenements(), []);
}

#[tokio::test]
async fn the_sign_in_page_shows_the_demo_credentials_and_a_wrong_password_is_refused() {
    let back_office = spawn_back_office().await;
    let page = back_office.page("/connexion").await;
    assert_eq!(select(&page, "h1"), ["Connexion au back-office"]);
    assert_eq!(select(&page, ".identifiants dd"), ["gestionnaire", "demo-gestion"]);

    let wrong = back_office.sign_in_with("gestionnaire", "demo").await;
    assert!(wrong.headers().get(SET_COOKIE).is_none());
    assert_eq!(assert_refused(wrong, 401).await, "Identifiant ou mot de passe incorrect.");
    assert_redirected(&back_office.get("").await, &format!("{MOUNT}/connexion"));

    let right = back_office.sign_in_with("gestionnaire", "demo-gestion").await;
    assert_redirected(&right, MOUNT);
    let cookie = header(right.headers(), "set-cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/_demo/back-office", "Max-Age=14400"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }
    let list = back_office.page("").await;
    assert_eq!(select(&list, "h1"), ["Adhérents"]);
    let members = select(&list, ".liste a");
    assert_eq!(members.len(), 5);
    assert!(members.contains(&"Mme Marie DUPONT".to_owned()), "{members:?}");
    assert_redirected(&back_office.get("/connexion").await, MOUNT);
}

#[tokio::test]
async fn too_many_wrong_passwords_from_one_address_are_refused_for_a_while() {
    let back_office = spawn_back_office().await;
    for _ in 0..5 {
        assert_eq!(back_office.sign_in_with("gestionnaire", "devine").await.status(), 401);
    }
    // Even the right password: guessing on would otherwise tell which one is right.
    let refused = back_office.sign_in_with("gestionnaire", "demo-gestion").await;
    let retry_after: u64 = header(refused.headers(), RETRY_AFTER.as_str()).parse().unwrap();
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    let message = assert_refused(refused, 429).await;
    assert_eq!(message, "Trop de tentatives de connexion depuis votre adresse : réessayez dans 15 minutes.");
}

#[tokio::test]
async fn signing_out_ends_the_session_even_for_a_kept_copy_of_its_cookie() {
    let back_office = spawn_back_office().await;
    let right = back_office.sign_in_with("gestionnaire", "demo-gestion").await;
    let kept = header(right.headers(), "set-cookie").split(';').next().unwrap().to_owned();
    let jeton = back_office.jeton().await;

    let out = back_office.post("/deconnexion", &[("jeton", &jeton)]).await;
    assert_redirected(&out, &format!("{MOUNT}/connexion?fait=deconnexion"));
    assert!(header(out.headers(), "set-cookie").contains("Max-Age=0"));
    let page = back_office.page("/connexion?fait=deconnexion").await;
    assert_eq!(select(&page, "[role=status]"), ["Vous êtes déconnecté du back-office."]);
    assert_redirected(&back_office.get("").await, &format!("{MOUNT}/connexion"));

    let replayed =
        back_office.api.app.client.get(back_office.url("")).header("cookie", kept).send().await.unwrap();
    assert_redirected(&replayed, &format!("{MOUNT}/connexion"));
}

#[tokio::test]
async fn an_action_without_the_session_s_anti_forgery_token_is_refused() {
    let back_office = signed_in().await;
    let demande = back_office.demande(MARIE, "DEV").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let expected = "Ce formulaire n’est plus valable ou ne vient pas du back-office : rechargez la page, puis recommencez.";
    for jeton in [None, Some("forged")] {
        let token: Vec<(&str, &str)> = jeton.map(|jeton| ("jeton", jeton)).into_iter().collect();
        let with = |fields: &[(&'static str, &'static str)]| [token.as_slice(), fields].concat();
        let cases = [
            (format!("/adherents/{MARIE}/remboursements"), with(&[("montant", "25")])),
            (format!("{request}/etat"), with(&[("etat", "EN_COURS")])),
            (format!("{request}/reponse"), with(&[("texte", "Bonjour.")])),
            ("/deconnexion".to_owned(), with(&[])),
        ];
        for (path, form) in cases {
            assert_eq!(assert_refused(back_office.post(&path, &form).await, 403).await, expected, "{path}");
        }
        let upload = back_office.upload(&format!("{request}/document"), jeton, Some(("a.pdf", pdf()))).await;
        assert_eq!(assert_refused(upload, 403).await, expected);
    }
    // The token must come before the file, as the page sends them.
    let jeton = back_office.jeton().await;
    let mut form = reqwest::multipart::Form::new();
    form = form.part("fichier", reqwest::multipart::Part::bytes(pdf()).file_name("a.pdf"));
    form = form.text("jeton", jeton);
    let reversed = back_office.browser.post(back_office.url(&format!("{request}/document"))).multipart(form);
    assert_refused(reversed.send().await.unwrap(), 403).await;

    assert_eq!(back_office.evenements(), []);
    assert!(back_office.page("").await.contains("Se déconnecter"), "still signed in");
}

#[tokio::test]
async fn adding_a_payment_writes_it_with_the_amounts_the_seed_computes_and_its_event() {
    let back_office = signed_in().await;
    let thomas = back_office.beneficiaire(MARIE, "Thomas").to_string();
    let day_of_care = (paris_today() - chrono::Duration::days(3)).to_string();
    let last_before: String =
        back_office.db().query_row("SELECT max(id) FROM paiements", [], |row| row.get(0)).unwrap();
    // Read once, so that the member API keeps this answer: the write must make it stale.
    let before = back_office.api.get_json(MARIE, "assure/prestations").await;

    let response = back_office
        .act(
            &format!("/adherents/{MARIE}/remboursements"),
            &[
                ("beneficiaire", &thomas),
                ("date_soins", &day_of_care),
                ("acte", "CS"),
                ("professionnel", "Dr Claire Fontaine"),
                ("montant", "60,00"),
            ],
        )
        .await;
    assert_redirected(&response, &format!("{MOUNT}/adherents/{MARIE}?fait=remboursement"));
    let page = back_office.page(&format!("/adherents/{MARIE}?fait=remboursement")).await;
    assert_eq!(
        select(&page, "[role=status]"),
        ["Le remboursement est ajouté. L’adhérent en est averti selon ses préférences."]
    );

    let after = back_office.api.get_json(MARIE, "assure/prestations").await;
    assert_eq!(after.as_array().unwrap().len(), before.as_array().unwrap().len() + 1);
    let id: String =
        back_office.db().query_row("SELECT max(id) FROM paiements", [], |row| row.get(0)).unwrap();
    assert!(id > last_before && id.len() == 11 && id.starts_with("PAI"), "{id} after {last_before}");
    let paiement =
        after.as_array().unwrap().iter().find(|paiement| paiement["paymentId"] == id.as_str()).unwrap();
    assert_eq!(paiement["paymentDate"], paris_today().to_string());
    assert_eq!(paiement["beneficiaryFirstName"], "Thomas");
    assert_eq!(paiement["destinataire"], "ASSURE");
    let lines = paiement["detailRemboursement"].as_array().unwrap();
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    // A specialist's 60 € under « Santé Famille Confort »: the Sécurité sociale pays 70 % of
    // its 30 € base minus the 2 € contribution, the mutual tops up to 200 % of the base.
    assert_eq!(
        (&line["codeActe"], &line["startDate"], &line["professionnelSante"], &line["statut"]),
        (&json!("CS"), &json!(day_of_care), &json!("Dr Claire Fontaine"), &json!("PAYE"))
    );
    assert_eq!((line["expenseAmount"].as_f64(), line["montantSecu"].as_f64()), (Some(60.0), Some(19.0)));
    assert_eq!((line["refundableAmount"].as_f64(), line["resteACharge"].as_f64()), (Some(39.0), Some(2.0)));

    assert_eq!(
        back_office.evenements(),
        [Evenement {
            numero: MARIE.into(),
            kind: "REMBOURSEMENT".into(),
            paiement: Some(id.clone()),
            demande: None,
            document: None,
            etat: None
        }]
    );
    assert!(select(&page, ".liste .detail").iter().any(|detail| detail.contains(&id)));
}

#[tokio::test]
async fn moving_a_request_s_state_writes_it_and_its_event() {
    let back_office = signed_in().await;
    let demande = back_office.demande(MARIE, "DEV").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    assert_eq!(back_office.api.get_json(MARIE, &format!("demande/{demande}")).await["Etat"], "A_TRAITER");

    let response = back_office.act(&format!("{request}/etat"), &[("etat", "EN_ATTENTE_DE_PIECES")]).await;
    assert_redirected(&response, &format!("{MOUNT}{request}?fait=etat"));
    let seen = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(
        (&seen["Etat"], &seen["dateMiseAJour"]),
        (&json!("EN_ATTENTE_DE_PIECES"), &json!(paris_today()))
    );
    assert_eq!(
        back_office.evenements(),
        [Evenement {
            numero: MARIE.into(),
            kind: "STATUT_DEMANDE".into(),
            paiement: None,
            demande: Some(demande),
            document: None,
            etat: Some("EN_ATTENTE_DE_PIECES".into())
        }]
    );
    let page = back_office.page(&format!("{request}?fait=etat")).await;
    assert_eq!(attribute(&page, "#etat option[selected]", "value"), ["EN_ATTENTE_DE_PIECES"]);

    let again = back_office.act(&format!("{request}/etat"), &[("etat", "EN_ATTENTE_DE_PIECES")]).await;
    assert_eq!(assert_refused(again, 409).await, "La demande est déjà à l’état « En attente de pièces ».");
    let done = back_office.act(&format!("{request}/etat"), &[("etat", "Traité")]).await;
    assert_redirected(&done, &format!("{MOUNT}{request}?fait=etat"));
    assert_eq!(back_office.evenements()[1].etat.as_deref(), Some("Traité"));
}

#[tokio::test]
async fn answering_a_request_adds_the_mutual_s_message_and_its_event() {
    let back_office = signed_in().await;
    let demande = back_office.demande(MARIE, "OPT").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let texte = "Bonjour Madame,\r\nvotre facture <b>optique</b> est bien reçue.";
    let response = back_office.act(&format!("{request}/reponse"), &[("texte", texte)]).await;
    assert_redirected(&response, &format!("{MOUNT}{request}?fait=reponse"));

    let (auteur, kept): (String, String) = back_office
        .db()
        .query_row("SELECT auteur, texte FROM messages_demande WHERE demande_id = ?1", [demande], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .unwrap();
    assert_eq!((auteur.as_str(), kept.as_str()), ("MUTUELLE", texte));
    assert_eq!(
        back_office.evenements().iter().map(|e| (e.kind.as_str(), e.demande)).collect::<Vec<_>>(),
        [("REPONSE_DEMANDE", Some(demande))]
    );
    let page = back_office.page(&format!("{request}?fait=reponse")).await;
    assert!(page.contains("&lt;b&gt;optique&lt;/b&gt;"), "escaped");
    assert!(select(&page, ".liste p.texte").iter().any(|shown| shown.contains("<b>optique</b>")));
    assert!(select(&page, "fieldset legend").is_empty(), "a request has no outcome to choose");
}

#[tokio::test]
async fn the_mutual_s_answer_sends_the_request_alert_only_when_the_member_wants_it() {
    let back_office = signed_in().await;
    let demande = back_office.demande(MARIE, "OPT").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    back_office.act(&format!("{request}/reponse"), &[("texte", "Première réponse.")]).await;
    let lien = format!("/mutuelle/demandes/{demande}");
    assert_eq!(back_office.api.queued_emails(MARIE), [("DEMANDE".to_owned(), lien.clone())]);
    back_office
        .db()
        .execute("INSERT INTO preferences (numero_personne, alerte_demande) VALUES (?1, 0)", [MARIE])
        .unwrap();
    back_office.act(&format!("{request}/reponse"), &[("texte", "Seconde réponse.")]).await;
    assert_eq!(back_office.api.queued_emails(MARIE), [("DEMANDE".to_owned(), lien)], "no second alert");
}

#[tokio::test]
async fn a_request_s_page_shows_both_sides_of_the_conversation_with_attachments_and_what_was_read() {
    let back_office = signed_in().await;
    let api = &back_office.api;
    let demande = back_office.demande(MARIE, "OPT").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    back_office.act(&format!("{request}/reponse"), &[("texte", "Envoyez la facture.")]).await;
    let document = api.upload_one(MARIE, "facture <b>.png", png()).await;
    let reply = json!({"texte": "La voici <i>ici</i>.", "idDocuments": [document]});
    let response =
        api.send(reqwest::Method::POST, MARIE, &format!("demande/{demande}/messages"), reply).await;
    assert_eq!(response.status(), 201);

    let page = back_office.page(&request).await;
    assert_eq!(
        select(&page, ".liste li.element p.titre")
            .iter()
            .take(2)
            .map(|t| t.split(',').next().unwrap().to_owned())
            .collect::<Vec<_>>(),
        ["La mutuelle", "L’adhérent"]
    );
    assert!(select(&page, ".liste p.detail").contains(&"Pas encore lu par l’adhérent".to_owned()));
    assert!(page.contains("La voici &lt;i&gt;ici&lt;/i&gt;."), "escaped");
    let lien = format!("{MOUNT}{request}/documents/{document}");
    assert_eq!(attribute(&page, "ul.pieces a", "href"), std::slice::from_ref(&lien));
    assert_eq!(select(&page, "ul.pieces a"), ["facture <b>.png"]);
    let fichier = back_office.browser.get(format!("{}{lien}", api.app.address)).send().await.unwrap();
    assert_eq!(fichier.status(), StatusCode::OK);
    assert_eq!(fichier.bytes().await.unwrap(), png());
    let ailleurs =
        back_office.get(&format!("/adherents/{JEAN}/demandes/{demande}/documents/{document}")).await;
    assert_eq!(
        assert_refused(ailleurs, 404).await,
        "Ce document n’existe pas, ou n’est pas joint à cette demande."
    );

    let lus = api
        .call(
            reqwest::Method::POST,
            &format!("demande/{demande}/messages/lus"),
            Some(&api.token(MARIE)),
            None,
        )
        .await;
    assert_eq!(lus.status(), 204);
    let page = back_office.page(&request).await;
    assert!(select(&page, ".liste p.detail").contains(&"Lu par l’adhérent".to_owned()));
}

#[tokio::test]
async fn answering_a_complaint_records_whether_it_is_upheld_once() {
    let back_office = signed_in().await;
    let messages_before = back_office.count("messages_demande");
    let complaint =
        json!({"motif": "SERVICE", "objet": "Délai de réponse", "commentaire": "Aucune nouvelle."});
    let created =
        back_office.api.send(reqwest::Method::POST, MARIE, "document/creationReclamation", complaint).await;
    assert_eq!(created.status(), 201);
    let demande = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let page = back_office.page(&request).await;
    assert_eq!(select(&page, "fieldset legend"), ["Issue de la réclamation"]);

    let without =
        back_office.act(&format!("{request}/reponse"), &[("texte", "Nous revenons vers vous.")]).await;
    let message = assert_refused(without, 400).await;
    assert_eq!(message, "Indiquez l’issue de la réclamation : fondée ou non fondée.");

    let answer = [
        ("texte", "Votre réclamation est fondée : nous vous présentons nos excuses."),
        ("issue", "ACCEPTEE"),
    ];
    assert_redirected(
        &back_office.act(&format!("{request}/reponse"), &answer).await,
        &format!("{MOUNT}{request}?fait=reponse"),
    );
    let seen = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(seen["reclamation"]["issue"], "ACCEPTEE");
    assert_eq!(seen["reclamation"]["reponduLe"], paris_today().to_string());
    assert_eq!(seen["Etat"], "TERMINE", "answered, the complaint is finished");

    let change = back_office
        .act(&format!("{request}/reponse"), &[("texte", "Finalement non."), ("issue", "REFUSEE")])
        .await;
    let message = assert_refused(change, 409).await;
    assert!(message.starts_with("Cette réclamation a déjà reçu sa réponse le "), "{message}");
    let more = back_office.act(&format!("{request}/reponse"), &[("texte", "Le remboursement suit.")]).await;
    assert_redirected(&more, &format!("{MOUNT}{request}?fait=reponse"));
    assert_eq!(
        back_office.api.get_json(MARIE, &format!("demande/{demande}")).await["reclamation"]["issue"],
        "ACCEPTEE"
    );
    assert_eq!(back_office.count("messages_demande"), messages_before + 2);
    assert_eq!(back_office.evenements().len(), 2);
}

#[tokio::test]
async fn issuing_a_document_attaches_the_pdf_to_the_request_with_its_event() {
    let back_office = signed_in().await;
    let demande = back_office.demande(MARIE, "MED").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let jeton = back_office.jeton().await;
    let response = back_office
        .upload(&format!("{request}/document"), Some(&jeton), Some(("Courrier.html", pdf())))
        .await;
    assert_redirected(&response, &format!("{MOUNT}{request}?fait=document"));

    let seen = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    let document =
        seen["documents"].as_array().unwrap().iter().find(|d| d["nature"] == "DOCUMENT_MUTUELLE").unwrap();
    assert_eq!(document["nomFichier"], "Courrier.pdf");
    let id = document["id"].as_i64().unwrap();
    let download = back_office.api.get(MARIE, &format!("document/pdf/{id}")).await;
    assert_eq!(download.bytes().await.unwrap().as_ref(), pdf().as_slice());
    assert_eq!(
        back_office.evenements(),
        [Evenement {
            numero: MARIE.into(),
            kind: "DOCUMENT".into(),
            paiement: None,
            demande: Some(demande),
            document: Some(id),
            etat: None
        }]
    );
}

#[tokio::test]
async fn every_refusal_says_what_to_correct_with_its_status_and_writes_nothing() {
    let back_office = spawn_back_office_with(|settings| settings.max_upload_bytes = 64 * 1024).await;
    back_office.sign_in().await;
    let thomas = back_office.beneficiaire(MARIE, "Thomas").to_string();
    let jeans = back_office.beneficiaire(JEAN, "Jean").to_string();
    let yesterday = (paris_today() - chrono::Duration::days(1)).to_string();
    let tomorrow = (paris_today() + chrono::Duration::days(1)).to_string();
    let payments_before = back_office.count("paiements");
    let messages_before = back_office.count("messages_demande");
    let payment = |changes: &[(&'static str, &str)]| {
        let mut form: Formulaire = [
            ("beneficiaire", thomas.as_str()),
            ("date_soins", yesterday.as_str()),
            ("acte", "G"),
            ("professionnel", "Dr Martin"),
            ("montant", "30"),
        ]
        .iter()
        .map(|(name, value)| (*name, (*value).to_owned()))
        .collect();
        for (name, value) in changes {
            form.iter_mut().find(|(field, _)| field == name).unwrap().1 = (*value).to_owned();
        }
        form
    };
    let cases: Vec<(Formulaire, u16, &str)> = vec![
        (
            payment(&[("beneficiaire", &jeans)]),
            422,
            "Ce bénéficiaire ne figure pas au dossier de l’adhérent.",
        ),
        (payment(&[("beneficiaire", "")]), 400, "Choisissez le bénéficiaire des soins."),
        (payment(&[("professionnel", "  ")]), 400, "Le professionnel de santé est obligatoire."),
        (
            payment(&[("montant", "trente")]),
            400,
            "Le montant dépensé doit être un montant en euros, par exemple 25 ou 25,50.",
        ),
        (
            payment(&[("montant", "0")]),
            400,
            "Le montant dépensé doit être compris entre 0,01 € et 100 000 €.",
        ),
        (
            payment(&[("montant", "100000,01")]),
            400,
            "Le montant dépensé doit être compris entre 0,01 € et 100 000 €.",
        ),
        (payment(&[("montant", "")]), 400, "Indiquez le montant dépensé."),
        (
            payment(&[("date_soins", &tomorrow)]),
            422,
            "La date des soins ne peut pas être postérieure à aujourd’hui.",
        ),
        (
            payment(&[("date_soins", "2026-13-01")]),
            400,
            "La date des soins doit être une date au format AAAA-MM-JJ.",
        ),
        (payment(&[("acte", "XYZ")]), 400, "Choisissez l’acte de la liste."),
    ];
    for (form, status, expected) in cases {
        let jeton = back_office.jeton().await;
        let mut fields: Vec<(&str, &str)> =
            form.iter().map(|(name, value)| (*name, value.as_str())).collect();
        fields.push(("jeton", &jeton));
        let response = back_office.post(&format!("/adherents/{MARIE}/remboursements"), &fields).await;
        assert_eq!(response.status().as_u16(), status, "{form:?}");
        let page = response.text().await.unwrap();
        assert_eq!(select(&page, "#erreur-remboursement"), [expected], "{form:?}");
        // The form is shown again with what was typed.
        assert_eq!(
            attribute(&page, "#montant", "value"),
            [form.iter().find(|(n, _)| *n == "montant").unwrap().1.clone()]
        );
    }
    let unknown = back_office.act("/adherents/999999/remboursements", &[("montant", "30")]).await;
    assert_eq!(assert_refused(unknown, 404).await, "Cet adhérent n’existe pas.");
    assert_eq!(
        assert_refused(back_office.get("/adherents/999999").await, 404).await,
        "Cet adhérent n’existe pas."
    );

    let marie_s = back_office.demande(MARIE, "DEV").await;
    let jean_s = back_office.demande(JEAN, "RAD").await;
    let not_hers = "Cette demande n’existe pas, ou n’est pas une demande de cet adhérent.";
    for path in [format!("/adherents/{MARIE}/demandes/{jean_s}"), format!("/adherents/{MARIE}/demandes/x")] {
        assert_eq!(assert_refused(back_office.get(&path).await, 404).await, not_hers);
        let action = back_office.act(&format!("{path}/etat"), &[("etat", "EN_COURS")]).await;
        assert_eq!(assert_refused(action, 404).await, not_hers);
    }
    let request = format!("/adherents/{MARIE}/demandes/{marie_s}");
    let cases = [
        ("etat", vec![("etat", "FINI")], 400, "#erreur-etat", "Choisissez le nouvel état dans la liste."),
        ("reponse", vec![("texte", " \r\n ")], 400, "#erreur-reponse", "Écrivez la réponse de la mutuelle."),
        (
            "reponse",
            vec![("texte", "Bonjour."), ("issue", "ACCEPTEE")],
            400,
            "#erreur-reponse",
            "Cette demande n’a pas d’issue à indiquer : envoyez la réponse seule.",
        ),
    ];
    for (action, fields, status, error, expected) in cases {
        let response = back_office.act(&format!("{request}/{action}"), &fields).await;
        assert_eq!(response.status().as_u16(), status, "{fields:?}");
        assert_eq!(select(&response.text().await.unwrap(), error), [expected]);
    }
    let long = "é".repeat(2001);
    let response = back_office.act(&format!("{request}/reponse"), &[("texte", &long)]).await;
    assert_eq!(response.status(), 400);
    let page = response.text().await.unwrap();
    assert_eq!(
        select(&page, "#erreur-reponse"),
        ["La réponse ne doit pas dépasser 2\u{202f}000 caractères."]
    );
    assert_eq!(select(&page, "#texte"), [long], "the answer is kept to correct it");

    let document = format!("{request}/document");
    let mut big = pdf();
    big.resize(200 * 1024, b' ');
    let uploads = [
        (
            Some(("photo.pdf", png())),
            415,
            "Le fichier « photo.pdf » n’est pas un PDF : seul ce format peut être émis.",
        ),
        (Some(("vide.pdf", Vec::new())), 422, "Le fichier « vide.pdf » est vide."),
        (Some(("gros.pdf", big)), 413, "Le document dépasse la taille maximale autorisée (64 Ko)."),
        (None, 400, "Choisissez le document PDF à émettre."),
    ];
    for (file, status, expected) in uploads {
        let jeton = back_office.jeton().await;
        let response = back_office.upload(&document, Some(&jeton), file).await;
        assert_eq!(response.status().as_u16(), status, "{expected}");
        assert_eq!(select(&response.text().await.unwrap(), "#erreur-document"), [expected]);
    }

    assert_eq!(back_office.evenements(), []);
    assert_eq!(back_office.count("paiements"), payments_before);
    assert_eq!(back_office.count("messages_demande"), messages_before);
    assert_eq!(back_office.count("documents WHERE nature = 'DOCUMENT_MUTUELLE'"), 0);
}

/// What a screen reader needs of every page: its language, one title, a label per field.
#[tokio::test]
async fn every_page_has_one_title_and_a_label_for_each_field() {
    let back_office = spawn_back_office().await;
    let sign_in = back_office.page("/connexion").await;
    back_office.sign_in().await;
    let complaint = back_office.demande(MARIE, "REC").await;
    let pages = [
        sign_in,
        back_office.page("").await,
        back_office.page(&format!("/adherents/{MARIE}")).await,
        back_office.page(&format!("/adherents/{MARIE}/demandes/{complaint}")).await,
    ];
    for page in pages {
        assert_eq!(attribute(&page, "html", "lang"), ["fr"]);
        assert_eq!(select(&page, "h1").len(), 1);
        let labelled = attribute(&page, "label", "for");
        for id in attribute(&page, "input:not([type=hidden]), select, textarea", "id") {
            assert!(labelled.contains(&id), "{id} has no label");
        }
        assert_eq!(
            attribute(&page, "input:not([type=hidden]), select, textarea", "name").len(),
            attribute(&page, "input:not([type=hidden]), select, textarea", "id").len(),
            "every field has an id"
        );
    }
}

#[tokio::test]
async fn recording_the_securite_sociale_s_answer_sets_the_link_state() {
    let back_office = signed_in().await;
    let thomas = back_office.beneficiaire(MARIE, "Thomas");
    let statut = || async {
        let beneficiaires = back_office.api.get_json(MARIE, "assure/beneficiaires").await;
        let thomas = beneficiaires.as_array().unwrap().iter().find(|b| b["prenom"] == "Thomas").unwrap();
        thomas["statutNoemie"].as_str().unwrap().to_owned()
    };
    assert_eq!(statut().await, "REFUSE");
    let page = back_office.page(&format!("/adherents/{MARIE}")).await;
    assert!(
        select(&page, ".liste .detail").iter().any(|detail| detail.contains("NOEMIE : raccordement refusé"))
    );
    let path = format!("/adherents/{MARIE}/beneficiaires/{thomas}/noemie");
    let response = back_office.act(&path, &[("statut", "RACCORDE")]).await;
    assert_redirected(&response, &format!("{MOUNT}/adherents/{MARIE}?fait=noemie"));
    let page = back_office.page(&format!("/adherents/{MARIE}?fait=noemie")).await;
    assert_eq!(select(&page, "[role=status]"), ["La réponse de la Sécurité sociale est enregistrée."]);
    assert_eq!(statut().await, "RACCORDE");
    assert_redirected(
        &back_office.act(&path, &[("statut", "REFUSE")]).await,
        &format!("{MOUNT}/adherents/{MARIE}?fait=noemie"),
    );
    assert_eq!(statut().await, "REFUSE");
}

#[tokio::test]
async fn an_answer_on_a_link_is_refused_in_french_for_a_wrong_state_or_person() {
    let back_office = signed_in().await;
    let thomas = back_office.beneficiaire(MARIE, "Thomas");
    let jean = back_office.beneficiaire(JEAN, "Jean");
    let cases = [
        (format!("/adherents/{MARIE}/beneficiaires/{thomas}/noemie"), "REFUSE", 409, "déjà à l’état"),
        (
            format!("/adherents/{MARIE}/beneficiaires/{thomas}/noemie"),
            "EN_COURS_DE_RACCORDEMENT",
            400,
            "Choisissez la réponse",
        ),
        (format!("/adherents/{MARIE}/beneficiaires/{jean}/noemie"), "RACCORDE", 404, "n’existe pas"),
        (format!("/adherents/{MARIE}/beneficiaires/abc/noemie"), "RACCORDE", 404, "n’existe pas"),
        (format!("/adherents/999999/beneficiaires/{thomas}/noemie"), "RACCORDE", 404, "n’existe pas"),
    ];
    for (path, statut, status, message) in cases {
        let body = assert_refused(back_office.act(&path, &[("statut", statut)]).await, status).await;
        assert!(body.contains(message), "{path} {statut}: {body}");
    }
    let kept: String = back_office
        .db()
        .query_row("SELECT statut_noemie FROM beneficiaires WHERE id = ?1", [thomas], |row| row.get(0))
        .unwrap();
    assert_eq!(kept, "REFUSE");
}

/// Thomas, Marie's spouse, asks that his care stay confidential: Marie reads his payments'
/// amounts and « Soins confidentiels », her own and the children's as before; Emma, 14, may not
/// ask; shown again once he no longer wishes it.
#[tokio::test]
async fn an_adult_beneficiarys_care_is_kept_from_the_holder_once_recorded() {
    let back_office = signed_in().await;
    let thomas = back_office.beneficiaire(MARIE, "Thomas");
    let emma = back_office.beneficiaire(MARIE, "Emma");
    let lignes_de = |prenom: &'static str| {
        let api = &back_office.api;
        async move {
            let paiements = api.get_json(MARIE, "assure/prestations").await;
            paiements
                .as_array()
                .unwrap()
                .iter()
                .filter(|paiement| paiement["beneficiaryFirstName"] == prenom)
                .flat_map(|paiement| paiement["detailRemboursement"].as_array().unwrap().clone())
                .collect::<Vec<Value>>()
        }
    };
    let avant = lignes_de("Thomas").await;
    assert!(!avant.is_empty());
    let path = format!("/adherents/{MARIE}/beneficiaires/{thomas}/confidentialite");
    let response = back_office.act(&path, &[("confidentiels", "oui")]).await;
    assert_redirected(&response, &format!("{MOUNT}/adherents/{MARIE}?fait=confidentialite"));
    let page = back_office.page(&format!("/adherents/{MARIE}?fait=confidentialite")).await;
    assert_eq!(select(&page, "[role=status]"), ["Le choix de confidentialité des soins est enregistré."]);

    let masquees = lignes_de("Thomas").await;
    assert_eq!(masquees.len(), avant.len());
    for (avant, masquee) in avant.iter().zip(&masquees) {
        assert_eq!(masquee["labelExternalCode"], "Soins confidentiels");
        assert_eq!(masquee["codeActe"], "CONF");
        assert_eq!(masquee["professionnelSante"], "");
        assert_eq!(masquee["refundableAmount"], avant["refundableAmount"], "the amount paid stays");
    }
    assert!(lignes_de("Marie").await.iter().all(|ligne| ligne["labelExternalCode"] != "Soins confidentiels"));
    let claims = back_office.api.get_json(MARIE, "assure/prestationsClaims").await;
    assert!(claims.as_array().unwrap().iter().any(|claim| claim["libelleActe"] == "Soins confidentiels"));
    // What is left of his allowances would tell his care: no ceilings, no estimate for him.
    let plafonds = back_office.api.get_json(MARIE, "assure/plafonds").await;
    assert!(plafonds.as_array().unwrap().iter().all(|personne| personne["idBeneficiaire"] != thomas));
    let estimation = json!({"idBeneficiaire": thomas, "soin": "DENTAIRE_COURONNE", "centPourCentSante": true, "prix": 500});
    let refus = crate::api::assert_refused(
        back_office.api.send(reqwest::Method::POST, MARIE, "assure/estimation", estimation).await,
        422,
    )
    .await;
    assert!(refus.starts_with("Thomas DUPONT a demandé que ses soins restent confidentiels"), "{refus}");

    let refus = assert_refused(
        back_office
            .act(
                &format!("/adherents/{MARIE}/beneficiaires/{emma}/confidentialite"),
                &[("confidentiels", "oui")],
            )
            .await,
        422,
    )
    .await;
    assert!(refus.contains("au moins 18 ans"), "{refus}");

    back_office.act(&path, &[("confidentiels", "non")]).await;
    assert_eq!(lignes_de("Thomas").await, avant);
}

#[tokio::test]
async fn a_payment_lowers_what_is_left_of_its_allowance() {
    let back_office = signed_in().await;
    let marie = back_office.beneficiaire(MARIE, "Marie").to_string();
    let lunettes = |plafonds: &Value| {
        let marie = plafonds.as_array().unwrap().iter().find(|b| b["prenom"] == "Marie").unwrap().clone();
        let garanties = marie["garanties"].as_array().unwrap().clone();
        garanties
            .into_iter()
            .find(|g| g["libelle"] == "Monture et verres hors 100 % Santé (classe B)")
            .unwrap()
    };
    let before = lunettes(&back_office.api.get_json(MARIE, "assure/plafonds").await);
    assert_eq!(
        (before["plafond"]["dejaUtilise"].as_f64(), before["plafond"]["disponible"].as_f64()),
        (Some(0.0), Some(250.0))
    );
    assert!(before["renouvellement"]["possibleLe"].is_null());
    let today = paris_today();
    let response = back_office
        .act(
            &format!("/adherents/{MARIE}/remboursements"),
            &[
                ("beneficiaire", &marie),
                ("date_soins", &today.to_string()),
                ("acte", "OPTI"),
                ("professionnel", "Optique Parmentier"),
                ("montant", "300"),
            ],
        )
        .await;
    assert_redirected(&response, &format!("{MOUNT}/adherents/{MARIE}?fait=remboursement"));
    let prestations = back_office.api.get_json(MARIE, "assure/prestations").await;
    let paid = prestations[0]["montantRembourse"].as_f64().unwrap();
    assert!(paid > 0.0, "{prestations}");
    let after = lunettes(&back_office.api.get_json(MARIE, "assure/plafonds").await);
    let used = after["plafond"]["dejaUtilise"].as_f64().unwrap();
    assert!((used - paid).abs() < 0.005, "{after} after paying {paid}");
    assert!((after["plafond"]["disponible"].as_f64().unwrap() - (250.0 - paid).max(0.0)).abs() < 0.005);
    let in_two_years = today.checked_add_months(chrono::Months::new(24)).unwrap();
    assert_eq!(after["renouvellement"]["dernierEquipement"], today.to_string());
    assert_eq!(after["renouvellement"]["possibleLe"], in_two_years.to_string());
}

/// A newborn Marie declares through the member API: the request's id.
async fn naissance_declaree(back_office: &BackOffice, prenom: &str) -> i64 {
    let acte = back_office.api.upload_one(MARIE, "acte-de-naissance.pdf", pdf()).await;
    let naissance = paris_today() - chrono::Days::new(20);
    let body = ajout("NOUVEAU_NE", prenom, naissance, json!(null), &[acte]);
    let response =
        back_office.api.send(reqwest::Method::POST, MARIE, "document/ajoutBeneficiaire", body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn accepting_an_addition_covers_the_person_not_yet_linked_and_tells_the_member() {
    let back_office = signed_in().await;
    let demande = naissance_declaree(&back_office, "Léo").await;
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let page = back_office.page(&request).await;
    assert!(select(&page, "h2").contains(&"Décider de l’ajout".to_owned()));
    let naissance = (paris_today() - chrono::Days::new(20)).to_string();
    assert_eq!(
        attribute(&page, "#date_effet", "value"),
        std::slice::from_ref(&naissance),
        "the start date foreseen"
    );

    let response = back_office
        .act(&format!("{request}/decision"), &[("decision", "ACCEPTER"), ("date_effet", &naissance)])
        .await;
    assert_redirected(&response, &format!("{MOUNT}{request}?fait=decision"));

    let beneficiaires = back_office.api.get_json(MARIE, "assure/beneficiaires").await;
    let leo = beneficiaires.as_array().unwrap().iter().find(|b| b["prenom"] == "Léo").unwrap().clone();
    let marie = beneficiaires[0].clone();
    assert_eq!(
        (&leo["lien"], &leo["statutNoemie"], &leo["numeroSecuriteSociale"], &leo["rangNaissance"]),
        (&json!("ENFANT"), &json!("NON_RACCORDE"), &marie["numeroSecuriteSociale"], &json!(1))
    );
    let lue = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(lue["Etat"], "TERMINE");
    assert_eq!(
        lue["ajoutBeneficiaire"]["decision"],
        json!({"accepte": true, "dateEffet": naissance, "motif": null})
    );
    let date = chrono::NaiveDate::parse_from_str(&naissance, "%Y-%m-%d").unwrap().format("%d/%m/%Y");
    assert_eq!(
        lue["messages"][0]["texte"],
        format!("Votre demande est acceptée : Léo DUPONT est couvert par votre contrat à partir du {date}.")
    );
    let contrats = back_office.api.get_json(MARIE, "assure/contrats").await;
    assert!(
        contrats[0]["beneficiaires"].as_array().unwrap().iter().any(|b| b["prenom"] == "Léo"),
        "on the contract"
    );
    assert_eq!(
        back_office
            .evenements()
            .iter()
            .map(|e| (e.kind.as_str(), e.demande, e.etat.as_deref()))
            .collect::<Vec<_>>(),
        [("STATUT_DEMANDE", Some(demande), Some("TERMINE"))]
    );
    let page = back_office.page(&format!("{request}?fait=decision")).await;
    assert!(!select(&page, "h2").contains(&"Décider de l’ajout".to_owned()), "decided once");
    let again =
        back_office.act(&format!("{request}/decision"), &[("decision", "REFUSER"), ("motif", "Non.")]).await;
    assert_eq!(assert_refused(again, 409).await, "Cette demande a déjà reçu sa décision.");
}

#[tokio::test]
async fn refusing_an_addition_needs_a_reason_which_the_member_reads() {
    let back_office = signed_in().await;
    let demande = naissance_declaree(&back_office, "Jade").await;
    let decision = format!("/adherents/{MARIE}/demandes/{demande}/decision");
    for (fields, status, message) in [
        (
            vec![("decision", "REFUSER"), ("motif", " ")],
            400,
            "Indiquez le motif du refus : l’adhérent le lira.",
        ),
        (vec![("decision", "")], 400, "Choisissez d’accepter ou de refuser l’ajout."),
        (vec![("decision", "ACCEPTER"), ("date_effet", "")], 400, "Indiquez la date d’effet de l’ajout."),
        (
            vec![("decision", "ACCEPTER"), ("date_effet", "1999-01-01")],
            422,
            "La date d’effet ne peut pas être antérieure à la naissance.",
        ),
    ] {
        assert_eq!(assert_refused(back_office.act(&decision, &fields).await, status).await, message);
    }
    let other = back_office.demande(MARIE, "OPT").await;
    let not_abe = back_office
        .act(
            &format!("/adherents/{MARIE}/demandes/{other}/decision"),
            &[("decision", "REFUSER"), ("motif", "Non.")],
        )
        .await;
    assert_eq!(
        assert_refused(not_abe, 404).await,
        "Cette demande n’est pas un ajout de bénéficiaire : il n’y a rien à décider."
    );

    let motif = "L’acte de naissance joint est illisible : envoyez-le à nouveau.";
    let response = back_office.act(&decision, &[("decision", "REFUSER"), ("motif", motif)]).await;
    assert_redirected(&response, &format!("{MOUNT}/adherents/{MARIE}/demandes/{demande}?fait=decision"));
    let lue = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(
        lue["ajoutBeneficiaire"]["decision"],
        json!({"accepte": false, "dateEffet": null, "motif": motif})
    );
    assert_eq!(
        lue["messages"][0]["texte"],
        format!("Votre demande d’ajout de Jade DUPONT n’est pas acceptée : {motif}")
    );
    let beneficiaires = back_office.api.get_json(MARIE, "assure/beneficiaires").await;
    assert!(beneficiaires.as_array().unwrap().iter().all(|b| b["prenom"] != "Jade"), "nobody added");
    assert_eq!(back_office.evenements().len(), 1);
}

/// A stay without its exit date is studied; the mutual agrees it with the exit date, by the
/// rules of a decision taken at once: the agreement is numbered, printed, kept with the request
/// and queued for the establishment, and the member reads it in the conversation.
#[tokio::test]
async fn a_studied_hospital_stay_is_agreed_with_its_exit_date_and_its_agreement_is_sent() {
    let back_office = signed_in().await;
    let marie = back_office.api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    let mut body = crate::api_writes::hospitalisation(&marie, crate::api_writes::DIJON_SIREN);
    body["postCreationDocumentHospitalisationDto"]["dateSortie"] = Value::Null;
    let created =
        back_office.api.send(reqwest::Method::POST, MARIE, "document/creationHospitalisation", body).await;
    let demande = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let request = format!("/adherents/{MARIE}/demandes/{demande}");
    let page = back_office.page(&request).await;
    assert!(select(&page, "h2").contains(&"Décider de la prise en charge".to_owned()));

    let missing = back_office.act(&format!("{request}/decision"), &[("decision", "ACCEPTER")]).await;
    assert_eq!(assert_refused(missing, 400).await, "Indiquez la date de sortie : l’accord la mentionne.");
    let sortie = crate::api_writes::dans(32);
    let response = back_office
        .act(&format!("{request}/decision"), &[("decision", "ACCEPTER"), ("date_sortie", &sortie)])
        .await;
    assert_redirected(&response, &format!("{MOUNT}{request}?fait=decision"));

    let lue = back_office.api.get_json(MARIE, &format!("demande/{demande}")).await;
    assert_eq!(lue["Etat"], "TERMINE");
    let decision = &lue["hospitalisation"]["decision"];
    assert_eq!(decision["statut"], "ACCORDEE");
    assert_eq!(lue["hospitalisation"]["dateSortie"], sortie);
    let numero = decision["numeroAccord"].as_str().unwrap();
    assert!(lue["messages"][0]["texte"].as_str().unwrap().contains(numero));
    assert!(
        lue["documents"]
            .as_array()
            .unwrap()
            .iter()
            .any(|document| document["id"] == decision["documentAccord"])
    );
    let queued: i64 = back_office
        .db()
        .query_row("SELECT count(*) FROM courriels WHERE nature = 'ACCORD_PRISE_EN_CHARGE' AND document_id IS NOT NULL", [], |row| row.get(0))
        .unwrap();
    assert_eq!(queued, 1);
    let again =
        back_office.act(&format!("{request}/decision"), &[("decision", "REFUSER"), ("motif", "Non.")]).await;
    assert_eq!(assert_refused(again, 409).await, "Cette demande a déjà reçu sa décision.");
}

#[tokio::test]
async fn the_back_office_shows_the_answer_the_member_received_to_a_quote() {
    let back_office = signed_in().await;
    let marie = back_office.api.get_json(MARIE, "assure/beneficiaires").await[0]["id"].clone();
    let quote = back_office.api.upload_one(MARIE, "devis.pdf", pdf()).await;
    let body = json!({
        "idBeneficiaire": marie,
        "lignes": [{ "soin": "DENTAIRE_COURONNE", "centPourCentSante": false, "prix": 650, "code": "HBLD036" }],
        "idDocuments": [quote]
    });
    let created = back_office.api.send(reqwest::Method::POST, MARIE, "document/creationDevis", body).await;
    let demande = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let page = back_office.page(&format!("/adherents/{MARIE}/demandes/{demande}")).await;
    assert!(select(&page, "h2").contains(&"Réponse au devis".to_owned()));
    assert!(page.contains("Couronne dentaire (HBLD036)"), "{page}");
}

/// The mutual records a guardianship from its judgement: the guardian's rights are the
/// decision's, the judgement is kept, and only the back office ends it.
#[tokio::test]
async fn a_guardianship_is_recorded_with_its_judgement_and_ended_by_the_mutual() {
    let back_office = signed_in().await;
    let jeton = back_office.jeton().await;
    let debut = chrono::Utc::now().date_naive().to_string();
    let fin = (chrono::Utc::now().date_naive() + chrono::Duration::days(365 * 5)).to_string();
    let mesure = |fichier: Option<Vec<u8>>| {
        let mut form = reqwest::multipart::Form::new()
            .text("jeton", jeton.clone())
            .text("nature", "TUTELLE")
            .text("courriel", "Helene.Roux@example.org")
            .text("droits", "REMBOURSEMENTS")
            .text("droits", "GESTION")
            .text("debut", debut.clone())
            .text("fin", fin.clone());
        if let Some(bytes) = fichier {
            let part =
                reqwest::multipart::Part::bytes(bytes).file_name("jugement.pdf").mime_str("application/pdf");
            form = form.part("fichier", part.unwrap());
        }
        back_office.browser.post(back_office.url(&format!("/adherents/{JEAN}/delegations"))).multipart(form)
    };
    let sans_jugement = mesure(None).send().await.unwrap();
    assert_eq!(sans_jugement.status(), StatusCode::BAD_REQUEST);
    assert!(sans_jugement.text().await.unwrap().contains("Joignez le jugement, en PDF."));
    let pas_un_pdf = mesure(Some(png())).send().await.unwrap();
    assert_eq!(pas_un_pdf.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let response = mesure(Some(pdf())).send().await.unwrap();
    assert_redirected(&response, &format!("{MOUNT}/adherents/{JEAN}?fait=mesure"));
    let page = back_office.page(&format!("/adherents/{JEAN}?fait=mesure")).await;
    assert!(page.contains("Tutelle · helene.roux@example.org"), "the address kept in lower case");
    let jugement = attribute(&page, "a[href$='/jugement']", "href");
    let telecharge = back_office.get(&jugement[0][MOUNT.len()..]).await;
    assert_eq!(telecharge.status(), 200);
    assert_eq!(telecharge.bytes().await.unwrap().to_vec(), pdf());

    let fin = attribute(&page, "form[action$='/fin']", "action");
    let fin_path = &fin[0][MOUNT.len()..];
    assert_redirected(
        &back_office.act(fin_path, &[]).await,
        &format!("{MOUNT}/adherents/{JEAN}?fait=fin-delegation"),
    );
    let nature: String = back_office
        .db()
        .query_row(
            "SELECT nature FROM courriels WHERE numero_personne = ?1 ORDER BY id DESC LIMIT 1",
            [JEAN],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(nature, "DELEGATION_TERMINEE", "the member is told");
}

/// A beneficiary of 16 or more gets a space of his own from the mutual, once.
#[tokio::test]
async fn an_own_space_is_opened_for_an_adult_beneficiary_and_refused_to_a_child_or_twice() {
    let back_office = signed_in().await;
    let page = back_office.page(&format!("/adherents/{MARIE}")).await;
    let formulaires = attribute(&page, "form[action$='/espace']", "action");
    let chemin = |prenom_rang: usize| formulaires[prenom_rang][MOUNT.len()..].to_owned();
    // Thomas, Emma, Lucas, in the file's order (the holder has no form).
    let (thomas, emma) = (chemin(0), chemin(1));
    let deux_fois = back_office.act(&thomas, &[("courriel", "thomas.dupont@example.org")]).await;
    assert_eq!(deux_fois.status(), StatusCode::CONFLICT);
    assert!(deux_fois.text().await.unwrap().contains("Thomas a déjà son propre espace."));
    let enfant = back_office.act(&emma, &[("courriel", "emma@example.org")]).await;
    assert_eq!(enfant.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        enfant
            .text()
            .await
            .unwrap()
            .contains("Seul un bénéficiaire d’au moins 16 ans peut avoir son propre espace.")
    );

    // The end of his space, in the list of who acts for Marie.
    let html = Html::parse_document(&page);
    let espace = html
        .select(&Selector::parse("#delegations ~ ul li").unwrap())
        .find(|element| element.text().collect::<String>().contains("Espace personnel"))
        .and_then(|element| element.select(&Selector::parse("form[action$='/fin']").unwrap()).next())
        .and_then(|form| form.value().attr("action"))
        .unwrap()
        .to_owned();
    back_office.act(&espace[MOUNT.len()..], &[]).await;
    let ouvert = back_office.act(&thomas, &[("courriel", "Thomas.Dupont@example.org")]).await;
    assert_redirected(&ouvert, &format!("{MOUNT}/adherents/{MARIE}?fait=espace-personnel"));
}
