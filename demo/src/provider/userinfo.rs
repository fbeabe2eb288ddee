//! The userinfo endpoint: the member's claims for a live access token.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use jsonwebtoken::Validation;

use super::claims::{ACCESS_TOKEN_TYPE, TokenClaims, now, profile};
use super::idp::Idp;
use super::oauth_error::OAuthError;
use crate::dpop;

pub async fn userinfo(idp: web::Data<Idp>, request: HttpRequest) -> Result<HttpResponse, OAuthError> {
    let presented = dpop::presented(&request).map_err(super::token::refused_proof)?;
    let presented = presented.ok_or_else(|| OAuthError::bearer(None))?;
    let token = presented.token;
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
    // A token bound to a key goes with a proof of it, for this request (RFC 9449 §7).
    let bound_to = claims.cnf.as_ref().and_then(|cnf| cnf["jkt"].as_str());
    let target = config.endpoint("userinfo");
    let proven = dpop::proven_key(&idp.proofs, &presented, request.method().as_str(), &target, now() as i64);
    if proven.ok().flatten().as_deref() != bound_to {
        return Err(OAuthError::bearer(Some("the token is not presented with a valid proof of its key")));
    }
    // A token outliving its session (logout) no longer opens anything.
    let session = idp
        .store
        .session(&claims.sid)
        .ok_or_else(|| OAuthError::bearer(Some("the session of this access token has ended")))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(profile(session.member, &config.person_number_claim)))
}
