//! `espace-assure check-upstreams`, the real binary: against the demo's upstreams named as real
//! ones, every check passes; against stand-ins that each break one rule, that rule's line says
//! FAIL and the exit code is 1.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, header, spawn_app_with};
use crate::redis_sessions::test_redis::TestRedis;

const BINARY: &str = env!("CARGO_BIN_EXE_espace-assure");
const SECRET: &str = "check-upstreams-client-secret";
const MARIE: &str = "100001";
/// `session.encryption_keys` of the configurations using Redis outside demo mode.
const SEALING_KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/// The portal in demo mode: its `/_demo/*` upstreams are what the configurations name.
async fn demo() -> TestApp {
    spawn_app_with(|settings| settings.oidc.client_secret = Some(SECRET.into())).await
}

/// A configuration naming `issuer`, `api` and `cms` as real upstreams, and `more`.
fn configuration(issuer: &str, api: &str, cms: &str, more: &str) -> tempfile::NamedTempFile {
    configuration_with_oidc(issuer, "", api, cms, more)
}

/// The same, with `oidc` lines of the `[oidc]` section.
fn configuration_with_oidc(
    issuer: &str,
    oidc: &str,
    api: &str,
    cms: &str,
    more: &str,
) -> tempfile::NamedTempFile {
    let text = format!(
        "[oidc]\nissuer = \"{issuer}\"\nclient_secret = \"{SECRET}\"\n{oidc}\
         [upstream.api]\nbase_url = \"{api}\"\n[upstream.cms]\nbase_url = \"{cms}\"\n{more}"
    );
    written(&text, ".toml")
}

/// The demo's own upstreams, named as real ones.
fn demo_configuration(app: &TestApp, more: &str) -> tempfile::NamedTempFile {
    let demo = &app.address;
    configuration(
        &format!("{demo}/_demo/idp"),
        &format!("{demo}/_demo/api/"),
        &format!("{demo}/_demo/cms/"),
        more,
    )
}

/// A configuration in demo mode with some upstreams real (`more` says which).
pub fn demo_mode_configuration(more: &str) -> tempfile::NamedTempFile {
    written(&format!("[demo]\nenabled = true\n{more}"), ".toml")
}

fn written(text: &str, suffix: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file
}

pub struct Checked {
    pub code: Option<i32>,
    pub lines: Vec<String>,
    pub stdout: String,
}

impl Checked {
    pub fn failures(&self) -> Vec<&str> {
        self.lines.iter().map(String::as_str).filter(|line| line.starts_with("FAIL")).collect()
    }

    pub fn has(&self, start: &str) -> bool {
        self.lines.iter().any(|line| line.starts_with(start))
    }

    /// Exit 1, with a FAIL line starting with `start` and no other but those `also` allows.
    fn assert_fails_only(&self, start: &str, also: &[&str]) {
        assert_eq!(self.code, Some(1), "{}", self.stdout);
        assert!(self.has(start), "no line {start:?} in:\n{}", self.stdout);
        for failure in self.failures() {
            assert!(
                failure.starts_with(start) || also.iter().any(|allowed| failure.starts_with(allowed)),
                "unexpected {failure:?} in:\n{}",
                self.stdout
            );
        }
    }
}

/// Runs `check-upstreams` with `configuration` and, when given, a member's token.
pub async fn check_upstreams(configuration: &Path, token: Option<&str>) -> Checked {
    let token_file = token.map(|token| written(&format!("{token}\n"), ".jwt"));
    let mut command = tokio::process::Command::new(BINARY);
    command.env_clear().arg("check-upstreams").arg("--config").arg(configuration);
    if let Some(file) = &token_file {
        command.arg("--member-token-file").arg(file.path());
    }
    let output = command.output().await.unwrap();
    let stdout = String::from_utf8(output.stdout).expect("the output is text");
    assert!(
        stdout.chars().all(|c| c == '\n' || c == ' ' || c.is_ascii_graphic()),
        "only printable ASCII: {stdout:?}"
    );
    Checked { code: output.status.code(), lines: stdout.lines().map(str::to_owned).collect(), stdout }
}

