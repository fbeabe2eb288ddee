//! `POST /auth/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0): the provider tells
//! the portal that a member signed out elsewhere (e.g. in Keycloak's account console); the
//! matching portal sessions end at once.

use std::collections::HashMap;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use jsonwebtoken::{DecodingKey, Validation, decode, decode_header};
use serde::Deserialize;

use super::service::{Auth, store_unavailable};
use crate::audit::{self, Kind, Note};
use crate::error::ApiError;

const LOGOUT_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";

#[derive(Deserialize)]
pub struct LogoutForm {
    logout_token: String,
}

#[derive(Deserialize)]
struct LogoutClaims {
    sid: Option<String>,
    sub: Option<String>,
    #[serde(default)]
    events: HashMap<String, serde_json::Value>,
    nonce: Option<serde_json::Value>,
}

pub async fn backchannel_logout(
    request: actix_web::HttpRequest,
    form: web::Form<LogoutForm>,
    auth: web::Data<Auth>,
) -> Result<HttpResponse, ApiError> {
    let claims = validate(&auth, &form.logout_token).await?;
    let sessions = &auth.sessions;
    let ended = match (&claims.sid, &claims.sub) {
        (Some(sid), _) => sessions.remove_by_sid(sid).await,
        (None, Some(sub)) => sessions.remove_by_sub(sub).await,
        (None, None) => return Err(refused("no sid nor sub")),
    }
    .map_err(store_unavailable)?;
    tracing::info!(ended, "back-channel logout");
    if ended > 0 {
        audit::note(&request, Note::of(Kind::SessionClosed));
    }
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).finish())
}

fn refused(why: &str) -> ApiError {
    ApiError::BadRequest(format!("logout token refused: {why}"))
}

async fn validate(auth: &Auth, token: &str) -> Result<LogoutClaims, ApiError> {
    let provider = &auth.provider;
    let header = decode_header(token).map_err(|e| refused(&e.to_string()))?;
    if !provider.logout_token_algorithms.contains(&header.alg) {
        return Err(refused("algorithm"));
    }
    let kid = header.kid.ok_or_else(|| refused("no kid"))?;
    let mut discovered = provider.discovered().await.map_err(|f| ApiError::BadGateway(f.reason.into()))?;
    // The provider may have rotated its keys since discovery was cached (rate-limited: a
    // made-up `kid` costs nothing after the first).
    if discovered.jwks.find(&kid).is_none() && provider.forget_for_unknown_key().await {
        discovered = provider.discovered().await.map_err(|f| ApiError::BadGateway(f.reason.into()))?;
    }
    let jwk = discovered.jwks.find(&kid).ok_or_else(|| refused("unknown kid"))?;
    let key = DecodingKey::from_jwk(jwk).map_err(|e| refused(&e.to_string()))?;
    let mut validation = Validation::new(header.alg);
    validation.set_issuer(&[provider.issuer.as_str()]);
    validation.set_audience(&[provider.client_id.as_str()]);
    validation.set_required_spec_claims(&["iss", "aud", "iat", "exp"]);
    let claims =
        decode::<LogoutClaims>(token, &key, &validation).map_err(|e| refused(&e.to_string()))?.claims;
    if !claims.events.contains_key(LOGOUT_EVENT) {
        return Err(refused("no back-channel logout event"));
    }
    if claims.nonce.is_some() {
        return Err(refused("a logout token has no nonce"));
    }
    Ok(claims)
}
