//! The captcha guarding the writes a script would abuse (`[captcha]`, ALTCHA by default): a
//! solved challenge passes once; a missing, forged or replayed solution is refused with a French
//! message before anything reaches the member API.

use espace_assure::config::CaptchaProvider;
use serde_json::{Value, json};

use crate::demo_api_through_portal::{
    portal_signed_in_as_marie, portal_signed_in_as_marie_with, sign_in_as_marie,
};
use crate::fake_idp::FakeIdp;
use crate::helpers::{TestApp, assert_json_error, solved_captcha, spawn_app};

async fn give_notice(app: &TestApp, xsrf: &str, captcha: Option<&str>) -> reqwest::Response {
    let mut call = app
        .client
        .post(format!("{}/api/document/creationResiliation", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .json(&json!({"numeroContrat": "IND-004512", "motif": "RESILIATION_INFRA_ANNUELLE"}));
    if let Some(captcha) = captcha {
        call = call.header("X-Captcha", captcha);
    }
    call.send().await.unwrap()
}

/// The same solution with a number that does not solve its challenge: always a forgery, unlike
/// a change of letters, which a base64 string may not contain.
fn forge(solution: &str) -> String {
    use base64::Engine as _;
    let base64 = base64::engine::general_purpose::STANDARD;
    let mut solution: Value = serde_json::from_slice(&base64.decode(solution).unwrap()).unwrap();
    solution["number"] = json!(solution["number"].as_u64().unwrap() + 1);
    base64.encode(solution.to_string())
}

#[tokio::test]
async fn a_solution_serves_once_and_a_missing_or_forged_one_is_refused_in_french() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;

    let missing = assert_json_error(give_notice(&app, &xsrf, None).await, 422, "captcha_missing").await;
    assert_eq!(missing["message"], "La vérification anti-robot est manquante. Veuillez réessayer.");
    let forged = forge(&solved_captcha(&app).await);
    let forged =
        assert_json_error(give_notice(&app, &xsrf, Some(&forged)).await, 422, "captcha_invalid").await;
    assert_eq!(forged["message"], "La vérification anti-robot a échoué. Veuillez réessayer.");

    let solution = solved_captcha(&app).await;
    assert_eq!(give_notice(&app, &xsrf, Some(&solution)).await.status(), 201);
    let replayed = give_notice(&app, &xsrf, Some(&solution)).await;
    let replayed = assert_json_error(replayed, 422, "captcha_replayed").await;
    assert_eq!(replayed["message"], "Cette vérification anti-robot a déjà servi. Veuillez réessayer.");
    // Counted by outcome for the operators: the missing, the forged and the replayed one.
    for (outcome, count) in [("solved", 1.0), ("refused", 3.0), ("unavailable", 0.0)] {
        let counted = app.metric("captcha_verifications_total", &[("outcome", outcome)]).await;
        assert_eq!(counted, Some(count), "{outcome}");
    }
}

/// `solution` rewritten by `change`, as a script would try it.
fn rewritten(solution: &str, change: impl FnOnce(&mut Value)) -> String {
    use base64::Engine as _;
    let base64 = base64::engine::general_purpose::STANDARD;
    let mut solution: Value = serde_json::from_slice(&base64.decode(solution).unwrap()).unwrap();
    change(&mut solution);
    base64.encode(solution.to_string())
}

/// Its signature's hexadecimal decodes alike in either case: every writing of one solution
/// is the same solution, used once.
#[tokio::test]
async fn a_solution_written_in_another_case_is_still_used_once() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let solution = solved_captcha(&app).await;
    assert_eq!(give_notice(&app, &xsrf, Some(&solution)).await.status(), 201);
    let upper =
        rewritten(&solution, |s| s["signature"] = json!(s["signature"].as_str().unwrap().to_uppercase()));
    let one_letter = rewritten(&solution, |s| {
        let signature = s["signature"].as_str().unwrap();
        let at = signature.find(|c: char| c.is_ascii_lowercase()).unwrap();
        s["signature"] = json!(format!(
            "{}{}{}",
            &signature[..at],
            &signature[at..=at].to_uppercase(),
            &signature[at + 1..]
        ));
    });
    for variant in [upper, one_letter] {
        assert_json_error(give_notice(&app, &xsrf, Some(&variant)).await, 422, "captcha_replayed").await;
    }
}