/// A test member's access token from the demo's provider: its sign-in page, as a browser
/// would go through it.
async fn member_token(app: &TestApp, person: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let verifier = format!("{}{}", crate::helpers::random(), crate::helpers::random());
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(&verifier));
    let redirect_uri = format!("{}/auth/callback", app.address);
    let idp = format!("{}/_demo/idp", app.address);
    let authorize = url::Url::parse_with_params(
        &format!("{idp}/auth"),
        [
            ("client_id", "espace-assure"),
            ("redirect_uri", &redirect_uri),
            ("response_type", "code"),
            ("scope", "openid profile email"),
            ("state", "state-1"),
            ("nonce", "nonce-1"),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
        ],
    )
    .unwrap();
    let page = app.client.get(authorize).send().await.unwrap().text().await.unwrap();
    let pending = scraper::Html::parse_document(&page)
        .select(&scraper::Selector::parse("form input[name=request]").unwrap())
        .next()
        .expect("the sign-in page's pending request")
        .attr("value")
        .unwrap()
        .to_owned();
    let chosen = app
        .client
        .post(format!("{idp}/sign-in"))
        .form(&[("request", pending.as_str()), ("person", person)])
        .send()
        .await
        .unwrap();
    let location = url::Url::parse(header(chosen.headers(), "location")).unwrap();
    let code = location.query_pairs().find(|(key, _)| key == "code").unwrap().1.into_owned();
    let tokens: Value = app
        .client
        .post(format!("{idp}/token"))
        .basic_auth("espace-assure", Some(SECRET))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", redirect_uri.as_str()),
            ("code_verifier", verifier.as_str()),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    tokens["access_token"].as_str().expect("an access token").to_owned()
}

/// A stand-in in front of the demo's upstreams: its `/{idp,api,cms}/…` is the demo's
/// `/_demo/{idp,api,cms}/…`, except the paths `overrides` gives (from the stand-in's own
/// address), which it answers itself with a status and a JSON body.
async fn stand_in(demo: &TestApp, overrides: impl FnOnce(&str) -> HashMap<String, (u16, Value)>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let demo = format!("{}/_demo", demo.address);
    let overrides = Arc::new(overrides(&url));
    tokio::spawn(async move {
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        loop {
            let (tcp, _) = listener.accept().await.unwrap();
            let (client, demo, overrides) = (client.clone(), demo.clone(), overrides.clone());
            tokio::spawn(async move {
                let service =
                    hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                        let (client, demo, overrides) = (client.clone(), demo.clone(), overrides.clone());
                        async move {
                            let (status, content_type, body) = match overrides.get(request.uri().path()) {
                                Some((status, body)) => {
                                    (*status, "application/json".to_owned(), body.to_string().into())
                                }
                                None => forward(&client, &demo, request).await,
                            };
                            hyper::Response::builder()
                                .status(status)
                                .header("content-type", content_type)
                                .body(Full::new(body))
                        }
                    });
                let io = hyper_util::rt::TokioIo::new(tcp);
                let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, service).await;
            });
        }
    });
    url
}

/// Answers the stand-in serves itself: `path` only.
fn only(path: &str, status: u16, body: Value) -> impl FnOnce(&str) -> HashMap<String, (u16, Value)> {
    let path = path.to_owned();
    move |_| HashMap::from([(path, (status, body))])
}

async fn forward(
    client: &reqwest::Client,
    demo: &str,
    request: hyper::Request<hyper::body::Incoming>,
) -> (u16, String, bytes::Bytes) {
    let target = format!("{demo}{}", request.uri().path_and_query().map_or("/", |path| path.as_str()));
    let mut call = client.request(request.method().clone(), target);
    for name in ["authorization", "accept", "content-type"] {
        if let Some(value) = request.headers().get(name) {
            call = call.header(name, value.as_bytes());
        }
    }
    let body = request.into_body().collect().await.unwrap().to_bytes();
    let answer = call.body(body).send().await.unwrap();
    let content_type = header(answer.headers(), "content-type").to_owned();
    (answer.status().as_u16(), content_type, answer.bytes().await.unwrap())
}

/// The provider at a stand-in serving the demo's discovery document under its own issuer,
/// changed by `change`, its endpoints still the demo's; the member API and the content
/// service the demo's.
async fn check_with_provider(change: impl FnOnce(&mut Value)) -> Checked {
    check_with_provider_and("", change).await
}

/// The same, with `oidc` lines of the `[oidc]` section.
async fn check_with_provider_and(oidc: &str, change: impl FnOnce(&mut Value)) -> Checked {
    let app = demo().await;
    let url = format!("{}/_demo/idp/.well-known/openid-configuration", app.address);
    let mut document: Value = app.client.get(url).send().await.unwrap().json().await.unwrap();
    let provider = stand_in(&app, move |stand_in| {
        document["issuer"] = json!(format!("{stand_in}/idp"));
        change(&mut document);
        HashMap::from([("/idp/.well-known/openid-configuration".to_owned(), (200, document))])
    })
    .await;
    let demo = &app.address;
    let config = configuration_with_oidc(
        &format!("{provider}/idp"),
        oidc,
        &format!("{demo}/_demo/api/"),
        &format!("{demo}/_demo/cms/"),
        "",
    );
    check_upstreams(config.path(), None).await
}

