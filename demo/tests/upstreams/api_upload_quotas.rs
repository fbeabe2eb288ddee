//! Each member's quota of uploads not yet sent with a request: a real API cannot let one
//! account fill its disk with files nobody will ever read.

use reqwest::Method;
use serde_json::json;

use crate::api::{JEAN, MARIE, assert_refused, pdf, spawn_api, spawn_api_with};

/// Settings allowing each member `files` uploads, `bytes` in all, not yet sent with a request.
fn quota_of(files: u64, bytes: u64) -> impl FnOnce(&mut espace_assure_demo::Settings) {
    move |settings| {
        settings.upload_quota_files = files;
        settings.upload_quota_bytes = bytes;
    }
}

#[tokio::test]
async fn a_member_cannot_keep_more_unsent_files_than_the_quota() {
    let api = spawn_api_with(quota_of(3, 50 * 1024 * 1024)).await;
    let first = api.upload_one(MARIE, "un.pdf", pdf()).await;
    let second = api.upload_one(MARIE, "deux.pdf", pdf()).await;
    // Two more would make four: neither is stored.
    let refused = api.upload(MARIE, vec![("trois.pdf", pdf()), ("quatre.pdf", pdf())]).await;
    let message = assert_refused(refused, 429).await;
    assert!(message.contains("Envoyez"), "{message}");
    assert!(message.contains("24 heures"), "{message}");
    let third = api.upload_one(MARIE, "trois.pdf", pdf()).await;
    assert_eq!(third, second + 1, "nothing of the refused upload was stored");
    assert_refused(api.upload(MARIE, vec![("quatre.pdf", pdf())]).await, 429).await;
    // The quota is each member's own.
    api.upload_one(JEAN, "devis.pdf", pdf()).await;
    // Sent with a request, the documents no longer count.
    let body =
        json!({"postCreationDocumentDto": {"type": "ENVOI_DE_DEVIS", "idDocuments": [first, second, third]}});
    let sent = api.send(Method::POST, MARIE, "document/documentGedCegedim", body).await;
    assert_eq!(sent.status(), 201);
    api.upload_one(MARIE, "quatre.pdf", pdf()).await;
}

#[tokio::test]
async fn a_member_cannot_keep_more_unsent_bytes_than_the_quota() {
    let size = pdf().len() as u64;
    let api = spawn_api_with(quota_of(20, 3 * size)).await;
    api.upload_one(MARIE, "un.pdf", pdf()).await;
    api.upload_one(MARIE, "deux.pdf", pdf()).await;
    let message =
        assert_refused(api.upload(MARIE, vec![("trois.pdf", pdf()), ("quatre.pdf", pdf())]).await, 429).await;
    assert!(message.contains("au total"), "{message}");
    api.upload_one(MARIE, "trois.pdf", pdf()).await;
}

#[tokio::test]
async fn by_default_twenty_unsent_files_are_allowed_and_not_one_more() {
    let api = spawn_api().await;
    for _ in 0..2 {
        let batch = (0..10).map(|_| ("piece.pdf", pdf())).collect();
        assert_eq!(api.upload(MARIE, batch).await.status(), 201);
    }
    assert_refused(api.upload(MARIE, vec![("piece.pdf", pdf())]).await, 429).await;
}
