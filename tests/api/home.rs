//! `GET /api/home`: the dashboard's data in one round trip, part by part.

use serde_json::json;
use wiremock::matchers::path;
use wiremock::{Mock, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, assert_json_error, header, spawn_app, spawn_app_with_idp};

/// A portal with a signed-in member; the provider and member API stand-ins live as long as
/// the returned values.
async fn signed_in() -> (FakeIdp, wiremock::MockServer, TestApp) {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    (idp, api, app)
}

#[tokio::test]
async fn home_gathers_payments_with_two_lines_requests_due_date_and_banner() {
    let (_idp, api, app) = signed_in().await;
    Mock::given(path("/api/assure/prestations-recentes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([
            { "paymentId": "P1", "paymentDate": "2026-11-02", "beneficiaryFirstName": "Marie", "beneficiaryLastName": "DUPONT" }])))
        .mount(&api)
        .await;
    let line = |label: &str| json!({ "labelExternalCode": label, "startDate": "2026-10-28", "expenseAmount": 30.0, "refundableAmount": 9.0, "dateSoins": "x" });
    Mock::given(path("/api/assure/prestation/P1"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(
                json!({ "data": [line("Consultation"), line("Pharmacie"), line("Analyses")] }),
            ),
        )
        .mount(&api)
        .await;
    Mock::given(path("/api/demandes/home"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(
                json!([{ "DateCreation": "2026-11-01", "TypeCode": "DEV", "Etat": "EN_COURS" }]),
            ),
        )
        .mount(&api)
        .await;
    Mock::given(path("/api/assure/echeance-prochaine"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "date": "2026-12-05", "montant": 84.2 })),
        )
        .mount(&api)
        .await;
    let nouveaute = json!({
        "type": "REMBOURSEMENT", "survenuLe": "2026-11-02T09:30:00+01:00", "paymentId": "P1",
        "paymentDate": "2026-11-02", "montantRembourse": 9.0, "demandeId": null, "TypeCode": null,
        "Etat": null, "nomFichier": null,
    });
    Mock::given(path("/api/assure/nouveautes"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "depuis": "2026-10-30T18:02:11+01:00", "evenements": [nouveaute] })),
        )
        .mount(&api)
        .await;
    Mock::given(path("/cms/bandeau-nouveautes"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!([{ "Libelle": "Nouveau", "Visible": true }])),
        )
        .mount(&api)
        .await;
    let personne = |id: i64, prenom: &str, statut: &str| {
        json!({ "id": id, "lien": "ENFANT", "prenom": prenom, "nom": "DUPONT", "dateNaissance": "2012-05-03",
                "numeroSecuriteSociale": "2 84 03 75 111 042 60", "rangNaissance": 1,
                "caisseAssuranceMaladie": "CPAM de Paris", "statutNoemie": statut })
    };
    Mock::given(path("/api/assure/beneficiaires"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([
            personne(1, "Marie", "RACCORDE"),
            personne(2, "Thomas", "REFUSE"),
            personne(3, "Emma", "NON_RACCORDE"),
            personne(4, "Lucas", "EN_COURS_DE_RACCORDEMENT"),
        ])))
        .mount(&api)
        .await;
    let response = app.get("/api/home", &[]).await;
    assert_eq!(response.status(), 200);
    let home: serde_json::Value = response.json().await.unwrap();
    let card = &home["remboursements"]["data"][0];
    assert_eq!(card["paymentId"], "P1");
    assert_eq!(card["beneficiaryLastName"], "DUPONT");
    let lines = card["detailRemboursement"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "at most 2 lines (docs/product/limits.md#home-dashboard)");
    assert_eq!(
        lines[0],
        json!({ "labelExternalCode": "Consultation", "startDate": "2026-10-28", "expenseAmount": 30.0, "refundableAmount": 9.0 })
    );
    assert_eq!(home["demandes"]["data"][0]["TypeCode"], "DEV");
    assert_eq!(home["echeanceProchaine"]["data"]["date"], "2026-12-05");
    assert_eq!(home["nouveautes"]["data"]["depuis"], "2026-10-30T18:02:11+01:00");
    assert_eq!(home["nouveautes"]["data"]["evenements"], json!([nouveaute]));
    assert_eq!(home["bandeau"]["data"]["Libelle"], "Nouveau");
    // The links not active, with what the notice needs.
    assert_eq!(
        home["raccordements"]["data"],
        json!([
            { "idBeneficiaire": 2, "lien": "ENFANT", "prenom": "Thomas", "nom": "DUPONT", "statutNoemie": "REFUSE" },
            { "idBeneficiaire": 3, "lien": "ENFANT", "prenom": "Emma", "nom": "DUPONT", "statutNoemie": "NON_RACCORDE" },
            { "idBeneficiaire": 4, "lien": "ENFANT", "prenom": "Lucas", "nom": "DUPONT", "statutNoemie": "EN_COURS_DE_RACCORDEMENT" },
        ])
    );
}

