//! What the member API tests share: an external OpenID issuer (a wiremock server
//! publishing a discovery document and the JWKS of a test key), tokens it signs, and requests
//! to `/_demo/api`. The demo identity provider is off, which also proves that the API trusts
//! whatever issuer is configured.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use espace_assure_demo::Settings;
use jsonwebtoken::jwk::Jwk;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{CLIENT_ID, TestApp, spawn_demo_with};

pub const MARIE: &str = "100001";
pub const JEAN: &str = "100002";
pub const LEA: &str = "100003";
pub const PAUL: &str = "100004";
pub const SOPHIE: &str = "100005";
pub const MEMBERS: [&str; 5] = [MARIE, JEAN, LEA, PAUL, SOPHIE];

pub const KEY_ID: &str = "test-key";
const REALM: &str = "/realms/mutuelle";

struct Keys {
    issuer: EncodingKey,
    forger: EncodingKey,
    jwk: Value,
}

/// The test issuer's key and a forger's, committed as fixtures with the portal's tests
/// (`tests/fixtures/README.md`): generating 2048-bit keys in a debug build is slow.
fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let fixture = |name: &str| {
            let pem = std::fs::read(workspace().join("tests/fixtures").join(name)).unwrap();
            EncodingKey::from_rsa_pem(&pem).unwrap()
        };
        let issuer = fixture("test-signing-key.pem");
        let mut jwk =
            serde_json::to_value(Jwk::from_encoding_key(&issuer, Algorithm::RS256).unwrap()).unwrap();
        jwk["kid"] = json!(KEY_ID);
        jwk["use"] = json!("sig");
        Keys { issuer, forger: fixture("forger-key.pem"), jwk }
    })
}

pub struct ApiApp {
    pub app: TestApp,
    pub issuer: MockServer,
}

/// The demo's member API, trusting the test issuer.
pub async fn spawn_api() -> ApiApp {
    spawn_api_with(|_| {}).await
}

/// Same, on a given data folder: two apps on one folder see the same members' data.
pub async fn spawn_api_on(data_dir: &Path) -> ApiApp {
    let data_dir = data_dir.to_path_buf();
    spawn_api_with(move |settings| settings.data_dir = data_dir).await
}

pub async fn spawn_api_with(customise: impl FnOnce(&mut Settings)) -> ApiApp {
    let issuer = MockServer::start().await;
    let issuer_url = format!("{}{REALM}", issuer.uri());
    Mock::given(method("GET"))
        .and(path(format!("{REALM}/.well-known/openid-configuration")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "issuer": issuer_url,
            "jwks_uri": format!("{issuer_url}/protocol/openid-connect/certs"),
            "authorization_endpoint": format!("{issuer_url}/protocol/openid-connect/auth"),
            "token_endpoint": format!("{issuer_url}/protocol/openid-connect/token"),
            "id_token_signing_alg_values_supported": ["RS256"],
        })))
        .mount(&issuer)
        .await;
    Mock::given(method("GET"))
        .and(path(format!("{REALM}/protocol/openid-connect/certs")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            // Keycloak also publishes an encryption key; it must be ignored.
            "keys": [
                { "kid": "enc-key", "kty": "RSA", "use": "enc", "alg": "RSA-OAEP", "n": keys().jwk["n"], "e": "AQAB" },
                keys().jwk,
            ]
        })))
        .named("jwks")
        .mount(&issuer)
        .await;
    let app = spawn_demo_with(|settings| {
        settings.idp = false;
        settings.oidc_issuer = format!("{issuer_url}/").parse().unwrap();
        customise(settings);
    })
    .await;
    ApiApp { app, issuer }
}

pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

impl ApiApp {
    pub fn issuer_url(&self) -> String {
        format!("{}{REALM}", self.issuer.uri())
    }

    /// The claims of a valid access token for `person`, as Keycloak issues them.
    pub fn claims(&self, person: &str) -> Value {
        json!({
            "iss": self.issuer_url(),
            "sub": format!("user-{person}"),
            "aud": [CLIENT_ID, "account"],
            "azp": CLIENT_ID,
            "exp": now() + 300,
            "iat": now(),
            "auth_time": now(),
            "typ": "Bearer",
            "preferred_username": format!("member-{person}"),
            "NUMERO_PERSONNE": person,
        })
    }