#[tokio::test]
async fn against_the_demo_s_upstreams_every_check_passes() {
    let app = demo().await;
    let token = member_token(&app, MARIE).await;
    let redis = TestRedis::start().await;
    let sessions = format!(
        "[session]\nstore = \"redis\"\nredis_url = \"{}\"\nencryption_keys = [\"{SEALING_KEY}\"]\n",
        redis.url()
    );
    let config = demo_configuration(&app, &sessions);

    let checked = check_upstreams(config.path(), Some(&token)).await;

    assert_eq!(checked.code, Some(0), "{}", checked.stdout);
    assert_eq!(checked.failures(), Vec::<&str>::new());
    for line in [
        "ok   provider: issuer",
        "ok   provider: PKCE S256 offered",
        "ok   provider: back-channel logout supported",
        "ok   provider: ID tokens may be signed with ES256",
        "ok   provider: keys at",
        "ok   provider: the portal's OpenID client reads",
        "ok   provider: userinfo gives the test member's NUMERO_PERSONNE",
        "ok   member API: the test member's token carries NUMERO_PERSONNE",
        "ok   member API: POST /compte/auth: 200, valid",
        "ok   member API: GET /assure/infos: 200, valid",
        "ok   member API: GET /demande/",
        "ok   member API: GET /assure/livret: 200, application/pdf",
        "ok   content: accueil answers",
        "ok   content: mention-legale answers",
        "ok   content: menus answers",
        "ok   content: menus/1 answers",
        "ok   content: bloc-gauche/home answers",
        "ok   content: bandeau-nouveautes answers",
        "ok   content: page-nouveautes/1 answers",
        "ok   redis: socket",
        "skip mail: no mail transport",
    ] {
        assert!(checked.has(line), "no line {line:?} in:\n{}", checked.stdout);
    }
}

#[tokio::test]
async fn without_a_member_token_its_checks_are_skipped_not_failed() {
    let app = demo().await;
    let config = demo_configuration(&app, "");

    let checked = check_upstreams(config.path(), None).await;

    assert_eq!(checked.code, Some(0), "{}", checked.stdout);
    assert!(
        checked.has("skip provider: NUMERO_PERSONNE in userinfo (no --member-token-file)"),
        "{}",
        checked.stdout
    );
    assert!(
        checked
            .has("skip member API: the sign-in call and each read of the contract (no --member-token-file)")
    );
}

#[tokio::test]
async fn a_provider_naming_another_issuer_fails_its_issuer_check_printed_escaped() {
    // Control characters that would, printed raw, forge a passing line on the terminal.
    let forged = "https://sso.elsewhere.example/realms/x\r\nok   provider: forged\u{1b}[2J";
    let checked = check_with_provider(|document| document["issuer"] = json!(forged)).await;

    checked
        .assert_fails_only("FAIL provider: issuer", &["FAIL provider: the portal's OpenID client refuses"]);
    assert!(!checked.has("ok   provider: forged"), "{}", checked.stdout);
    assert!(checked.stdout.contains("\\u{d}\\u{a}ok   provider: forged\\u{1b}[2J"), "{}", checked.stdout);
}

#[tokio::test]
async fn a_provider_without_pkce_s256_fails_its_pkce_check() {
    let checked =
        check_with_provider(|document| document["code_challenge_methods_supported"] = json!(["plain"])).await;
    checked.assert_fails_only(
        "FAIL provider: PKCE S256 not offered (code_challenge_methods_supported: [\"plain\"])",
        &[],
    );
}

#[tokio::test]
async fn with_dpop_a_provider_that_binds_no_token_to_an_es256_key_fails_its_dpop_check() {
    let checked = check_with_provider_and("dpop = true\n", |_| {}).await;
    assert!(checked.has("ok   provider: DPoP-bound tokens, proofs signed ES256"), "{}", checked.stdout);
    let checked = check_with_provider_and("dpop = true\n", |document| {
        document["dpop_signing_alg_values_supported"] = json!(["PS256"]);
    })
    .await;
    checked.assert_fails_only(
        "FAIL provider: DPoP-bound tokens, proofs signed ES256 as oidc.dpop makes them (dpop_signing_alg_values_supported: [\"PS256\"])",
        &[],
    );
}

#[tokio::test]
async fn a_provider_without_back_channel_logout_fails_its_logout_check() {
    let checked = check_with_provider(|document| {
        document.as_object_mut().unwrap().remove("backchannel_logout_supported");
    })
    .await;
    checked.assert_fails_only("FAIL provider: back-channel logout not supported", &[]);
}

