use std::path::PathBuf;

use espace_assure::Application;
use espace_assure::config::Settings;
use reqwest::header::HeaderMap;

pub struct TestApp {
    pub address: String,
    /// Where `/metrics` is served when `server.metrics_listen` is set.
    pub metrics_address: Option<String>,
    pub client: reqwest::Client,
    pub jar: Option<std::sync::Arc<reqwest::cookie::Jar>>,
    /// Kept alive for the app's lifetime: the demo data folder.
    _data_folder: tempfile::TempDir,
}

/// Demo settings on a free port, with a fresh data folder.
pub fn test_settings() -> Settings {
    let mut settings = Settings::default();
    settings.demo.enabled = true;
    settings.server.listen = "127.0.0.1:0".parse().unwrap();
    settings.server.workers = Some(1);
    // The background probes would add calls the tests count; the health tests turn them on.
    settings.server.upstream_probe_secs = 0;
    settings
}

/// `server.metrics_token` of the tests that set one.
pub const METRICS_TOKEN: &str = "metrics-token-for-tests";

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(customise: impl FnOnce(&mut Settings)) -> TestApp {
    let data_dir = tempfile::tempdir().unwrap();
    let mut settings = test_settings();
    settings.demo.data_dir = data_dir.path().to_path_buf();
    customise(&mut settings);
    let app = Application::build(settings).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_address = app.metrics_port().map(|port| format!("http://127.0.0.1:{port}"));
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        // Compression is negotiated by hand in these tests: reqwest must not do it.
        .no_gzip()
        .no_brotli()
        .build()
        .unwrap();
    TestApp { address, metrics_address, client, jar: None, _data_folder: data_dir }
}

impl TestApp {
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
        builder.send().await.expect("request reaches the app")
    }

    /// The Prometheus text, read where the app serves it, with `METRICS_TOKEN` (which an app
    /// that asks for no token ignores).
    pub async fn metrics(&self) -> String {
        let base = self.metrics_address.as_deref().unwrap_or(&self.address);
        let response =
            self.client.get(format!("{base}/metrics")).bearer_auth(METRICS_TOKEN).send().await.unwrap();
        assert_eq!(response.status(), 200, "metrics are readable");
        response.text().await.unwrap()
    }

    /// The value of the series of `name` that has every one of `labels`; `None` without one.
    pub async fn metric(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        let labels: Vec<String> =
            labels.iter().map(|(label, value)| format!("{label}=\"{value}\"")).collect();
        self.metrics()
            .await
            .lines()
            .filter(|line| line.strip_prefix(name).is_some_and(|rest| rest.starts_with('{')))
            .find(|line| labels.iter().all(|label| line.contains(label.as_str())))
            .map(|line| line.rsplit(' ').next().unwrap().parse().unwrap())
    }

    /// A page as a browser asks for it.
    pub async fn get_html(&self, path: &str) -> reqwest::Response {
        self.get(path, &[("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")]).await
    }
}

/// Where a spawned binary serves, from the line it prints once ready on its piped stdout
/// ("espace-assure is ready: open http://127.0.0.1:PORT/"): `http://127.0.0.1:PORT`.
pub fn announced_address(child: &mut std::process::Child) -> String {
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line)
        .unwrap();
    let address = line.trim_end().rsplit("open ").next().unwrap().trim_end_matches('/').to_owned();
    assert!(address.starts_with("http://127.0.0.1:"), "{line}");
    address
}

pub fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).map(|v| v.to_str().unwrap()).unwrap_or_default()
}

/// Checks that `answer` is `plain` in brotli, and at least five times smaller.
pub async fn assert_brotli_of(answer: reqwest::Response, plain: &[u8]) {
    assert_eq!(answer.status(), 200);
    assert_eq!(header(answer.headers(), "content-encoding"), "br");
    let compressed = answer.bytes().await.unwrap();
    assert!(compressed.len() * 5 < plain.len(), "{} bytes of {}", compressed.len(), plain.len());
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(&mut brotli::Decompressor::new(&compressed[..], 4096), &mut unpacked).unwrap();
    assert_eq!(unpacked, plain);
}

/// The front-end build the binary embeds, to compare what is served with what was built.
pub fn dist() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("frontend/dist")
}

