use std::io::Read;

use crate::helpers::{assert_json_error, dist, header, largest_script, spawn_app, spawn_app_with};

#[tokio::test]
async fn root_serves_the_index_revalidated_every_time() {
    let app = spawn_app().await;
    let response = app.get_html("/").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "no-cache");
    assert!(header(response.headers(), "content-type").starts_with("text/html"));
    let body = response.text().await.unwrap();
    assert!(body.contains(r#"<html lang="fr""#));
}

#[tokio::test]
async fn index_carries_the_brand_as_a_json_data_block() {
    let app = spawn_app_with_brand().await;
    let body = app.get_html("/").await.text().await.unwrap();
    assert!(body.contains(r#"<script type="application/json" id="brand">"#), "{body}");
    assert!(body.contains(r#""name":"Mutuelle d'essai""#), "{body}");
    assert!(body.contains(r##""primaryColor":"#aa3300""##), "{body}");
}

async fn spawn_app_with_brand() -> crate::helpers::TestApp {
    crate::helpers::spawn_app_with(|settings| {
        settings.brand.name = "Mutuelle d'essai".into();
        settings.brand.primary_color = "#aa3300".into();
    })
    .await
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_as_immutable() {
    let app = spawn_app().await;
    let (path, _) = largest_script();
    let response = app.get(&path, &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "public, max-age=31536000, immutable");
    assert!(header(response.headers(), "content-type").starts_with("text/javascript"));
}

#[tokio::test]
async fn unhashed_files_are_revalidated() {
    let app = spawn_app().await;
    let response = app.get("/favicon.svg", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "no-cache");
}

#[tokio::test]
async fn robots_are_told_in_text_that_nothing_is_to_be_indexed() {
    let app = spawn_app().await;
    let response = app.get_html("/robots.txt").await;
    assert_eq!(response.status(), 200);
    assert!(header(response.headers(), "content-type").starts_with("text/plain"));
    let body = response.text().await.unwrap();
    assert!(body.lines().any(|line| line == "Disallow: /"), "{body}");
}

#[tokio::test]
async fn brotli_is_preferred_then_gzip_then_identity() {
    let app = spawn_app().await;
    let (path, original) = largest_script();

    let response = app.get(&path, &[("Accept-Encoding", "gzip, deflate, br")]).await;
    assert_eq!(header(response.headers(), "content-encoding"), "br");
    assert_eq!(header(response.headers(), "vary"), "Accept-Encoding");
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&response.bytes().await.unwrap()[..], 4096).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, original);

    let response = app.get(&path, &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(header(response.headers(), "content-encoding"), "gzip");
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&response.bytes().await.unwrap()[..]).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, original);

    let response = app.get(&path, &[("Accept-Encoding", "br;q=0, gzip;q=0")]).await;
    assert_eq!(header(response.headers(), "content-encoding"), "");
    assert_eq!(header(response.headers(), "vary"), "Accept-Encoding");
    assert_eq!(response.bytes().await.unwrap(), original);
}

#[tokio::test]
async fn each_variant_has_its_own_etag_and_a_matching_one_gives_304() {
    let app = spawn_app().await;
    let (path, _) = largest_script();
    let br = app.get(&path, &[("Accept-Encoding", "br")]).await;
    let plain = app.get(&path, &[]).await;
    let etag = header(br.headers(), "etag").to_owned();
    assert!(etag.starts_with('"') && etag.ends_with('"'));
    assert_ne!(etag, header(plain.headers(), "etag"));

    let revalidated = app.get(&path, &[("Accept-Encoding", "br"), ("If-None-Match", &etag)]).await;
    assert_eq!(revalidated.status(), 304);
    assert_eq!(header(revalidated.headers(), "etag"), etag);
    assert!(revalidated.bytes().await.unwrap().is_empty());

    let stale = app.get(&path, &[("Accept-Encoding", "br"), ("If-None-Match", "\"other\"")]).await;
    assert_eq!(stale.status(), 200);
}

#[tokio::test]
async fn head_answers_the_headers_without_a_body() {
    let app = spawn_app().await;
    let (path, original) = largest_script();
    let response = app.request(reqwest::Method::HEAD, &path, &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "content-length"), original.len().to_string());
    assert!(response.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn client_routes_fall_back_to_the_index_for_browsers() {
    let app = spawn_app().await;
    let index = app.get_html("/").await.text().await.unwrap();
    for path in
        ["/home", "/mutuelle/remboursements/2026-01-15", "/fallback?reason=cookies-disabled", "/apiary"]
    {
        let response = app.get_html(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(response.headers(), "cache-control"), "no-cache");
        assert_eq!(response.text().await.unwrap(), index, "{path}");
    }
}

#[tokio::test]
async fn server_paths_never_fall_back_to_the_index() {
    let app = spawn_app().await;
    for path in ["/api/unknown", "/api", "/auth/unknown", "/_demo/unknown", "/assets/missing-abc123.js"] {
        assert_json_error(app.get_html(path).await, 404, "not_found").await;
    }
}

#[tokio::test]
async fn unknown_paths_are_404_for_clients_that_do_not_accept_html() {
    let app = spawn_app().await;
    assert_json_error(app.get("/home", &[("Accept", "application/json")]).await, 404, "not_found").await;
    assert_json_error(app.get("/home", &[("Accept", "image/avif,image/webp")]).await, 404, "not_found").await;
}

#[tokio::test]
async fn writing_to_a_file_is_not_allowed() {
    let app = spawn_app().await;
    assert_json_error(
        app.request(reqwest::Method::POST, "/index.html", &[]).await,
        405,
        "method_not_allowed",
    )
    .await;
    let xsrf = [("X-XSRF-TOKEN", "t"), ("Cookie", "XSRF-TOKEN=t")];
    assert_json_error(app.request(reqwest::Method::POST, "/api/unknown", &xsrf).await, 404, "not_found")
        .await;
}

#[tokio::test]
async fn compressed_variants_are_not_addressable_on_their_own() {
    let app = spawn_app().await;
    let (path, _) = largest_script();
    assert!(dist().join(format!("{}.br", path.trim_start_matches('/'))).exists());
    assert_json_error(app.get(&format!("{path}.br"), &[]).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_configured_logo_is_served_and_announced_to_the_spa() {
    let logo = tempfile::Builder::new().suffix(".svg").tempfile().unwrap();
    std::fs::write(logo.path(), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
    let path = logo.path().to_path_buf();
    let app = crate::helpers::spawn_app_with(|settings| settings.brand.logo = Some(path)).await;
    let response = app.get("/brand/logo", &[]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "content-type"), "image/svg+xml");
    let index = app.get_html("/").await.text().await.unwrap();
    assert!(index.contains(r#""logoUrl":"/brand/logo""#));
}

#[tokio::test]
async fn the_catalogue_is_served_with_the_partner_s_rewordings_which_reach_the_spa() {
    let folder = tempfile::tempdir().unwrap();
    let messages = folder.path().join("messages.json");
    std::fs::write(&messages, r#"{"app.name": "Mon espace adhérent"}"#).unwrap();
    let app = spawn_app_with(move |settings| settings.brand.messages_file = Some(messages)).await;

    let catalogue = app.get("/assets/i18n/fr.json", &[]).await;
    assert_eq!(catalogue.status(), 200);
    assert!(header(catalogue.headers(), "content-type").starts_with("application/json"));
    let catalogue: serde_json::Value = catalogue.json().await.unwrap();
    assert_eq!(catalogue["app.name"], "Mon espace adhérent");
    assert_eq!(catalogue["app.skipLink"], "Aller au contenu principal", "the rest as built");
    let index = app.get_html("/").await.text().await.unwrap();
    assert!(index.contains(r#""messages":{"app.name":"Mon espace adhérent"}"#), "{index}");
}
