//! The member behind a session: the member API's sign-in call and `GET /api/session`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use openidconnect::{OAuth2TokenResponse, SubjectIdentifier};
use serde_json::{Value, json};

use super::Auth;
use super::failure::StartupFailure;
use super::login::claim_text;
use super::provider::{Discovered, ExtraClaims, TokenResponse};
use crate::error::ApiError;
use crate::member_api::{Call, MemberApiClient};
use crate::state::AppState;

/// `POST compte/auth` with `{Login, Type: "ADH"}` (SPEC.md §7): the member's `User`,
/// `VersionNum` and `smartCarteUrl`, which is all the session keeps of the answer.
pub async fn sign_in(
    member_api: &MemberApiClient,
    request_id: Option<&str>,
    access_token: &str,
    person_number: &str,
) -> Result<Value, StartupFailure> {
    let call = Call { method: reqwest::Method::POST, path: "compte/auth", query: None, request_id };
    let answer = member_api
        .request(&call, access_token)
        .map_err(|_| StartupFailure::init_failed(0))?
        .json(&json!({ "Login": person_number, "Type": "ADH" }))
        .send()
        .await
        .map_err(|error| {
            tracing::warn!(%error, "member API unreachable at sign-in");
            StartupFailure::unreachable()
        })?;
    let status = answer.status();
    if !status.is_success() {
        tracing::warn!(status = status.as_u16(), "member API refused the sign-in");
        return Err(StartupFailure::from_status(status.as_u16()));
    }
    let body: Value = answer.json().await.map_err(|_| StartupFailure::init_failed(502))?;
    if !body["User"].is_object() {
        return Err(StartupFailure::init_failed(502));
    }
    Ok(json!({
        "User": body["User"],
        "VersionNum": body["VersionNum"],
        "smartCarteUrl": body["smartCarteUrl"],
    }))
}

/// When the ID token lacks the person number, the userinfo endpoint may carry it.
pub async fn person_number_from_userinfo(
    auth: &Auth,
    discovered: &Discovered,
    token: &TokenResponse,
    subject: &SubjectIdentifier,
) -> Result<String, StartupFailure> {
    let claim = &auth.person_number_claim;
    let request = discovered
        .client
        .user_info(token.access_token().clone(), Some(subject.clone()))
        .map_err(|_| StartupFailure::from_status(403))?;
    let claims: openidconnect::UserInfoClaims<ExtraClaims, openidconnect::core::CoreGenderClaim> =
        request.request_async(&auth.provider.http()).await.map_err(|error| {
            tracing::warn!(%error, "userinfo failed");
            StartupFailure::init_failed(0)
        })?;
    // Signed in, but not a member: the provider knows no person number for this account.
    claim_text(&claims.additional_claims().other, claim).ok_or(StartupFailure::from_status(403))
}

/// Also hands the SPA its session's anti-forgery cookie again: one set at sign-in may have
/// been lost, or made under a client secret rotated since, and the member should not have to
/// sign in again to send a form.
pub async fn session(request: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let member = &current.session.member;
    let mut response = HttpResponse::Ok();
    response.cookie(state.auth.xsrf_cookie(&current.id));
    Ok(response.insert_header((header::CACHE_CONTROL, "no-store")).json(json!({
        "User": member["User"],
        "VersionNum": member["VersionNum"],
        "smartCarteUrl": member["smartCarteUrl"],
        "idleTimeoutMs": state.auth.idle_timeout.as_millis() as u64,
    })))
}
