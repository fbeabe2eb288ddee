//! Content through the cache, with the broker rule applied on the server.

use serde_json::json;
use wiremock::matchers::path;
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{METRICS_TOKEN, TestApp, assert_brotli_of, assert_json_error, spawn_app_with_idp};

const MENUS: &str = r#"[{"Id": 1, "Titre": "Le tiers payant", "courtierChesneau": false},
                        {"Id": 2, "Titre": "Espace Chesneau", "courtierChesneau": true}]"#;

async fn cms_with_menus() -> MockServer {
    let cms = MockServer::start().await;
    Mock::given(path("/cms/menus"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(MENUS, "application/json"))
        .mount(&cms)
        .await;
    Mock::given(path("/cms/menus/2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "Id": 2, "Titre": "Espace Chesneau", "courtierChesneau": true, "Contenu": "<p>Réservé</p>" })))
        .mount(&cms)
        .await;
    cms
}

/// An app whose content service is `cms`, signed in as a member of broker `courtier` (or
/// anonymous when `None`).
async fn app_for(
    cms: &MockServer,
    courtier: Option<&str>,
    customise: impl FnOnce(&mut espace_assure::config::Settings),
) -> TestApp {
    let cms_base = format!("{}/cms/", cms.uri());
    app_reading(&cms_base, courtier, move |s| {
        s.server.metrics_token = Some(METRICS_TOKEN.to_owned().into());
        customise(s);
    })
    .await
}

/// An app whose content service is at `cms_base`, signed in as a member of broker `courtier`
/// (or anonymous when `None`).
pub async fn app_reading(
    cms_base: &str,
    courtier: Option<&str>,
    customise: impl FnOnce(&mut espace_assure::config::Settings),
) -> TestApp {
    let idp = FakeIdp::start().await;
    let api = MockServer::start().await;
    Mock::given(path("/api/compte/auth"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "User": { "Nom": "DURAND", "courtier": courtier.unwrap_or_default() }, "VersionNum": "1", "smartCarteUrl": "" })))
        .mount(&api)
        .await;
    let cms_base = cms_base.to_owned();
    let app = spawn_app_with_idp(&idp, &api, move |s| {
        s.upstream.cms.base_url = Some(cms_base.parse().unwrap());
        customise(s);
    })
    .await;
    if courtier.is_some() {
        app.sign_in(&idp, 300).await;
    }
    app
}

async fn menu_titles(app: &TestApp) -> Vec<String> {
    let menus: serde_json::Value = app.get("/api/strapi/menus", &[]).await.json().await.unwrap();
    menus.as_array().unwrap().iter().map(|m| m["Titre"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn broker_entries_are_shown_only_to_the_brokerages_members() {
    let cms = cms_with_menus().await;
    let broker = app_for(&cms, Some("Cabinet Chesneau Assurances"), |_| {}).await;
    let other = app_for(&cms, Some("AUTRE COURTIER"), |_| {}).await;
    let anonymous = app_for(&cms, None, |_| {}).await;
    assert_eq!(menu_titles(&broker).await, ["Le tiers payant", "Espace Chesneau"]);
    assert_eq!(menu_titles(&other).await, ["Le tiers payant"]);
    assert_eq!(menu_titles(&anonymous).await, ["Le tiers payant"]);
    assert_eq!(broker.get("/api/strapi/menus/2", &[]).await.status(), 200);
    assert_json_error(other.get("/api/strapi/menus/2", &[]).await, 403, "forbidden").await;
    assert_json_error(anonymous.get("/api/strapi/menus/2", &[]).await, 403, "forbidden").await;
}

#[tokio::test]
async fn a_failing_menu_lookup_is_refused() {
    let cms = MockServer::start().await;
    Mock::given(path("/cms/menus/7")).respond_with(ResponseTemplate::new(500)).mount(&cms).await;
    let app = app_for(&cms, Some("CHESNEAU"), |_| {}).await;
    assert_json_error(app.get("/api/strapi/menus/7", &[]).await, 403, "forbidden").await;
}

#[tokio::test]
async fn answers_are_cached_and_concurrent_misses_make_one_upstream_call() {
    let cms = cms_with_menus().await;
    let app = app_for(&cms, None, |_| {}).await;
    let answers = futures_util::future::join_all((0..100).map(|_| app.get("/api/strapi/menus", &[]))).await;
    assert!(answers.iter().all(|answer| answer.status() == 200));
    app.get("/api/strapi/menus", &[]).await;
    let calls =
        cms.received_requests().await.unwrap().iter().filter(|r| r.url.path() == "/cms/menus").count();
    assert_eq!(calls, 1);
    let metrics = app.metrics().await;
    assert!(metrics.contains(r#"cms_cache_lookups_total{outcome="miss"} 1"#), "{metrics}");
    assert!(metrics.contains(r#"cms_cache_lookups_total{outcome="hit"}"#), "{metrics}");
}

/// The last good copy standing in for a failure is the cache's unit test (on a hand-moved
/// clock); here, what a member gets when there is none.
#[tokio::test]
async fn a_failing_content_service_with_nothing_to_fall_back_on_is_a_french_502() {
    let cms = MockServer::start().await;
    Mock::given(wiremock::matchers::any()).respond_with(ResponseTemplate::new(503)).mount(&cms).await;
    let app = app_for(&cms, None, |_| {}).await;
    assert_json_error(app.get("/api/strapi/accueil", &[]).await, 502, "bad_gateway").await;
}

#[tokio::test]
async fn a_route_without_a_left_block_is_answered_null_not_an_error() {
    let app = crate::helpers::spawn_app().await;
    let response = app.get("/api/strapi/bloc-gauche/home_mentions-legales", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap(), serde_json::Value::Null);
    let home: serde_json::Value = app.get("/api/strapi/bloc-gauche/home", &[]).await.json().await.unwrap();
    assert!(home["Titre"].is_string(), "{home}");
}

#[tokio::test]
async fn left_block_keys_follow_the_spas_rule_and_nothing_else_passes() {
    let cms = MockServer::start().await;
    Mock::given(wiremock::matchers::path_regex("^/cms/bloc-gauche/[a-z0-9_-]+$"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "Titre": "Bloc", "Lien": "javascript:alert(1)" })),
        )
        .mount(&cms)
        .await;
    let app = app_for(&cms, None, |_| {}).await;
    let examples: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../../frontend/src/lib/bloc-gauche-key.examples.json")).unwrap();
    for example in &examples {
        let key = example["key"].as_str().unwrap();
        let block: serde_json::Value =
            app.get(&format!("/api/strapi/bloc-gauche/{key}"), &[]).await.json().await.unwrap();
        assert_eq!(block["Titre"], "Bloc", "{key}");
        assert_eq!(block["Lien"], "", "a javascript: link never reaches the page");
    }
    for bad in ["Home", "a.b", "..%2Fmenus", "a%20b"] {
        assert_json_error(app.get(&format!("/api/strapi/bloc-gauche/{bad}"), &[]).await, 400, "bad_request")
            .await;
    }
}

#[tokio::test]
async fn rich_text_is_sanitised_and_only_the_first_banner_is_used() {
    let cms = MockServer::start().await;
    Mock::given(path("/cms/accueil"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "Titre": "Accueil", "Contenu": "<p onmouseover=\"x()\">Bienvenue</p><script>alert(1)</script>" })))
        .mount(&cms)
        .await;
    Mock::given(path("/cms/bandeau-nouveautes"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!([{ "Libelle": "Nouveau", "Visible": true }, { "Libelle": "Ancien" }])),
        )
        .mount(&cms)
        .await;
    let app = app_for(&cms, None, |_| {}).await;
    let page: serde_json::Value = app.get("/api/strapi/accueil", &[]).await.json().await.unwrap();
    assert_eq!(page["Contenu"], "<p>Bienvenue</p>");
    let banner: serde_json::Value =
        app.get("/api/strapi/bandeau-nouveautes", &[]).await.json().await.unwrap();
    assert_eq!(banner["Libelle"], "Nouveau");
    // Content calls carry no token.
    assert!(cms.received_requests().await.unwrap().iter().all(|r| !r.headers.contains_key("authorization")));
}

#[tokio::test]
async fn an_unknown_page_is_404() {
    let cms = MockServer::start().await;
    let app = app_for(&cms, None, |_| {}).await;
    assert_json_error(app.get("/api/strapi/page-nouveautes/99", &[]).await, 404, "not_found").await;
    let _ = member_api;
}

#[tokio::test]
async fn an_encoded_content_path_is_asked_and_cached_under_its_plain_name() {
    let cms = MockServer::start().await;
    Mock::given(path("/cms/accueil"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "Titre": "Accueil" })))
        .mount(&cms)
        .await;
    let app = app_for(&cms, None, |_| {}).await;
    assert_eq!(app.get("/api/strapi/%61ccueil", &[]).await.status(), 200);
    assert_eq!(app.get("/api/strapi/accueil", &[]).await.status(), 200);
    let calls = cms.received_requests().await.unwrap();
    assert_eq!(calls.len(), 1, "one cache entry for both spellings");
    assert_eq!(calls[0].url.path(), "/cms/accueil");
}

/// Strapi's own uploads relayed by the portal (`kind = "strapi"`): only an allowed image type,
/// declared whole and matching the bytes, with the portal's own `Content-Type`; a name Strapi
/// does not have is asked of it once a minute at most.
#[tokio::test]
async fn only_real_images_of_an_allowed_type_are_relayed_and_misses_are_remembered() {
    let cms = MockServer::start().await;
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let upload = |name: &str, content_type: &str, body: Vec<u8>| {
        Mock::given(path(format!("/cms/uploads/{name}"))).respond_with(
            ResponseTemplate::new(200).insert_header("content-type", content_type).set_body_bytes(body),
        )
    };
    upload("logo_1.png", "image/png; charset=binary", png.clone()).mount(&cms).await;
    upload("mixed_1.png", "image/png, text/html", png.clone()).mount(&cms).await;
    upload("page_1.png", "image/png", b"<html><script>alert(1)</script></html>".to_vec()).mount(&cms).await;
    Mock::given(path("/cms/uploads/absent_1.png")).respond_with(ResponseTemplate::new(404)).mount(&cms).await;
    let app = app_for(&cms, None, |s| {
        s.upstream.cms.kind = espace_assure::config::CmsKind::Strapi;
        s.upstream.cms.api_token = Some("strapi-token".to_owned().into());
    })
    .await;

    let logo = app.get("/api/strapi/uploads/logo_1.png", &[]).await;
    assert_eq!(logo.status(), 200);
    assert_eq!(crate::helpers::header(logo.headers(), "content-type"), "image/png");
    assert_eq!(logo.bytes().await.unwrap().to_vec(), png);
    for refused in ["mixed_1.png", "page_1.png"] {
        let response = app.get(&format!("/api/strapi/uploads/{refused}"), &[]).await;
        assert!(response.status().is_server_error(), "{refused}: {}", response.status());
        assert!(crate::helpers::header(response.headers(), "content-type").starts_with("application/json"));
    }
    for _ in 0..3 {
        assert_json_error(app.get("/api/strapi/uploads/absent_1.png", &[]).await, 404, "not_found").await;
    }
    let asked = cms.received_requests().await.unwrap();
    assert_eq!(asked.iter().filter(|request| request.url.path() == "/cms/uploads/absent_1.png").count(), 1);
}

#[tokio::test]
async fn a_long_page_is_compressed_for_a_browser_that_accepts_it_a_short_one_is_not() {
    let cms = cms_with_menus().await;
    let contenu =
        "<p>Les présentes conditions générales d’utilisation s’appliquent à l’espace assuré.</p>".repeat(40);
    Mock::given(path("/cms/mention-legale"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "Titre": "Mentions légales", "Contenu": contenu })),
        )
        .mount(&cms)
        .await;
    let app = app_for(&cms, None, |_| {}).await;
    let plain = app.get("/api/strapi/mention-legale", &[]).await.bytes().await.unwrap();
    assert_brotli_of(app.get("/api/strapi/mention-legale", &[("Accept-Encoding", "br")]).await, &plain).await;
    let menus = app.get("/api/strapi/menus", &[("Accept-Encoding", "br")]).await;
    assert_eq!(menus.status(), 200);
    assert_eq!(crate::helpers::header(menus.headers(), "content-encoding"), "");
}
