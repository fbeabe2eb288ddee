//! « Télécharger mes données » (`GET /api/mes-donnees`, docs/product/member-api.md#my-data-to-take-away): the archive
//! Marie gets through the portal from the demo member API, checked against its schema and
//! against what the screens read; the second archive asked while the first is built, and an
//! upstream that fails.

use std::io::{Cursor, Read};

use serde_json::{Value, json};
use wiremock::matchers::{path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::demo_api_through_portal::{portal_signed_in_as_marie, portal_signed_in_as_marie_with};
use crate::fake_idp::FakeIdp;
use crate::helpers::{TestApp, assert_json_error, header};
use crate::proxy::signed_in;

type Archive = zip::ZipArchive<Cursor<Vec<u8>>>;

async fn archive(app: &TestApp) -> Archive {
    let answer = app.get("/api/mes-donnees", &[]).await;
    assert_eq!(answer.status(), 200);
    assert_eq!(header(answer.headers(), "content-type"), "application/zip");
    assert_eq!(header(answer.headers(), "cache-control"), "no-store");
    assert!(
        header(answer.headers(), "content-disposition").starts_with("attachment; filename=\"mes-donnees-20"),
        "{:?}",
        answer.headers()
    );
    zip::ZipArchive::new(Cursor::new(answer.bytes().await.unwrap().to_vec())).unwrap()
}

fn read(archive: &mut Archive, name: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    archive
        .by_name(name)
        .unwrap_or_else(|_| panic!("{name} is not in the archive"))
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

#[tokio::test]
async fn marie_gets_everything_the_screens_show_in_an_archive_that_matches_its_schema() {
    let idp = FakeIdp::start().await;
    let (app, _) = portal_signed_in_as_marie(&idp).await;
    let mut archive = archive(&app).await;

    let donnees: Value = serde_json::from_slice(&read(&mut archive, "donnees.json")).unwrap();
    let schema: Value = serde_json::from_slice(&read(&mut archive, "schema.json")).unwrap();
    let published: Value =
        serde_json::from_str(&std::fs::read_to_string("openapi/mes-donnees.schema.json").unwrap()).unwrap();
    assert_eq!(schema, published);
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&donnees).map(|error| error.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");

    // What the screens read, the archive holds.
    for (partie, chemin) in [
        ("demandes", "/api/demandes"),
        ("remboursements", "/api/assure/prestations"),
        ("beneficiaires", "/api/assure/beneficiaires"),
    ] {
        let ecran: Value = app.get(chemin, &[]).await.json().await.unwrap();
        assert_eq!(donnees["mutuelle"][partie], ecran, "{partie}");
    }
    let connexions = donnees["espaceAssure"]["connexions"].as_array().unwrap();
    assert_eq!(connexions.len(), 1);
    assert_eq!(connexions[0]["cetAppareil"], true);

    // Each document of her requests, byte for byte.
    let documents: Vec<&Value> = donnees["mutuelle"]["demandes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|demande| demande["documents"].as_array().unwrap())
        .collect();
    assert!(!documents.is_empty());
    for document in documents {
        let prefixe = format!("documents/demande-{}/{}-", document["idDemande"], document["id"]);
        let nom = archive
            .file_names()
            .map(|nom| nom.unwrap().into_owned())
            .find(|nom| nom.starts_with(&prefixe))
            .unwrap_or_else(|| panic!("{document} is not in the archive"));
        let telecharge =
            app.get(&format!("/api/document/pdf/{}", document["id"]), &[]).await.bytes().await.unwrap();
        assert_eq!(read(&mut archive, &nom), telecharge.to_vec(), "{nom}");
    }

    // One row per payment line in the table, after its header.
    let lignes: usize = donnees["mutuelle"]["remboursements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|paiement| paiement["detailRemboursement"].as_array().unwrap().len())
        .sum();
    let table = String::from_utf8(read(&mut archive, "tableaux/remboursements.csv")).unwrap();
    assert_eq!(table.lines().count(), lignes + 1);
    let lisez_moi = String::from_utf8(read(&mut archive, "LISEZMOI.txt")).unwrap();
    assert!(
        lisez_moi
            .starts_with("Vos données, telles que la mutuelle et votre espace assuré les conservaient le ")
    );
}

#[tokio::test]
async fn without_a_session_there_is_no_archive() {
    let app = crate::helpers::spawn_app().await;
    assert_json_error(app.get("/api/mes-donnees", &[]).await, 401, "unauthorized").await;
}

/// While her first archive is built (each call of the member API taking 300 ms), a second is a
/// 409 that says so; once the first is given, she can ask again.
#[tokio::test]
async fn an_archive_asked_again_while_the_first_is_built_is_refused_until_it_is_given() {
    let idp = FakeIdp::start().await;
    let (app, _) = portal_signed_in_as_marie_with(&idp, |settings| settings.demo.api_latency_ms = 300).await;
    let first = app.get("/api/mes-donnees", &[]);
    let second = async {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        app.get("/api/mes-donnees", &[]).await
    };
    let (first, second) = futures_util::join!(first, second);
    assert_eq!(first.status(), 200);
    let body = assert_json_error(second, 409, "archive_en_preparation").await;
    assert_eq!(
        body["message"],
        "Votre archive est déjà en préparation : elle arrive dans quelques secondes."
    );
    assert_eq!(app.get("/api/mes-donnees", &[]).await.status(), 200);
}

/// A member API whose every read answers (what the portal puts in the archive as given, here
/// `{}`), `demandes` giving `documents`.
async fn member_api_answering(api: &MockServer, documents: Value) {
    Mock::given(path("/api/demandes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([{"id": 7, "documents": documents}])))
        .mount(api)
        .await;
    Mock::given(path_regex("^/api/assure/"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(api)
        .await;
}

fn document(id: i64, taille: u64) -> Value {
    json!({"id": id, "idDemande": 7, "nomFichier": format!("piece-{id}.pdf"), "taille": taille})
}

/// A member API that fails one read gives no archive with a part missing: the member reads
/// why, and may ask again.
#[tokio::test]
async fn a_read_that_fails_gives_no_partial_archive() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    Mock::given(path("/api/assure/plafonds")).respond_with(ResponseTemplate::new(503)).mount(&api).await;
    member_api_answering(&api, json!([])).await;
    assert_json_error(app.get("/api/mes-donnees", &[]).await, 502, "bad_gateway").await;
}

/// A document the member API announces larger than the archive's bound is named in the read-me,
/// never fetched; one whose bytes outgrow what was announced fails the archive.
#[tokio::test]
async fn documents_are_bounded_by_what_the_member_api_announces() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    member_api_answering(&api, json!([document(1, 4), document(2, 100 * 1024 * 1024)])).await;
    Mock::given(path("/api/document/pdf/1"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(b"%PDF".to_vec()))
        .mount(&api)
        .await;
    let mut archive = archive(&app).await;
    assert_eq!(read(&mut archive, "documents/demande-7/1-piece-1.pdf"), b"%PDF");
    let lisez_moi = String::from_utf8(read(&mut archive, "LISEZMOI.txt")).unwrap();
    assert!(lisez_moi.contains("demande 7 : piece-2.pdf (document 2)"), "{lisez_moi}");
    let requests = api.received_requests().await.unwrap();
    assert!(!requests.iter().any(|request| request.url.path() == "/api/document/pdf/2"));

    api.reset().await;
    member_api_answering(&api, json!([document(1, 4)])).await;
    Mock::given(path("/api/document/pdf/1"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(vec![b'x'; 10_000]))
        .mount(&api)
        .await;
    assert_json_error(app.get("/api/mes-donnees", &[]).await, 502, "bad_gateway").await;
}
