//! The card in the phone's wallet (docs/product/screens.md#the-card-in-the-phones-wallet),
//! through the demo: Marie's pass, signed with the demo's test Pass Type ID certificate and
//! checked here with OpenSSL against the demo's test authority, and her Google Wallet link,
//! checked with the demo's test key; both carry the card page's 2D code.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

use crate::helpers::{Browser, TestApp, spawn_app_with};

const MARIE: &str = "100001";
/// An ended contract: no card in force.
const JEAN: &str = "100002";

/// The app, and its demo data folder (where the demo keeps its test wallet material and, here,
/// the audit trail: `audit.jsonl`).
async fn app() -> (TestApp, PathBuf) {
    let mut data_dir = PathBuf::new();
    let app = spawn_app_with(|settings| {
        data_dir = settings.demo.data_dir.clone();
        settings.audit.file = Some(data_dir.join("audit.jsonl"));
        settings.audit.pseudonym_key =
            Some("a pseudonym key of thirty-two characters at least".to_owned().into());
    })
    .await;
    (app, data_dir)
}

/// The routes of the trail's reads.
fn reads(data_dir: &Path) -> Vec<String> {
    let trail = std::fs::read_to_string(data_dir.join("audit.jsonl")).unwrap();
    trail
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|event| event["event"] == "read")
        .map(|event| event["route"].as_str().unwrap().to_owned())
        .collect()
}

fn unzip(pass: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(pass)).unwrap();
    (0..archive.len())
        .map(|index| {
            let mut file = archive.by_index(index).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().unwrap().into_owned(), bytes)
        })
        .collect()
}

