//! The member behind a session: the person number when the ID token lacks it, and
//! `GET /api/session`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use openidconnect::SubjectIdentifier;
use serde::Serialize;
use serde_json::value::RawValue;

use super::failure::StartupFailure;
use super::provider::{Discovered, ExtraClaims, ProviderCall};
use super::service::{Auth, CurrentSession};
use crate::error::ApiError;
use crate::member_api::AccessToken;
use crate::session::Acting;

/// When the ID token lacks the person number, the userinfo endpoint may carry it; `None` when
/// the provider knows none for this account (someone who is no member).
pub async fn person_number_from_userinfo(
    auth: &Auth,
    discovered: &Discovered,
    token: &AccessToken,
    subject: &SubjectIdentifier,
) -> Result<Option<String>, StartupFailure> {
    let claim = &auth.person_number_claim;
    let request = discovered
        .client
        .user_info(openidconnect::AccessToken::new(token.value.to_string()), Some(subject.clone()))
        .map_err(|_| StartupFailure::from_status(403))?;
    let http = auth.provider.http_with_proof(ProviderCall::UserInfo, token.proof_key.as_ref());
    let claims: openidconnect::UserInfoClaims<ExtraClaims, openidconnect::core::CoreGenderClaim> =
        request.request_async(&http).await.map_err(|error| {
            tracing::warn!(%error, "userinfo failed");
            StartupFailure::init_failed(0)
        })?;
    Ok(claim_text(&claims.additional_claims().other, claim))
}

/// `GET /api/session`: the member's sign-in answer as the member API gave it, and the idle
/// timeout.
#[derive(Serialize)]
struct SessionAnswer<'a> {
    #[serde(rename = "User")]
    user: &'a RawValue,
    #[serde(rename = "VersionNum")]
    version_num: Option<&'a RawValue>,
    #[serde(rename = "smartCarteUrl")]
    smart_carte_url: Option<&'a RawValue>,
    #[serde(rename = "idleTimeoutMs")]
    idle_timeout_ms: u64,
    /// When the person acts for the member of `User` (docs/product/roles.md#acting-for-a-member).
    #[serde(skip_serializing_if = "Option::is_none")]
    delegation: Option<Shown<'a>>,
}

/// Also hands the SPA its session's anti-forgery cookie again: one set at sign-in may have
/// been lost, or made under a client secret rotated since, and the member should not have to
/// sign in again to send a form.
pub async fn session(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    answer(&auth, &current)
}

/// The session's answer, as `GET /api/session` and a change of whose space it is give it.
pub fn answer(auth: &Auth, current: &CurrentSession) -> Result<HttpResponse, ApiError> {
    let mut response = HttpResponse::Ok();
    response.cookie(auth.xsrf_cookie(&current.id));
    let member = &current.session.member;
    Ok(response.insert_header((header::CACHE_CONTROL, "no-store")).json(SessionAnswer {
        user: &member.user,
        version_num: member.version_num.as_deref(),
        smart_carte_url: member.smart_carte_url.as_deref(),
        idle_timeout_ms: auth.idle_timeout.as_millis() as u64,
        delegation: current.session.acting.as_ref().map(shown),
    }))
}

/// A claim as text: providers send the person number as a string or a number.
pub fn claim_text(
    claims: &std::collections::HashMap<String, serde_json::Value>,
    name: &str,
) -> Option<String> {
    match claims.get(name)? {
        serde_json::Value::String(text) if !text.is_empty() => Some(text.clone()),
        serde_json::Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The delegation as `/api/session` shows it, for the banner and what the browser previews.
#[derive(Serialize)]
struct Shown<'a> {
    /// The member whose contract it is, as the member API names them (« Mme Marie DUPONT »):
    /// in a beneficiary's own space, `User` is the beneficiary.
    titulaire: &'a str,
    nature: &'a str,
    droits: &'a [String],
    fin: &'a str,
    /// The person has a space of their own to go back to.
    retour: bool,
}

fn shown(acting: &Acting) -> Shown<'_> {
    Shown {
        titulaire: &acting.holder,
        nature: &acting.nature,
        droits: &acting.droits,
        fin: &acting.fin,
        retour: acting.own.is_some(),
    }
}