#[tokio::test]
async fn a_solution_fetched_in_another_session_is_refused() {
    let idp = FakeIdp::start().await;
    let (mut app, _) = portal_signed_in_as_marie(&idp).await;
    let other_session = solved_captcha(&app).await;
    let xsrf = sign_in_as_marie(&mut app, &idp).await;
    assert_json_error(give_notice(&app, &xsrf, Some(&other_session)).await, 422, "captcha_invalid").await;
    let own = solved_captcha(&app).await;
    assert_eq!(give_notice(&app, &xsrf, Some(&own)).await.status(), 201);
}

#[tokio::test]
async fn a_solution_used_on_one_instance_is_refused_on_another_sharing_redis() {
    let instances = crate::redis_sessions::two_instances().await;
    let crate::redis_sessions::TwoInstances { idp, first, second, .. } = &instances;
    let xsrf = first.sign_in(idp, 300).await;
    let cookies = format!("espace-assure-session={}; XSRF-TOKEN={xsrf}", first.session_cookie());
    let solution = solved_captcha(first).await;
    let attempt = |app: &TestApp| {
        reqwest::Client::new()
            .post(format!("{}/api/document/documentGedCegedim", app.address))
            .header("Cookie", &cookies)
            .header("X-XSRF-TOKEN", &xsrf)
            .header("X-Captcha", &solution)
            .json(&json!({"postCreationDocumentDto": {"type": "AUTRE"}}))
            .send()
    };
    let first_use = attempt(first).await.unwrap();
    assert_ne!(first_use.status(), 422, "the first use passes the captcha");
    assert_json_error(attempt(second).await.unwrap(), 422, "captcha_replayed").await;
}

/// Past `limits.creations_per_hour`, a member's next creation is refused before its captcha
/// is spent.
#[tokio::test]
async fn creations_past_the_members_bound_are_refused_with_a_delay() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie_with(&idp, |settings| {
        settings.limits.creations_per_hour = std::num::NonZeroU32::new(1).unwrap();
    })
    .await;
    let solution = solved_captcha(&app).await;
    assert_eq!(give_notice(&app, &xsrf, Some(&solution)).await.status(), 201);
    let fresh = solved_captcha(&app).await;
    let refused = give_notice(&app, &xsrf, Some(&fresh)).await;
    let retry_after: u64 = crate::helpers::header(refused.headers(), "retry-after").parse().unwrap();
    assert!((3_590..=3_600).contains(&retry_after), "{retry_after}");
    let body = assert_json_error(refused, 429, "too_many_requests").await;
    assert!(body["message"].as_str().unwrap().contains("beaucoup de demandes"), "{body}");
    assert_eq!(app.metric("rate_limit_refusals_total", &[("limit", "creations")]).await, Some(1.0));
}

#[tokio::test]
async fn a_request_without_a_solution_never_reaches_the_member_api() {
    let idp = FakeIdp::start().await;
    let (app, xsrf) = portal_signed_in_as_marie(&idp).await;
    let before: Value = app.get("/api/demandes", &[]).await.json().await.unwrap();
    let refused = app
        .client
        .post(format!("{}/api/document/documentGedCegedim", app.address))
        .header("X-XSRF-TOKEN", &xsrf)
        .json(&json!({"postCreationDocumentDto": {"type": "AUTRE", "commentaire": "Bonjour", "idDocuments": []}}))
        .send()
        .await
        .unwrap();
    assert_json_error(refused, 422, "captcha_missing").await;
    let after: Value = app.get("/api/demandes", &[]).await.json().await.unwrap();
    assert_eq!(before, after);
}

#[tokio::test]
async fn challenges_are_for_signed_in_members_only_and_none_asks_for_nothing() {
    let anonymous = spawn_app().await;
    assert_json_error(anonymous.get("/api/captcha", &[]).await, 401, "unauthorized").await;

    let idp = FakeIdp::start().await;
    let (app, xsrf) =
        portal_signed_in_as_marie_with(&idp, |settings| settings.captcha.provider = CaptchaProvider::None)
            .await;
    assert_eq!(app.get("/api/captcha", &[]).await.status(), 404);
    assert_eq!(give_notice(&app, &xsrf, None).await.status(), 201);
}