#[tokio::test]
async fn a_provider_signing_with_no_accepted_algorithm_fails_its_algorithm_check() {
    let checked =
        check_with_provider(|document| document["id_token_signing_alg_values_supported"] = json!(["HS256"]))
            .await;
    checked.assert_fails_only("FAIL provider: none of oidc.signing_algorithms (RS256, ES256) offered", &[]);
}

#[tokio::test]
async fn a_member_api_answering_outside_its_schema_fails_that_read() {
    let app = demo().await;
    let token = member_token(&app, MARIE).await;
    let broken = json!({ "email": 42, "unexpected": true });
    let api = stand_in(&app, only("/api/assure/infos", 200, broken)).await;
    let demo = &app.address;
    let config = configuration(
        &format!("{demo}/_demo/idp"),
        &format!("{api}/api/"),
        &format!("{demo}/_demo/cms/"),
        "",
    );

    let checked = check_upstreams(config.path(), Some(&token)).await;

    checked.assert_fails_only("FAIL member API: GET /assure/infos: 200 but", &[]);
    assert!(checked.has("ok   member API: GET /assure/contrats: 200, valid"), "{}", checked.stdout);
}

#[tokio::test]
async fn a_missing_content_path_fails_its_check() {
    let app = demo().await;
    let not_found = json!({ "status": 404, "code": "not_found", "message": "Introuvable." });
    let cms = stand_in(&app, only("/cms/mention-legale", 404, not_found)).await;
    let demo = &app.address;
    let config = configuration(
        &format!("{demo}/_demo/idp"),
        &format!("{demo}/_demo/api/"),
        &format!("{cms}/cms/"),
        "",
    );

    let checked = check_upstreams(config.path(), None).await;

    checked.assert_fails_only("FAIL content: mention-legale: not found", &[]);
    assert!(checked.has("ok   content: accueil answers"), "{}", checked.stdout);
}

/// A Strapi with the content model of `packaging/strapi/` and one entry of each, whose
/// writes answer `write_status`.
async fn strapi(write_status: u16) -> MockServer {
    let server = MockServer::start().await;
    let collection =
        |entries: Value| json!({ "data": entries, "meta": { "pagination": { "page": 1, "pageCount": 1 } } });
    let answers = [
        ("/api/accueil", json!({ "data": { "Titre": "Bienvenue", "Contenu": "<p>Bonjour</p>" } })),
        (
            "/api/mention-legale",
            json!({ "data": { "mentionsLegales": { "Titre": "Mentions", "Contenu": "m" }, "cgu": { "Titre": "CGU", "Contenu": "c" } } }),
        ),
        (
            "/api/menus",
            collection(
                json!([{ "identifiant": 1, "Titre": "Article", "courtierChesneau": false, "Contenu": "a" }]),
            ),
        ),
        (
            "/api/blocs-gauche",
            collection(json!([{ "cle": "home", "Titre": "Bloc", "Lien": "/home", "LienTitre": "Voir" }])),
        ),
        (
            "/api/bandeaux-nouveautes",
            collection(
                json!([{ "Libelle": "Nouveau", "Texte": "t", "URL": "/home/nouveautes/1", "Visible": true }]),
            ),
        ),
        (
            "/api/pages-nouveautes",
            collection(json!([{ "identifiant": 1, "Titre": "Nouveautés", "Contenu": "n" }])),
        ),
    ];
    for (route, body) in answers {
        Mock::given(method("GET"))
            .and(path(route))
            .respond_with(ResponseTemplate::new(200).set_body_json(body))
            .mount(&server)
            .await;
    }
    let refusal =
        json!({ "data": null, "error": { "status": write_status, "name": "Refused", "message": "no" } });
    for verb in ["POST", "PUT"] {
        Mock::given(method(verb))
            .respond_with(ResponseTemplate::new(write_status).set_body_json(refusal.clone()))
            .mount(&server)
            .await;
    }
    server
}

fn strapi_configuration(server: &MockServer) -> tempfile::NamedTempFile {
    demo_mode_configuration(&format!(
        "cms = false\n[upstream.cms]\nkind = \"strapi\"\nbase_url = \"{}/\"\napi_token = \"a-strapi-token\"\n",
        server.uri()
    ))
}