/// `openssl cms -verify` of the detached `signature` over `manifest`, against `authority` only.
fn openssl_verifies(folder: &Path, signature: &[u8], manifest: &[u8], authority: &Path) -> (bool, String) {
    std::fs::write(folder.join("signature"), signature).unwrap();
    std::fs::write(folder.join("manifest.json"), manifest).unwrap();
    let output = Command::new("openssl")
        .args(["cms", "-verify", "-binary", "-inform", "DER", "-purpose", "any", "-out", "/dev/null"])
        .arg("-in")
        .arg(folder.join("signature"))
        .arg("-content")
        .arg(folder.join("manifest.json"))
        .arg("-CAfile")
        .arg(authority)
        .output()
        .expect("openssl is installed");
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[tokio::test]
async fn the_pass_is_the_cards_signed_with_the_pass_certificate_and_the_link_carries_the_same_code() {
    let (app, data_dir) = app().await;
    let marie = Browser::on(&app);
    marie.sign_in(MARIE).await;

    let answer = marie.client.get(format!("{}/api/carte-tp/wallet/apple", app.address)).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["content-type"], "application/vnd.apple.pkpass");
    assert_eq!(answer.headers()["content-disposition"], "attachment; filename=\"carte-tiers-payant.pkpass\"");
    let files = unzip(&answer.bytes().await.unwrap());
    let file = |name: &str| files.iter().find(|(found, _)| found == name).map(|(_, bytes)| bytes.clone());
    let manifest = file("manifest.json").expect("a manifest");
    let listed: serde_json::Map<String, Value> = serde_json::from_slice(&manifest).unwrap();
    for name in ["pass.json", "icon.png", "icon@2x.png", "logo.png"] {
        assert!(listed.contains_key(name), "{name} in the manifest");
    }
    for (name, sha1) in &listed {
        let bytes = file(name).unwrap_or_else(|| panic!("{name} in the pass"));
        assert_eq!(
            sha1.as_str().unwrap(),
            hex::encode(<sha1::Sha1 as sha1::Digest>::digest(&bytes)),
            "{name}"
        );
    }
    assert_eq!(files.len(), listed.len() + 2, "the manifest lists every file but itself and the signature");

    // The signature is the Pass Type ID certificate's, over this manifest, and nothing else's.
    let folder = tempfile::tempdir().unwrap();
    let authority = data_dir.join("wallet/autorite-de-test.pem");
    let signature = file("signature").expect("a signature");
    let (verified, report) = openssl_verifies(folder.path(), &signature, &manifest, &authority);
    assert!(verified, "{report}");
    let mut changed = manifest.clone();
    *changed.last_mut().unwrap() = b' ';
    assert!(!openssl_verifies(folder.path(), &signature, &changed, &authority).0, "a changed manifest");
    let stranger = folder.path().join("stranger.pem");
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    std::fs::write(&stranger, params.self_signed(&key).unwrap().pem()).unwrap();
    assert!(!openssl_verifies(folder.path(), &signature, &manifest, &stranger).0, "another authority");

    let pass: Value = serde_json::from_slice(&file("pass.json").unwrap()).unwrap();
    assert_eq!(pass["formatVersion"], 1);
    assert_eq!(pass["passTypeIdentifier"], "pass.org.example.espace-assure.demo");
    let code = pass["barcodes"][0]["message"].as_str().unwrap().to_owned();
    assert!(code.starts_with("AMC:") && code.contains("\nADH:"), "{code}");
    let back = pass["generic"]["backFields"].to_string();
    assert!(back.contains("refusée par Apple Wallet"), "{back}");

    // The card page's own answer: the pass's code is the text it draws.
    let (status, cartes) = marie.get("/api/assure/carte-tp").await;
    assert_eq!(status, 200);
    let en_cours = cartes.as_array().unwrap().iter().find(|carte| carte["periode"] == "EN_COURS").unwrap();
    let compact = |field: &str| en_cours[field].as_str().unwrap().replace('-', "");
    let expected = format!(
        "AMC:{}\nCONV:{}\nAIG:{}\nADH:{}\nVAL:{}-{}",
        en_cours["numeroAmc"].as_str().unwrap(),
        en_cours["typeConvention"].as_str().unwrap(),
        en_cours["critereAiguillage"].as_str().unwrap(),
        en_cours["numeroAdherent"].as_str().unwrap(),
        compact("dateDebutValidite"),
        compact("dateFinValidite"),
    );
    assert_eq!(code, expected);

    // The same card, again: the same serial (a changed card gets another: the unit tests).
    let again = marie.client.get(format!("{}/api/carte-tp/wallet/apple", app.address)).send().await.unwrap();
    let again = unzip(&again.bytes().await.unwrap());
    let again: Value =
        serde_json::from_slice(&again.iter().find(|(name, _)| name == "pass.json").unwrap().1).unwrap();
    assert_eq!(again["serialNumber"], pass["serialNumber"]);

    let (status, link) = marie.get("/api/carte-tp/wallet/google").await;
    assert_eq!(status, 200, "{link}");
    let url = link["url"].as_str().unwrap();
    let token = url.strip_prefix("https://pay.google.com/gp/v/save/").expect("Google's save link");
    let material = espace_assure_demo::wallet_test::TestWallet::load_or_create(&data_dir).unwrap();
    let public = espace_assure_demo::wallet_test::google_public_key_pem(&material).unwrap();
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&["google"]);
    validation.set_required_spec_claims(&["aud"]);
    let claims = jsonwebtoken::decode::<Value>(
        token,
        &DecodingKey::from_rsa_pem(public.as_bytes()).unwrap(),
        &validation,
    )
    .expect("signed with the demo's test key")
    .claims;
    assert_eq!(claims["aud"], "google");
    assert_eq!(claims["typ"], "savetowallet");
    assert_eq!(claims["origins"][0], app.address);
    let object = &claims["payload"]["genericObjects"][0];
    assert_eq!(object["barcode"]["type"], "QR_CODE");
    assert_eq!(object["barcode"]["value"], code.as_str());
    assert_eq!(object["id"], format!("3388000000000000000.{}", pass["serialNumber"].as_str().unwrap()));

    // Each is a read of health data, as the card is.
    let reads = reads(&data_dir);
    assert_eq!(reads.iter().filter(|route| *route == "/api/carte-tp/wallet/apple").count(), 2, "{reads:?}");
    assert_eq!(reads.iter().filter(|route| *route == "/api/carte-tp/wallet/google").count(), 1, "{reads:?}");
}

#[tokio::test]
async fn a_member_without_a_card_in_force_gets_a_404_and_a_visitor_a_401() {
    let (app, _) = app().await;
    let visitor = Browser::on(&app);
    assert_eq!(visitor.get("/api/carte-tp/wallet/apple").await.0, 401);
    assert_eq!(visitor.get("/api/carte-tp/wallet/google").await.0, 401);
    let jean = Browser::on(&app);
    jean.sign_in(JEAN).await;
    for path in ["/api/carte-tp/wallet/apple", "/api/carte-tp/wallet/google"] {
        let (status, body) = jean.get(path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert_eq!(body["code"], "aucune_carte_en_cours", "{body}");
        assert!(body["message"].as_str().unwrap().contains("carte de tiers payant"), "{body}");
    }
}