/// A small but real PDF, as a member's scan would be: one of the demo's seeded documents.
pub fn pdf() -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("demo/src/member_api/seed/documents/rib.pdf"),
    )
    .unwrap()
}

/// The largest hashed JavaScript file of the build, as `/assets/name.js`.
pub fn largest_script() -> (String, Vec<u8>) {
    let mut scripts: Vec<_> = std::fs::read_dir(dist().join("assets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    scripts.sort_by_key(|p| std::fs::metadata(p).unwrap().len());
    let path = scripts.pop().expect("the build has a script");
    (format!("/assets/{}", path.file_name().unwrap().to_str().unwrap()), std::fs::read(&path).unwrap())
}

/// Asserts the uniform JSON error body and returns it.
pub async fn assert_json_error(response: reqwest::Response, status: u16, code: &str) -> serde_json::Value {
    assert_eq!(response.status().as_u16(), status);
    assert!(header(response.headers(), "content-type").starts_with("application/json"));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], status);
    assert_eq!(body["code"], code);
    assert!(!body["message"].as_str().unwrap().is_empty());
    body
}

/// What the browser does for a guarded write: asks for a challenge and finds its number.
pub async fn solved_captcha(app: &TestApp) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let challenge: serde_json::Value = app.get("/api/captcha", &[]).await.json().await.unwrap();
    let salt = challenge["salt"].as_str().unwrap();
    let number = (0..=challenge["maxnumber"].as_u64().unwrap())
        .find(|number| hex::encode(sha2::Sha256::digest(format!("{salt}{number}"))) == challenge["challenge"])
        .expect("the challenge has a solution");
    let solution = serde_json::json!({
        "algorithm": challenge["algorithm"], "challenge": challenge["challenge"], "number": number,
        "salt": salt, "signature": challenge["signature"],
    });
    base64::engine::general_purpose::STANDARD.encode(solution.to_string())
}

pub fn random() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// The app wired to a stand-in provider and member API, with a cookie-keeping client.
pub async fn spawn_app_with_idp(
    idp: &crate::fake_idp::FakeIdp,
    api: &wiremock::MockServer,
    customise: impl FnOnce(&mut Settings),
) -> TestApp {
    let (issuer, api) = (idp.issuer.clone(), api.uri());
    let mut app = spawn_app_with(move |settings| {
        settings.demo.enabled = false;
        settings.oidc.issuer = Some(issuer.parse().unwrap());
        settings.oidc.client_id = crate::fake_idp::CLIENT_ID.into();
        settings.oidc.client_secret = Some(crate::fake_idp::CLIENT_SECRET.to_owned().into());
        settings.upstream.api.base_url = Some(format!("{api}/api/").parse().unwrap());
        settings.upstream.cms.base_url = Some(format!("{api}/cms/").parse().unwrap());
        customise(settings);
    })
    .await;
    app.with_cookie_jar();
    app
}

impl TestApp {
    /// `GET /auth/login`: the provider's authorisation URL it redirects to, parsed.
    pub async fn start_login(&self, return_to: &str) -> url::Url {
        let response = self.get(&format!("/auth/login?returnTo={}", urlencode(return_to)), &[]).await;
        assert_eq!(response.status(), 303);
        url::Url::parse(header(response.headers(), "location")).unwrap()
    }

    /// `GET /auth/callback` as the provider's redirect would make it; returns the Location.
    pub async fn callback(&self, query: &str) -> String {
        let response = self.get(&format!("/auth/callback?{query}"), &[]).await;
        assert_eq!(response.status(), 303);
        header(response.headers(), "location").to_owned()
    }

