//! The userinfo endpoint: the member's claims for a live access token.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use jsonwebtoken::Validation;

use super::claims::{ACCESS_TOKEN_TYPE, TokenClaims, profile};
use super::idp::Idp;
use super::oauth_error::OAuthError;

pub async fn userinfo(idp: web::Data<Idp>, request: HttpRequest) -> Result<HttpResponse, OAuthError> {
    let token = bearer_token(&request).ok_or_else(|| OAuthError::bearer(None))?;
    let config = &idp.config;
    let mut validation = Validation::new(super::keys::ALGORITHM);
    validation.set_issuer(&[&config.issuer]);
    validation.set_audience(&[&config.client.client_id]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    // Our own clock signs and checks: no skew to allow for.
    validation.leeway = 0;
    let claims: TokenClaims = idp
        .key
        .verify(token, ACCESS_TOKEN_TYPE, &validation)
        .map_err(|_| OAuthError::bearer(Some("the access token is invalid or expired")))?;
    // A token outliving its session (logout) no longer opens anything.
    let session = idp
        .store
        .session(&claims.sid)
        .ok_or_else(|| OAuthError::bearer(Some("the session of this access token has ended")))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(profile(session.member, &config.person_number_claim)))
}

/// The token of an `Authorization: Bearer …` header (the scheme is case-insensitive).
fn bearer_token(request: &HttpRequest) -> Option<&str> {
    let value = request.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}