    pub fn token(&self, person: &str) -> String {
        sign(&self.claims(person))
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> reqwest::Response {
        let mut request = self.app.client.request(method, format!("{}/_demo/api/{path}", self.app.address));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("the API answers")
    }

    pub async fn get(&self, person: &str, path: &str) -> reqwest::Response {
        self.call(Method::GET, path, Some(&self.token(person)), None).await
    }

    /// A GET that must succeed, as JSON.
    pub async fn get_json(&self, person: &str, path: &str) -> Value {
        let response = self.get(person, path).await;
        assert_eq!(response.status(), 200, "GET {path} for {person}");
        response.json().await.unwrap()
    }

    pub async fn send(&self, method: Method, person: &str, path: &str, body: Value) -> reqwest::Response {
        self.call(method, path, Some(&self.token(person)), Some(body)).await
    }

    pub async fn upload(&self, person: &str, files: Vec<(&str, Vec<u8>)>) -> reqwest::Response {
        let mut form = reqwest::multipart::Form::new();
        for (name, bytes) in files {
            // The declared type lies on purpose: only the bytes count.
            let part = reqwest::multipart::Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str("application/pdf")
                .unwrap();
            form = form.part("fichier", part);
        }
        self.app
            .client
            .post(format!("{}/_demo/api/document/upload", self.app.address))
            .bearer_auth(self.token(person))
            .multipart(form)
            .send()
            .await
            .expect("the API answers")
    }

    /// The member API's database, as another process sharing the data folder opens it: what a
    /// back office writes, or what a test reads of what the API wrote (the emails it owes).
    pub fn database(&self) -> rusqlite::Connection {
        let connection = rusqlite::Connection::open(self.app.data_dir().join("member-api.sqlite3")).unwrap();
        connection.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
        connection
    }

    /// (nature, link) of the emails the API queued for `person`, oldest first.
    pub fn queued_emails(&self, person: &str) -> Vec<(String, String)> {
        let db = self.database();
        let mut statement =
            db.prepare("SELECT nature, lien FROM courriels WHERE numero_personne = ?1 ORDER BY id").unwrap();
        statement
            .query_map([person], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// The first line of the payment the home page shows first: (paymentId, idLigne).
    pub async fn first_line(&self, person: &str) -> (String, i64) {
        let payment = self.get_json(person, "assure/prestations-recentes").await[0]["paymentId"]
            .as_str()
            .unwrap()
            .to_owned();
        let detail = self.get_json(person, &format!("assure/prestation/{payment}")).await;
        (payment, detail["data"][0]["idLigne"].as_i64().unwrap())
    }

    /// Uploads one file that must be accepted; its document id.
    pub async fn upload_one(&self, person: &str, name: &str, bytes: Vec<u8>) -> i64 {
        let response = self.upload(person, vec![(name, bytes)]).await;
        assert_eq!(response.status(), 201);
        let documents: Value = response.json().await.unwrap();
        documents[0]["id"].as_i64().unwrap()
    }
}

/// Signs `claims` with the issuer's published key.
pub fn sign(claims: &Value) -> String {
    sign_with(&keys().issuer, KEY_ID, claims)
}

/// Signs with a key the issuer never published, under the published key's id.
pub fn forge(claims: &Value) -> String {
    sign_with(&keys().forger, KEY_ID, claims)
}

/// Signs with the issuer's key but names a key id the issuer does not publish (yet).
pub fn sign_with_key_id(claims: &Value, kid: &str) -> String {
    sign_with(&keys().issuer, kid, claims)
}

fn sign_with(key: &EncodingKey, kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    jsonwebtoken::encode(&header, claims, key).unwrap()
}

/// The workspace's folder: the portal's test fixtures and the member API's contract are there.
pub fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// One of the documents seeded with the demo members.
fn seed_document(name: &str) -> Vec<u8> {
    let documents = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/member_api/seed/documents");
    std::fs::read(documents.join(name)).unwrap()
}

/// A small but real PDF, as a member's scan would be.
pub fn pdf() -> Vec<u8> {
    seed_document("rib.pdf")
}

pub fn png() -> Vec<u8> {
    seed_document("note-honoraires-osteopathe.png")
}

/// Asserts a refusal: the status, the JSON error shape and its French message.
pub async fn assert_refused(response: reqwest::Response, status: u16) -> String {
    assert_eq!(response.status().as_u16(), status);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], status, "{body}");
    let message = body["message"].as_str().unwrap().to_owned();
    assert!(!message.is_empty());
    message
}

/// The text `pdftotext` (poppler-utils) extracts from a PDF, spaces normalised; `None` when the
/// tool is not installed (the PDF module's own tests say so too).
pub fn pdf_text(pdf: &[u8]) -> Option<String> {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), pdf).unwrap();
    let output = match std::process::Command::new("pdftotext").arg(file.path()).arg("-").output() {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return None,
        output => output.unwrap(),
    };
    assert!(output.status.success());
    Some(String::from_utf8(output.stdout).unwrap().replace(['\u{a0}', '\u{202f}'], " "))
}