#[tokio::test]
async fn a_failing_part_carries_an_error_and_the_others_still_arrive() {
    let (_idp, api, app) = signed_in().await;
    Mock::given(path("/api/assure/prestations-recentes"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&api)
        .await;
    Mock::given(path("/api/demandes/home"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&api)
        .await;
    Mock::given(path("/api/assure/echeance-prochaine"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!(null)))
        .mount(&api)
        .await;
    Mock::given(path("/api/assure/nouveautes")).respond_with(ResponseTemplate::new(504)).mount(&api).await;
    Mock::given(path("/cms/bandeau-nouveautes")).respond_with(ResponseTemplate::new(503)).mount(&api).await;
    let home: serde_json::Value = app.get("/api/home", &[]).await.json().await.unwrap();
    assert_eq!(home["remboursements"]["error"]["status"], 502);
    assert_eq!(home["remboursements"]["error"]["code"], "bad_gateway");
    assert_eq!(home["demandes"]["data"], json!([]));
    assert_eq!(home["nouveautes"]["error"]["code"], "bad_gateway", "{home}");
    assert_eq!(
        home["nouveautes"]["error"]["message"],
        "Le service est momentanément indisponible. Veuillez réessayer plus tard."
    );
    assert_eq!(home["bandeau"]["error"]["status"], 502, "{home}");
    assert_eq!(home["raccordements"]["error"]["status"], 502, "{home}");
}

/// A complete sign-in as the member `sub`; returns the access token the member API will see.
async fn sign_in_as(app: &TestApp, idp: &FakeIdp, sub: &str) -> String {
    let authorize = app.start_login("/home").await;
    let nonce = crate::helpers::query(&authorize, "nonce");
    let tokens = idp.tokens_with(&nonce, 300, json!({ "sub": sub, "sid": format!("sid-{sub}") }));
    idp.token_answers(200, tokens.clone()).await;
    let state = crate::helpers::query(&authorize, "state");
    assert_eq!(app.callback(&format!("code=abc&state={state}")).await, "/home");
    tokens["access_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_payments_lines_are_fetched_once_per_member_and_never_shown_to_another() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let mut app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    Mock::given(path("/api/assure/prestations-recentes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([{ "paymentId": "P1" }])))
        .mount(&api)
        .await;
    let marie = sign_in_as(&app, &idp, "sub-marie").await;
    let lines_for = |token: &str, label: &str| {
        Mock::given(path("/api/assure/prestation/P1"))
            .and(wiremock::matchers::header("authorization", format!("Bearer {token}").as_str()))
            .respond_with(
                ResponseTemplate::new(200).set_body_json(json!({ "data": [{ "labelExternalCode": label }] })),
            )
    };
    lines_for(&marie, "Consultation").mount(&api).await;
    let label = |home: serde_json::Value| {
        home["remboursements"]["data"][0]["detailRemboursement"][0]["labelExternalCode"].clone()
    };
    for _ in 0..2 {
        assert_eq!(label(app.get("/api/home", &[]).await.json().await.unwrap()), "Consultation");
    }
    let detail_calls = || async {
        let calls = api.received_requests().await.unwrap();
        calls.iter().filter(|call| call.url.path() == "/api/assure/prestation/P1").count()
    };
    assert_eq!(detail_calls().await, 1, "the second home used the lines it had");

    // Another member, in another browser, whose list names a payment of the same identifier
    // gets their own lines.
    app.with_cookie_jar();
    let paul = sign_in_as(&app, &idp, "sub-paul").await;
    lines_for(&paul, "Pharmacie").mount(&api).await;
    assert_eq!(label(app.get("/api/home", &[]).await.json().await.unwrap()), "Pharmacie");
    assert_eq!(detail_calls().await, 2);
}

#[tokio::test]
async fn home_needs_a_session() {
    let app = spawn_app().await;
    assert_json_error(app.get("/api/home", &[]).await, 401, "unauthorized").await;
}

/// The `Link` header's entries, and each chunk named checked to be served.
async fn preloads(app: &TestApp, response: &reqwest::Response) -> Vec<String> {
    let links: Vec<String> = header(response.headers(), "link").split(", ").map(str::to_owned).collect();
    for link in &links {
        let target = link.trim_start_matches('<').split('>').next().unwrap();
        if target.starts_with("/assets/") {
            assert_eq!(app.get(target, &[]).await.status(), 200, "{target} is served");
        }
    }
    links
}

/// `<…/name-<hash>.extension>; rel`, with the hash left out.
fn chunk(name: &str, extension: &str, rel: &str) -> impl Fn(&String) -> bool {
    let prefix = format!("</assets/{name}-");
    let suffix = format!(".{extension}>; {rel}");
    move |link| link.starts_with(&prefix) && link.ends_with(&suffix)
}

#[tokio::test]
async fn home_page_of_a_signed_in_member_preloads_the_session_the_dashboard_data_and_the_member_space() {
    let (_idp, _api, app) = signed_in().await;
    let response = app.get_html("/home").await;
    assert_eq!(response.status(), 200);
    let links = preloads(&app, &response).await;
    let index = response.text().await.unwrap();
    let first = leading_first_scripts(&links, &index);
    assert_eq!(
        links[first..first + 2],
        [
            "</api/session>; rel=preload; as=fetch; crossorigin",
            "</api/home>; rel=preload; as=fetch; crossorigin"
        ]
    );
    assert!(links.iter().any(chunk("member-routes", "js", "rel=modulepreload")), "{links:?}");
    assert!(!links.iter().any(|link| link.contains("section-routes")), "fetched once on screen: {links:?}");
    // The app's styles are one file that index.html links itself: none to preload.
    assert!(!links.iter().any(|link| link.contains("as=style")), "{links:?}");
    assert!(index.contains(r#"<div id="root">"#));
    assert_eq!(index.matches(r#"<link rel="stylesheet""#).count(), 1, "{index}");
}

#[tokio::test]
async fn a_section_page_of_a_signed_in_member_preloads_the_session_and_the_routes_of_both_spaces() {
    let (_idp, _api, app) = signed_in().await;
    let response = app.get_html("/mutuelle/remboursements").await;
    assert_eq!(response.status(), 200);
    let links = preloads(&app, &response).await;
    let first = leading_first_scripts(&links, &response.text().await.unwrap());
    assert_eq!(links[first], "</api/session>; rel=preload; as=fetch; crossorigin");
    assert!(!links.iter().any(|link| link.contains("/api/home")), "{links:?}");
    for name in ["member-routes", "section-routes"] {
        assert!(links.iter().any(chunk(name, "js", "rel=modulepreload")), "{name}: {links:?}");
    }
}

/// The scripts a bundled script imports statically (`from"./x.js"`, `import"./x.js"`), not
/// those it loads later on demand (`import("./x.js")`).
fn static_imports(script: &str) -> Vec<String> {
    ["from\"./", "import\"./"]
        .iter()
        .flat_map(|keyword| script.match_indices(keyword).map(move |(at, _)| &script[at + keyword.len()..]))
        .filter_map(|rest| rest.split('"').next())
        .map(|file| format!("/assets/{file}"))
        .collect()
}

/// The scripts `index.html` loads or preloads itself (the first script and its imports).
fn first_scripts(index: &str) -> Vec<String> {
    ["src=\"", "href=\""]
        .iter()
        .flat_map(|attribute| {
            index.match_indices(attribute).map(move |(at, _)| &index[at + attribute.len()..])
        })
        .filter_map(|rest| rest.split('"').next())
        .filter(|path| path.starts_with("/assets/") && path.ends_with(".js"))
        .map(str::to_owned)
        .collect()
}

/// Checks that `links` begin with the first script's files (those `index.html` names, and the
/// scripts they import), so that over HTTP/1.1 the script every paint waits for is not queued
/// behind the answers; how many they are.
fn leading_first_scripts(links: &[String], index: &str) -> usize {
    let first = first_scripts(index);
    let named = |script: &String| format!("<{script}>; rel=modulepreload");
    let mut leading = links[..first.len()].to_vec();
    let mut expected: Vec<String> = first.iter().map(named).collect();
    leading.sort();
    expected.sort();
    assert_eq!(leading, expected, "the first script's files first: {links:?}");
    first.len()
}

#[tokio::test]
async fn every_script_that_a_preloaded_script_imports_is_preloaded_too() {
    let (_idp, _api, app) = signed_in().await;
    for page in ["/home", "/mutuelle/contrats-garanties"] {
        let response = app.get_html(page).await;
        let links = preloads(&app, &response).await;
        let index = response.text().await.unwrap();
        let preloaded: std::collections::HashSet<String> = links
            .iter()
            .filter(|link| link.ends_with("; rel=modulepreload"))
            .map(|link| link.trim_start_matches('<').split('>').next().unwrap().to_owned())
            .chain(first_scripts(&index))
            .collect();
        assert!(preloaded.iter().any(|script| script.contains("/member-routes-")), "{page}: {preloaded:?}");
        for script in &preloaded {
            let text = app.get(script, &[]).await.text().await.unwrap();
            for import in static_imports(&text) {
                // Otherwise the browser finds it only once the script has arrived: a round trip later.
                assert!(preloaded.contains(&import), "{page}: {script} imports {import}, not preloaded");
            }
        }
    }
}

#[tokio::test]
async fn pages_without_a_session_cookie_preload_nothing() {
    let app = spawn_app().await;
    for path in ["/home", "/mutuelle/remboursements"] {
        let response = app.get_html(path).await;
        assert_eq!(response.status(), 200);
        assert!(response.headers().get("link").is_none(), "{path}");
    }
}

#[tokio::test]
async fn public_pages_and_files_preload_nothing_even_for_a_signed_in_member() {
    let (_idp, _api, app) = signed_in().await;
    for path in ["/", "/home/accessibilite", "/fallback", "/error", "/favicon.svg"] {
        let response = app.get_html(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers().get("link").is_none(), "{path}");
    }
}

#[tokio::test]
async fn home_page_refuses_writes_like_every_client_route() {
    let app = spawn_app().await;
    let xsrf = [("X-XSRF-TOKEN", "t"), ("Cookie", "XSRF-TOKEN=t"), ("Accept", "text/html")];
    let response = app.request(reqwest::Method::POST, "/home", &xsrf).await;
    assert_json_error(response, 404, "not_found").await;
}

#[tokio::test]
async fn a_section_page_also_preloads_its_own_code_and_an_address_of_its_own_wins_over_a_parameter() {
    let (_idp, _api, app) = signed_in().await;
    let request = preloads(&app, &app.get_html("/mutuelle/demandes/42").await).await;
    assert!(request.iter().any(chunk("demande-page", "js", "rel=modulepreload")), "{request:?}");
    assert!(request.iter().any(chunk("section-routes", "js", "rel=modulepreload")), "{request:?}");
    let year = preloads(&app, &app.get_html("/mutuelle/remboursements/annee-sante").await).await;
    assert!(year.iter().any(chunk("annee-sante-page", "js", "rel=modulepreload")), "{year:?}");
    assert!(!year.iter().any(|link| link.contains("remboursements-du-jour-page")), "{year:?}");
    let unknown = preloads(&app, &app.get_html("/mutuelle/inconnue").await).await;
    assert!(!unknown.iter().any(|link| link.contains("-page-")), "no page of its own: {unknown:?}");
}

#[tokio::test]
async fn a_section_page_preloads_the_answers_it_asks_for_first_and_those_its_id_names() {
    let (_idp, _api, app) = signed_in().await;
    let data = |links: &[String]| -> Vec<String> {
        links.iter().filter(|link| link.contains("as=fetch")).cloned().collect()
    };
    let cgu = preloads(&app, &app.get_html("/home/cgu").await).await;
    assert_eq!(
        data(&cgu),
        [
            "</api/session>; rel=preload; as=fetch; crossorigin",
            "</api/strapi/menus>; rel=preload; as=fetch; crossorigin",
            "</api/demandes/nonLus>; rel=preload; as=fetch; crossorigin",
            "</api/strapi/mention-legale>; rel=preload; as=fetch; crossorigin",
            "</api/strapi/bloc-gauche/home_cgu>; rel=preload; as=fetch; crossorigin",
        ]
    );
    let guarantees = preloads(&app, &app.get_html("/mutuelle/contrats-garanties").await).await;
    assert!(guarantees.contains(&"</api/assure/contrats>; rel=preload; as=fetch; crossorigin".to_owned()));
    // A request's answer is named by its number, filled in from the address.
    let request = preloads(&app, &app.get_html("/mutuelle/demandes/1").await).await;
    assert_eq!(
        data(&request),
        [
            "</api/session>; rel=preload; as=fetch; crossorigin",
            "</api/strapi/menus>; rel=preload; as=fetch; crossorigin",
            "</api/demandes/nonLus>; rel=preload; as=fetch; crossorigin",
            "</api/strapi/bloc-gauche/mutuelle_demandes_1>; rel=preload; as=fetch; crossorigin",
            "</api/demande/1>; rel=preload; as=fetch; crossorigin",
        ]
    );
    let article = preloads(&app, &app.get_html("/home/article/3").await).await;
    assert!(article.contains(&"</api/strapi/menus/3>; rel=preload; as=fetch; crossorigin".to_owned()));
    // A number the SPA would not write so (a leading zero) is not guessed at.
    let padded = preloads(&app, &app.get_html("/mutuelle/demandes/01").await).await;
    assert!(!padded.iter().any(|link| link.contains("/api/demande/")), "{padded:?}");
}

#[tokio::test]
async fn every_signed_in_page_preloads_the_sidebar_s_menus_unread_count_and_the_left_block_of_its_address() {
    let (_idp, _api, app) = signed_in().await;
    let home = preloads(&app, &app.get_html("/home").await).await;
    for wanted in ["</api/strapi/menus>", "</api/demandes/nonLus>", "</api/strapi/bloc-gauche/home>"] {
        assert!(home.iter().any(|link| link.starts_with(wanted)), "{wanted}: {home:?}");
    }
    // The SPA's key rule (`bloc-gauche-key.ts`): trailing slash dropped, slashes made underscores.
    let payments = preloads(&app, &app.get_html("/mutuelle/remboursements/").await).await;
    assert!(
        payments.iter().any(|link| link.starts_with("</api/strapi/bloc-gauche/mutuelle_remboursements>"))
    );
    // An address that makes no key the content service answers preloads no left block.
    let unknown = preloads(&app, &app.get_html("/mutuelle/R%C3%A9gl%C3%A9e").await).await;
    assert!(!unknown.iter().any(|link| link.contains("bloc-gauche")), "{unknown:?}");
}
