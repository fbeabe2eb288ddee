//! The audit trail (`[audit]`): what a member's visit leaves in it, that the file names no one
//! and shows tampering, and that a read whose record cannot be kept is refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use espace_assure::audit::{Pseudonyms, verify};
use serde_json::{Value, json};

use crate::demo_api_through_portal::portal_signed_in_as_marie_with;
use crate::fake_idp::FakeIdp;
use crate::helpers::{TestApp, assert_json_error};

const KEY: &str = "a pseudonym key of thirty-two characters at least";

async fn audited_portal(idp: &FakeIdp, file: &Path) -> (TestApp, String) {
    let file = file.to_owned();
    portal_signed_in_as_marie_with(idp, move |settings| {
        settings.audit.file = Some(file);
        settings.audit.pseudonym_key = Some(KEY.to_owned().into());
    })
    .await
}

/// « Mes préférences » saved (a write the trail records), the alerts' address unchanged; its status.
async fn change_preferences(app: &TestApp, xsrf: &str, remboursement: bool) -> u16 {
    let choices = json!({"alertes": {"remboursement": remboursement, "demande": true, "document": true},
                         "zeroPapier": true, "emailAlertes": null});
    let url = format!("{}/api/assure/preferences", app.address);
    let changed = app.client.put(url).header("X-XSRF-TOKEN", xsrf).json(&choices).send().await.unwrap();
    changed.status().as_u16()
}

fn lines(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[tokio::test]
async fn a_visit_is_recorded_under_a_pseudonym_and_the_chain_holds() {
    let idp = FakeIdp::start().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("audit.jsonl");
    let (app, xsrf) = audited_portal(&idp, &file).await;

    assert_eq!(app.get("/api/assure/prestations", &[]).await.status(), 200);
    assert_eq!(app.get("/api/assure/infos", &[]).await.status(), 200, "not health data: not recorded");
    assert_eq!(app.get("/api/demande/2", &[]).await.status(), 200);
    assert_eq!(change_preferences(&app, &xsrf, false).await, 200);
    let session_cookie = app.session_cookie();
    let signed_out = app.request(reqwest::Method::POST, "/auth/logout", &[("X-XSRF-TOKEN", &xsrf)]).await;
    assert_eq!(signed_out.status(), 200);

    let events = lines(&file);
    let kinds: Vec<&str> = events.iter().map(|event| event["event"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["sign_in", "read", "read", "write", "sign_out"]);
    let marie = Pseudonyms::new(&KEY.to_owned().into()).of("100001");
    assert!(events.iter().all(|event| event["member"] == marie.as_str()), "{events:?}");
    let session = &events[0]["session"];
    assert!(session.is_string() && events.iter().all(|event| &event["session"] == session));
    assert_eq!(events[1]["route"], "/api/assure/prestations");
    assert_eq!((&events[2]["route"], &events[2]["objects"]), (&json!("/api/demande/{id}"), &json!(["2"])));
    assert_eq!(events[3]["outcome"], 200);
    assert!(events.iter().all(|event| event["client"] == "127.0.0.1" && event["time"].is_string()));
    let text = std::fs::read_to_string(&file).unwrap();
    for secret in ["100001", "Marie", "DUPONT", &session_cookie, "refresh-1"] {
        assert!(!text.contains(secret), "the trail holds {secret}");
    }
    assert_eq!(verify(std::slice::from_ref(&file)).unwrap(), Ok(5));
}

#[tokio::test]
async fn a_line_altered_or_removed_is_named_by_the_verify_command() {
    let idp = FakeIdp::start().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("audit.jsonl");
    let (app, _) = audited_portal(&idp, &file).await;
    for _ in 0..3 {
        assert_eq!(app.get("/api/assure/prestations", &[]).await.status(), 200);
    }
    let verify_command = |files: &[PathBuf]| {
        Command::new(env!("CARGO_BIN_EXE_espace-assure"))
            .args(["audit", "verify"])
            .args(files)
            .output()
            .unwrap()
    };
    let intact = verify_command(std::slice::from_ref(&file));
    assert!(intact.status.success(), "{}", String::from_utf8_lossy(&intact.stderr));
    assert!(String::from_utf8_lossy(&intact.stdout).contains("4 lines"));

    let original = std::fs::read_to_string(&file).unwrap();
    let mut altered: Vec<String> = original.lines().map(str::to_owned).collect();
    altered[1] = altered[1].replace("\"outcome\":200", "\"outcome\":404");
    std::fs::write(&file, altered.join("\n") + "\n").unwrap();
    let refused = verify_command(std::slice::from_ref(&file));
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("line 3"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );

    let mut removed: Vec<&str> = original.lines().collect();
    removed.remove(2);
    std::fs::write(&file, removed.join("\n") + "\n").unwrap();
    assert_eq!(verify(std::slice::from_ref(&file)).unwrap().unwrap_err().line, 3);
}

#[tokio::test]
async fn a_read_whose_record_cannot_be_kept_is_a_503_and_a_change_made_keeps_its_answer() {
    let idp = FakeIdp::start().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("audit.jsonl");
    let (app, xsrf) = audited_portal(&idp, &file).await;
    // A rotation whose new file cannot be created: the path is now a folder.
    std::fs::rename(&file, folder.path().join("audit.jsonl.1")).unwrap();
    std::fs::create_dir(&file).unwrap();

    assert_json_error(app.get("/api/assure/prestations", &[]).await, 503, "service_unavailable").await;
    assert_eq!(app.get("/api/assure/infos", &[]).await.status(), 200);
    // A change made keeps its answer: saying it failed would have the member make it twice.
    assert_eq!(change_preferences(&app, &xsrf, true).await, 200);
}
