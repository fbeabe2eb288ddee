use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::Duration;

use actix_web::{App, HttpServer};
use espace_assure_demo::{Demo, Settings};
use reqwest::header::HeaderMap;
use url::Url;

/// The one client the provider knows, and the member API's expected audience.
pub const CLIENT_ID: &str = "espace-assure";
/// The client's secret, shared by the provider and the tests that play the client.
pub const CLIENT_SECRET: &str = "the-test-client-secret";

pub struct TestApp {
    /// Where the server answers, without trailing slash.
    pub address: String,
    pub client: reqwest::Client,
    data_dir: PathBuf,
    /// Kept alive for the server's lifetime: the data folder, unless a test named another.
    _data_folder: tempfile::TempDir,
}

/// The three upstreams on, with the values the portal's `[demo]` section has by default, so
/// that the tests see what a member of the demo sees.
fn default_settings(public_url: Url, data_dir: &Path) -> Settings {
    Settings {
        data_dir: data_dir.to_path_buf(),
        idp: true,
        api: true,
        cms: true,
        oidc_issuer: public_url.join("_demo/idp/").unwrap(),
        public_url,
        client_id: CLIENT_ID.into(),
        client_secret: Some(CLIENT_SECRET.into()),
        client_keys: None,
        person_number_claim: "NUMERO_PERSONNE".into(),
        access_token_ttl: Duration::from_secs(300),
        refresh_token_ttl: Duration::from_secs(36_000),
        max_upload_bytes: 10 * 1024 * 1024,
        upload_quota_files: 20,
        upload_quota_bytes: 50 * 1024 * 1024,
        unattached_upload_ttl_hours: 24,
        api_latency: Duration::ZERO,
        api_latency_jitter: Duration::ZERO,
        mutuelle: "Mutuelle Cogévie".into(),
        outbox_dir: None,
        mail_from: "Mutuelle Cogévie <ne-pas-repondre@mutuelle-cogevie.example>".into(),
        boutique: None,
    }
}

pub async fn spawn_demo() -> TestApp {
    spawn_demo_with(|_| {}).await
}

pub async fn spawn_demo_with(customise: impl FnOnce(&mut Settings)) -> TestApp {
    // Bound first, so that the settings can name the address the server answers on.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let data_folder = tempfile::tempdir().unwrap();
    let mut settings = default_settings(format!("{address}/").parse().unwrap(), data_folder.path());
    customise(&mut settings);
    let demo = Demo::open(&settings, reqwest::Client::new()).expect("the demo opens");
    let server = HttpServer::new(move || App::new().configure(|cfg| demo.mount(cfg)))
        .workers(1)
        .disable_signals()
        .listen(listener)
        .unwrap()
        .run();
    tokio::spawn(server);
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    TestApp { address, client, data_dir: settings.data_dir, _data_folder: data_folder }
}

impl TestApp {
    /// The data folder the upstreams were opened on (the provider's signing key lives there).
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        self.request(reqwest::Method::GET, path, headers).await
    }

    pub async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        headers: &[(&str, &str)],
    ) -> reqwest::Response {
        let mut builder = self.client.request(method, format!("{}{path}", self.address));
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        builder.send().await.expect("request reaches the server")
    }
}

pub fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).map(|v| v.to_str().unwrap()).unwrap_or_default()
}

/// Asserts the JSON error body the portal's errors share, and returns it.
pub async fn assert_json_error(response: reqwest::Response, status: u16, code: &str) -> serde_json::Value {
    assert_eq!(response.status().as_u16(), status);
    assert!(header(response.headers(), "content-type").starts_with("application/json"));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], status);
    assert_eq!(body["code"], code);
    assert!(!body["message"].as_str().unwrap().is_empty());
    body
}
