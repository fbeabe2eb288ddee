//! The binary itself: configuration checks, start-up failures, graceful shutdown.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_espace-assure");

fn example_config() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config.example.toml")
}

fn check_config(text: &str) -> std::process::Output {
    let mut file = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    Command::new(BINARY).args(["check-config"]).arg(file.path()).env_clear().output().unwrap()
}

#[test]
fn check_config_accepts_the_documented_example() {
    let output = Command::new(BINARY).arg("check-config").arg(example_config()).env_clear().output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn check_config_refuses_a_broken_file_with_exit_code_2_naming_the_key() {
    for (text, key) in [
        ("[server]\nlisten = \"not an address\"\n[demo]\nenabled = true\n", "server.listen"),
        ("[demo]\nenabled = true\n[brand]\nprimary_color = \"red\"\n", "brand.primary_color"),
        ("[demo]\nenabled = true\n[server]\nunknown_key = 1\n", "unknown_key"),
        ("[server]\nlisten = \"127.0.0.1:1\"\n", "oidc.issuer"),
        ("this is not toml", "TOML"),
    ] {
        let output = check_config(text);
        assert_eq!(output.status.code(), Some(2), "{text}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(key), "{key} not named in: {stderr}");
    }
}

#[test]
fn check_config_refuses_a_rewording_of_an_unknown_key_or_without_its_placeholder() {
    let mut messages = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    messages
        .write_all(
            r#"{"app.pageTitle": "Mon espace", "home.tuile.inconnue": "x", "app.name": "Mon espace"}"#
                .as_bytes(),
        )
        .unwrap();
    let config = format!("[demo]\nenabled = true\n[brand]\nmessages_file = {:?}\n", messages.path());
    let output = check_config(&config);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(r#"brand.messages_file: "app.pageTitle" lacks the placeholder {page}"#),
        "{stderr}"
    );
    assert!(stderr.contains(r#"brand.messages_file: unknown key "home.tuile.inconnue""#), "{stderr}");
    assert!(!stderr.contains("app.name"), "a good rewording is not a problem: {stderr}");
}

#[test]
fn a_missing_file_is_exit_code_2() {
    let output =
        Command::new(BINARY).args(["--config", "/nonexistent/espace.toml"]).env_clear().output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/espace.toml"));
}

#[test]
fn an_invalid_environment_override_stops_start_up_naming_the_key() {
    let output =
        Command::new(BINARY).env_clear().env("ESPACE_ASSURE__SERVER__WORKERS", "many").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("server.workers"));
}

#[test]
fn version_names_the_commit_and_the_build_date() {
    let output = Command::new(BINARY).arg("--version").env_clear().output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let commit = String::from_utf8(head.stdout).unwrap();
    let prefix = format!("espace-assure {} (commit {}, built ", env!("CARGO_PKG_VERSION"), commit.trim());
    assert!(text.starts_with(&prefix), "{text} does not start with {prefix}");
    let date = text.trim_end().strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(')')).unwrap();
    assert!(chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok(), "{text}");
}

/// The demo binary on a free port of loopback, its data in `data`: the child, and its address.
fn start_demo(data: &std::path::Path) -> (std::process::Child, String) {
    start_demo_with(data, &[])
}

/// The same, with more of the configuration in the environment.
fn start_demo_with(data: &std::path::Path, settings: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut child = Command::new(BINARY)
        .env_clear()
        .env("ESPACE_ASSURE__SERVER__LISTEN", "127.0.0.1:0")
        .envs(settings.iter().copied())
        .current_dir(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let address = crate::helpers::announced_address(&mut child);
    (child, address.trim_start_matches("http://").to_owned())
}

fn healthcheck(listen: &str) -> std::process::Output {
    Command::new(BINARY)
        .arg("healthcheck")
        .env_clear()
        .env("ESPACE_ASSURE__SERVER__LISTEN", listen)
        .output()
        .unwrap()
}

#[test]
fn healthcheck_succeeds_while_the_instance_answers_and_fails_once_it_is_gone() {
    let data = tempfile::tempdir().unwrap();
    let (mut child, address) = start_demo(data.path());
    let port = address.rsplit(':').next().unwrap();
    assert!(healthcheck(&address).status.success());
    // A container listens on every address: the check asks loopback.
    assert!(healthcheck(&format!("0.0.0.0:{port}")).status.success());
    child.kill().unwrap();
    child.wait().unwrap();
    let output = healthcheck(&address);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("http://{address}/healthz does not answer")), "{stderr}");
}

#[test]
fn sigterm_stops_the_server_gracefully() {
    let data = tempfile::tempdir().unwrap();
    let (mut child, _) = start_demo(data.path());
    terminate(&child);
    exits_successfully(&mut child);
}

/// A member's request in flight when the portal is told to stop is answered whole: the demo's
/// member API, which the portal calls on a listener of its own, stops only after the portal's
/// last request. With each call taking 1.5 s, the home's second round (its payments' detail
/// lines) is called after the signal.
#[tokio::test]
async fn a_request_in_flight_as_the_portal_stops_still_reaches_the_demo_member_api() {
    answered_whole_after_sigterm(&[]).await;
}

/// The same with the metrics on a listener of their own (`server.metrics_listen`, as a
/// cluster runs it): that idle listener must not end the process before the portal's drain.
#[tokio::test]
async fn a_request_in_flight_is_answered_whole_when_the_metrics_have_a_listener_of_their_own() {
    // Another loopback address, so that both can take a free port (the same `127.0.0.1:0`
    // twice is refused as one listener).
    answered_whole_after_sigterm(&[("ESPACE_ASSURE__SERVER__METRICS_LISTEN", "127.0.0.2:0")]).await;
}

async fn answered_whole_after_sigterm(settings: &[(&str, &str)]) {
    let data = tempfile::tempdir().unwrap();
    let settings: Vec<(&str, &str)> = [("ESPACE_ASSURE__DEMO__API_LATENCY_MS", "1500")]
        .into_iter()
        .chain(settings.iter().copied())
        .collect();
    let (mut child, address) = start_demo_with(data.path(), &settings);
    let browser = reqwest::Client::builder().cookie_store(true).build().unwrap();
    crate::helpers::sign_in_through_the_demo_provider(&format!("http://{address}"), &browser).await;
    let home = tokio::spawn(browser.get(format!("http://{address}/api/home")).send());
    // The request read by the portal, its first calls under way (an idle connection would be
    // closed by the stop, not served): a wide margin before the signal, and still well before
    // the second round.
    tokio::time::sleep(Duration::from_millis(300)).await;
    terminate(&child);
    let started = Instant::now();
    while std::net::TcpStream::connect(&address).is_ok() {
        assert!(started.elapsed() < Duration::from_secs(30), "still accepting after SIGTERM");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!home.is_finished(), "the home was answered before the portal began to stop");
    let home = home.await.unwrap().unwrap();
    assert_eq!(home.status(), 200);
    let home: serde_json::Value = home.json().await.unwrap();
    for part in ["remboursements", "demandes", "echeanceProchaine", "nouveautes", "raccordements"] {
        assert!(home[part].get("data").is_some(), "{part}: {}", home[part]);
    }
    exits_successfully(&mut child);
}

fn terminate(child: &std::process::Child) {
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
}

fn exits_successfully(child: &mut std::process::Child) {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "still running after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn check_config_says_how_private_key_jwt_and_dpop_sign_and_refuses_a_key_it_cannot_use() {
    let key = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/client-v1-key.pem");
    let config = |key_file: &str| {
        format!(
            "[demo]\nenabled = true\nidp = false\n[oidc]\nissuer = \"https://sso.example/realms/m\"\n\
             client_auth = \"private_key_jwt\"\nclient_assertion_key_file = \"{key_file}\"\ndpop = true\n"
        )
    };
    let output = check_config(&config(&key.display().to_string()));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("private_key_jwt signs with ES256, kid "), "{stdout}");
    assert!(stdout.contains("oidc.dpop: each session's tokens bound to a P-256 key of its own"), "{stdout}");

    let not_a_key = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(not_a_key.path(), "not a key\n").unwrap();
    let output = check_config(&config(&not_a_key.path().display().to_string()));
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("oidc.client_assertion_key_file: not a PKCS#8 PEM private key"), "{stderr}");
    let output = check_config(
        "[demo]\nenabled = true\nidp = false\n[oidc]\nissuer = \"https://sso.example/\"\nclient_auth = \"private_key_jwt\"\n",
    );
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("oidc.client_assertion_key_file: required with private_key_jwt")
    );
}
