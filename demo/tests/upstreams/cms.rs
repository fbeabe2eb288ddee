//! The embedded content service: the content paths (docs/product/member-api.md#content-service)
//! with their field names (docs/product/entities.md#content-entries).

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, assert_json_error, header, spawn_demo};

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(&format!("/_demo/cms/{path}"), &[]).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert!(header(response.headers(), "content-type").starts_with("application/json"), "{path}");
    response.json().await.unwrap()
}

fn assert_rich_text(html: &Value) {
    let html = html.as_str().expect("Contenu is a string");
    assert!(html.trim_start().starts_with('<'), "{html}");
}

#[tokio::test]
async fn menus_list_articles_with_exactly_one_for_the_brokerage() {
    let app = spawn_demo().await;
    let menus = get_json(&app, "menus").await;
    let menus = menus.as_array().unwrap();
    assert!(menus.len() >= 4);
    for entry in menus {
        let keys: Vec<&str> = entry.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 3, "{entry}");
        assert!(entry["Id"].is_u64() && entry["Titre"].is_string() && entry["courtierChesneau"].is_boolean());
    }
    assert_eq!(menus.iter().filter(|entry| entry["courtierChesneau"] == true).count(), 1);
}

#[tokio::test]
async fn a_menu_article_has_rich_text_with_headings_lists_and_a_link() {
    let app = spawn_demo().await;
    let menus = get_json(&app, "menus").await;
    for entry in menus.as_array().unwrap() {
        let article = get_json(&app, &format!("menus/{}", entry["Id"])).await;
        assert_eq!(article["Id"], entry["Id"]);
        assert_eq!(article["Titre"], entry["Titre"]);
        assert_eq!(article["courtierChesneau"], entry["courtierChesneau"]);
        assert_rich_text(&article["Contenu"]);
    }
    let article = get_json(&app, "menus/2").await;
    let html = article["Contenu"].as_str().unwrap();
    for tag in ["<h2>", "<p>", "<ul>", "<li>", "<a href=\"https://"] {
        assert!(html.contains(tag), "{tag} missing in {html}");
    }
    assert!(html.contains("NOEMIE"));
}

#[tokio::test]
async fn a_menu_id_that_names_no_article_is_not_found_number_or_not() {
    let app = spawn_demo().await;
    assert_json_error(app.get("/_demo/cms/menus/999", &[]).await, 404, "not_found").await;
    // Not a 400: the portal forwards any plain identifier, and an upstream 400 would reach
    // the member as a 502.
    assert_json_error(app.get("/_demo/cms/menus/abc", &[]).await, 404, "not_found").await;
}

#[tokio::test]
async fn left_blocks_exist_for_the_main_paths_with_an_svg_image() {
    let app = spawn_demo().await;
    let mut links = Vec::new();
    for key in [
        "home",
        "mutuelle_remboursements",
        "mutuelle_contrats-garanties",
        "compte_informations-personnelles",
        "mutuelle_demandes",
    ] {
        let block = get_json(&app, &format!("bloc-gauche/{key}")).await;
        assert!(block["Titre"].as_str().is_some_and(|t| !t.is_empty()), "{key}");
        assert!(block["LienTitre"].as_str().is_some_and(|t| !t.is_empty()), "{key}");
        let image = block["Image"]["content"].as_str().unwrap();
        assert!(image.starts_with("data:image/svg+xml;base64,"), "{key}");
        links.push(block["Lien"].as_str().unwrap().to_owned());
    }
    assert!(links.iter().any(|link| link.starts_with("https://")), "{links:?}");
    assert!(links.iter().any(|link| link == "/mutuelle/demandes/creation"), "{links:?}");
}

#[tokio::test]
async fn an_unknown_left_block_is_not_found() {
    let app = spawn_demo().await;
    let response = app.get("/_demo/cms/bloc-gauche/mutuelle_remboursements_2025-01-31", &[]).await;
    assert_json_error(response, 404, "not_found").await;
}

#[tokio::test]
async fn a_left_block_key_outside_lower_case_path_words_is_a_bad_request() {
    let app = spawn_demo().await;
    for key in ["Home", "home.json", "..home", "home%2Fpage", "home%20page", "h%C3%A9"] {
        let response = app.get(&format!("/_demo/cms/bloc-gauche/{key}"), &[]).await;
        assert_json_error(response, 400, "bad_request").await;
    }
}

#[tokio::test]
async fn the_news_banner_leads_to_a_news_page() {
    let app = spawn_demo().await;
    let banner = get_json(&app, "bandeau-nouveautes").await;
    let first = &banner.as_array().unwrap()[0];
    assert_eq!(first["Visible"], true);
    assert!(first["Libelle"].is_string() && first["Texte"].is_string());
    let url = first["URL"].as_str().unwrap();
    let id = url.strip_prefix("/home/nouveautes/").expect("an internal link to a news page");
    let page = get_json(&app, &format!("page-nouveautes/{id}")).await;
    assert_eq!(page["Id"].to_string(), id);
    assert!(page["Titre"].is_string());
    assert_rich_text(&page["Contenu"]);
}

#[tokio::test]
async fn a_news_page_id_that_names_no_page_is_not_found_number_or_not() {
    let app = spawn_demo().await;
    assert_json_error(app.get("/_demo/cms/page-nouveautes/999", &[]).await, 404, "not_found").await;
    assert_json_error(app.get("/_demo/cms/page-nouveautes/-1", &[]).await, 404, "not_found").await;
    assert_json_error(app.get("/_demo/cms/page-nouveautes/kMBJVM_2EECT3aN", &[]).await, 404, "not_found")
        .await;
}

#[tokio::test]
async fn the_home_text_has_a_title_and_content() {
    let app = spawn_demo().await;
    let home = get_json(&app, "accueil").await;
    assert!(home["Titre"].is_string());
    assert_rich_text(&home["Contenu"]);
}

#[tokio::test]
async fn the_legal_notice_and_terms_of_use_say_it_is_a_demo() {
    let app = spawn_demo().await;
    let legal = get_json(&app, "mention-legale").await;
    assert_eq!(legal["mentionsLegales"]["Titre"], "Mentions légales");
    assert_eq!(legal["cgu"]["Titre"], "Conditions générales d’utilisation");
    for part in ["mentionsLegales", "cgu"] {
        assert_rich_text(&legal[part]["Contenu"]);
        assert!(legal[part]["Contenu"].as_str().unwrap().contains("démonstration"), "{part}");
    }
}

#[tokio::test]
async fn content_is_read_only() {
    let app = spawn_demo().await;
    let response = app.request(reqwest::Method::POST, "/_demo/cms/menus", &[]).await;
    assert_json_error(response, 405, "method_not_allowed").await;
}
