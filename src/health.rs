//! `/healthz` (the process answers) and `/readyz` (the upstreams it needs answer).

use std::time::Duration;

use actix_web::{HttpResponse, web};
use serde::Serialize;
use url::Url;

use crate::error::ErrorBody;
use crate::state::AppState;

/// A probe that takes longer than this counts as unreachable: readiness must answer quickly.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({ "status": "ok" }))
}

#[derive(Serialize)]
struct Check {
    name: &'static str,
    ok: bool,
}

#[derive(Serialize)]
struct NotReady {
    #[serde(flatten)]
    error: ErrorBody,
    checks: Vec<Check>,
}

pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let endpoints = &state.endpoints;
    let discovery =
        endpoints.oidc_issuer.join(".well-known/openid-configuration").expect("issuer ends with a slash");
    let (idp, api, cms) = futures_util::join!(
        probe(&state.http, discovery, true),
        probe(&state.http, endpoints.api_base.clone(), false),
        probe(&state.http, endpoints.cms_base.clone(), false),
    );
    let checks = vec![
        Check { name: "identity_provider", ok: idp },
        Check { name: "member_api", ok: api },
        Check { name: "content_service", ok: cms },
    ];
    if checks.iter().all(|check| check.ok) {
        HttpResponse::Ok()
            .insert_header(("Cache-Control", "no-store"))
            .json(serde_json::json!({ "status": "ready", "checks": checks }))
    } else {
        let status = actix_web::http::StatusCode::SERVICE_UNAVAILABLE;
        HttpResponse::build(status)
            .insert_header(("Cache-Control", "no-store"))
            .json(NotReady { error: ErrorBody::for_status(status), checks })
    }
}

/// Reachable means it answered: any status below 500 (an API without a token answers 401),
/// or exactly a success when `need_success` (the provider's discovery document).
async fn probe(client: &reqwest::Client, url: Url, need_success: bool) -> bool {
    match client.get(url.clone()).timeout(PROBE_TIMEOUT).send().await {
        Ok(answer) if need_success => answer.status().is_success(),
        Ok(answer) => !answer.status().is_server_error(),
        Err(error) => {
            tracing::warn!(%url, %error, "readiness probe failed");
            false
        }
    }
}