    /// A complete sign-in through the stand-in provider; returns the XSRF token.
    pub async fn sign_in(&self, idp: &crate::fake_idp::FakeIdp, access_ttl: i64) -> String {
        let authorize = self.start_login("/home").await;
        let state = query(&authorize, "state");
        idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), access_ttl)).await;
        assert_eq!(self.callback(&format!("code=abc&state={state}")).await, "/home");
        self.xsrf_token()
    }

    /// Keeps cookies from now on, as a browser does.
    pub fn with_cookie_jar(&mut self) {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        self.client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .cookie_provider(jar.clone())
            .build()
            .unwrap();
        self.jar = Some(jar);
    }

    /// A cookie the browser holds for the portal.
    pub fn cookie(&self, name: &str) -> Option<String> {
        use reqwest::cookie::CookieStore;
        let jar = self.jar.as_ref()?;
        let cookies = jar.cookies(&self.address.parse().unwrap())?;
        cookies.to_str().unwrap().split("; ").find_map(|pair| {
            pair.split_once('=').filter(|(key, _)| *key == name).map(|(_, value)| value.to_owned())
        })
    }

    /// The session id the browser holds (plain-http loopback: no `__Host-` prefix).
    pub fn session_cookie(&self) -> String {
        self.cookie("espace-assure-session").expect("signed in: the session cookie is set")
    }

    pub fn xsrf_token(&self) -> String {
        self.cookie("XSRF-TOKEN").expect("signed in: the XSRF-TOKEN cookie is set")
    }
}

/// The cookies of a browser signed in on `app`, for calls made as that browser later on.
pub fn cookies_of(app: &TestApp) -> String {
    format!("espace-assure-session={}; XSRF-TOKEN={}", app.session_cookie(), app.xsrf_token())
}

/// The status of `GET {address}{path}` sent with `cookies` only, as that browser would.
pub async fn status_with_cookies(address: &str, path: &str, cookies: &str) -> u16 {
    reqwest::Client::new()
        .get(format!("{address}{path}"))
        .header("Cookie", cookies)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Marie DUPONT signs in on the demo binary at `address` through its provider's page, as in a
/// browser (`browser` keeps cookies and follows redirects).
pub async fn sign_in_through_the_demo_provider(address: &str, browser: &reqwest::Client) {
    assert_eq!(sign_in_as_through_the_demo_provider(address, browser, "100001").await.path(), "/home");
}

/// The person the demo provider's page names `person` signs in; where the browser lands.
pub async fn sign_in_as_through_the_demo_provider(
    address: &str,
    browser: &reqwest::Client,
    person: &str,
) -> url::Url {
    let page = browser.get(format!("{address}/auth/login?returnTo=/home")).send().await.unwrap();
    let page = page.text().await.unwrap();
    let request = page.split("name=\"request\" value=\"").nth(1).unwrap().split('"').next().unwrap();
    let landed = browser
        .post(format!("{address}/_demo/idp/sign-in"))
        .form(&[("request", request), ("person", person)])
        .send()
        .await
        .unwrap();
    landed.url().clone()
}

pub fn query(url: &url::Url, name: &str) -> String {
    url.query_pairs().find(|(key, _)| key == name).map(|(_, value)| value.into_owned()).unwrap_or_default()
}

pub fn urlencode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// A browser that keeps its cookies, and reads the anti-forgery one to echo it.
pub struct Browser {
    pub client: reqwest::Client,
    jar: std::sync::Arc<reqwest::cookie::Jar>,
    pub address: String,
}

impl Browser {
    pub fn on(app: &TestApp) -> Self {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        let client = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
        Self { client, jar, address: app.address.clone() }
    }

    pub async fn sign_in(&self, person: &str) -> String {
        sign_in_as_through_the_demo_provider(&self.address, &self.client, person).await.path().to_owned()
    }

    pub fn xsrf(&self) -> String {
        let cookies =
            reqwest::cookie::CookieStore::cookies(&*self.jar, &self.address.parse().unwrap()).unwrap();
        let cookies = cookies.to_str().unwrap().to_owned();
        cookies.split("; ").find_map(|pair| pair.strip_prefix("XSRF-TOKEN=")).unwrap().to_owned()
    }

    pub async fn get(&self, path: &str) -> (u16, serde_json::Value) {
        let answer = self.client.get(format!("{}{path}", self.address)).send().await.unwrap();
        (answer.status().as_u16(), answer.json().await.unwrap_or(serde_json::Value::Null))
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address))
            .header("X-XSRF-TOKEN", self.xsrf());
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await.unwrap();
        (answer.status().as_u16(), answer.json().await.unwrap_or(serde_json::Value::Null))
    }
}

/// The demo's outbox page once it shows `expected`: the mail queue sends in the background, a
/// moment after the member's answer.
pub async fn outbox_showing(app: &TestApp, expected: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let outbox = app.get_html("/_demo/outbox").await.text().await.unwrap();
        if outbox.contains(expected) || std::time::Instant::now() > deadline {
            return outbox;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