#[tokio::test]
async fn a_strapi_with_the_content_model_and_a_read_only_token_passes() {
    let server = strapi(403).await;
    let config = strapi_configuration(&server);

    let checked = check_upstreams(config.path(), None).await;

    assert_eq!(checked.code, Some(0), "{}", checked.stdout);
    assert!(checked.has("ok   content: page-nouveautes/1 answers"), "{}", checked.stdout);
    assert!(
        checked.has("ok   content: the Strapi token is read-only (6 writes refused: 403)"),
        "{}",
        checked.stdout
    );
    assert!(checked.has("skip provider: the demo's embedded provider"), "{}", checked.stdout);
    let writes = server.received_requests().await.unwrap();
    assert!(
        writes.iter().filter(|request| request.method.as_str() != "GET").all(|request| {
            let body: Value = serde_json::from_slice(&request.body).unwrap();
            body.get("data").is_none()
        }),
        "a write carries no data: a writeable token creates nothing"
    );
}

#[tokio::test]
async fn a_strapi_token_that_can_write_fails_the_read_only_check() {
    let server = strapi(400).await;
    let config = strapi_configuration(&server);

    let checked = check_upstreams(config.path(), None).await;

    checked.assert_fails_only("FAIL content: the Strapi token can write: POST api/menus answered 400", &[]);
}

#[tokio::test]
async fn a_redis_refusing_the_connection_fails_its_check() {
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let config = demo_mode_configuration(&format!(
        "[session]\nstore = \"redis\"\nredis_url = \"redis://127.0.0.1:{closed}/0\"\n"
    ));

    let checked = check_upstreams(config.path(), None).await;

    checked.assert_fails_only(
        &format!("FAIL redis: 127.0.0.1:{closed} (no TLS, the default user without a password)"),
        &[],
    );
}

#[tokio::test]
async fn a_redis_whose_acl_keeps_the_portal_from_its_keys_fails_its_check() {
    let redis =
        TestRedis::start_with(&["--user", "portail", "on", ">mot-de-passe", "~other:*", "+@all"]).await;
    let url = format!("{}?user=portail&pass=mot-de-passe", redis.url());
    let config = demo_mode_configuration(&format!("[session]\nstore = \"redis\"\nredis_url = \"{url}\"\n"));

    let checked = check_upstreams(config.path(), None).await;

    checked.assert_fails_only("FAIL redis: socket", &[]);
    assert!(checked.has("FAIL redis: socket"), "{}", checked.stdout);
    assert!(checked.stdout.contains("ACL user portail"), "{}", checked.stdout);
    assert!(checked.stdout.contains("SET"), "the refused command is named: {}", checked.stdout);
}

/// An SMTP relay that greets and answers EHLO and NOOP, without offering STARTTLS.
async fn relay_without_starttls() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let (tcp, _) = listener.accept().await.unwrap();
            tokio::spawn(async move {
                let (read, mut write) = tcp.into_split();
                write.write_all(b"220 relay.test ESMTP stand-in\r\n").await.unwrap();
                let mut lines = BufReader::new(read).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.split(' ').next().unwrap_or_default().to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 relay.test\r\n",
                        "NOOP" => b"250 OK\r\n",
                        "QUIT" => b"221 Bye\r\n",
                        _ => b"502 Not implemented\r\n",
                    };
                    if write.write_all(answer).await.is_err() || verb == "QUIT" {
                        break;
                    }
                }
            });
        }
    });
    port
}

#[tokio::test]
async fn an_smtp_relay_is_greeted_and_one_without_starttls_fails_when_tls_is_required() {
    let port = relay_without_starttls().await;
    let local = demo_mode_configuration(&format!(
        "[mail]\ntransport = \"smtp\"\nsmtp_url = \"smtp://127.0.0.1:{port}\"\n"
    ));
    let checked = check_upstreams(local.path(), None).await;
    assert_eq!(checked.code, Some(0), "{}", checked.stdout);
    assert!(
        checked.has(&format!("ok   mail: relay 127.0.0.1:{port} (no TLS (a relay on this machine))")),
        "{}",
        checked.stdout
    );

    let required = demo_mode_configuration(&format!(
        "[mail]\ntransport = \"smtp\"\nsmtp_url = \"smtp://127.0.0.1:{port}?tls=required\"\n"
    ));
    let checked = check_upstreams(required.path(), None).await;
    checked.assert_fails_only(&format!("FAIL mail: relay 127.0.0.1:{port} (STARTTLS required)"), &[]);
}

#[tokio::test]
async fn an_unreadable_token_file_is_a_configuration_error() {
    let config = demo_mode_configuration("");
    let output = tokio::process::Command::new(BINARY)
        .env_clear()
        .args(["check-upstreams", "--member-token-file", "/nonexistent/token"])
        .arg("--config")
        .arg(config.path())
        .output()
        .await
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("--member-token-file: cannot read /nonexistent/token")
    );
}
