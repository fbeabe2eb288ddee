//! The token endpoint (authorization code with PKCE, refresh token with rotation) and token
//! revocation (RFC 7009).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::claims::{ACCESS_TOKEN_TYPE, ID_TOKEN_TYPE, TokenClaims, now};
use super::client_auth::{PostedCredentials, authenticate};
use super::idp::Idp;
use super::oauth_error::OAuthError;
use super::store::Session;
use crate::dpop;
use crate::random::random_token;

#[derive(Debug, Deserialize)]
struct TokenRequest {
    grant_type: Option<String>,
    code: Option<String>,
    redirect_uri: Option<String>,
    code_verifier: Option<String>,
    refresh_token: Option<String>,
    scope: Option<String>,
    #[serde(flatten)]
    credentials: PostedCredentials,
}

#[derive(Debug, Serialize)]
struct TokenResponse {
    access_token: String,
    token_type: &'static str,
    expires_in: u64,
    refresh_token: String,
    refresh_expires_in: u64,
    id_token: String,
    scope: String,
}

/// The endpoints take form bodies in which no parameter may be repeated (RFC 6749 §3.2);
/// anything else is an `invalid_request`.
pub(super) fn parse_form<T: DeserializeOwned>(body: &[u8]) -> Result<T, OAuthError> {
    serde_urlencoded::from_bytes(body)
        .map_err(|_| OAuthError::invalid_request("the body must be a form with each parameter at most once"))
}

pub async fn token(
    idp: web::Data<Idp>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, OAuthError> {
    let form: TokenRequest = parse_form(&body)?;
    authenticate(&request, &form.credentials, &idp.config, &idp.assertions)?;
    let jkt = proven_key(&idp, &request)?;
    let (sid, session, scope) = match form.grant_type.as_deref() {
        Some("authorization_code") => redeem_code(&idp, &form)?,
        Some("refresh_token") => redeem_refresh_token(&idp, &form)?,
        Some(_) => return Err(OAuthError::unsupported_grant_type()),
        None => return Err(OAuthError::invalid_request("grant_type is required")),
    };
    let tokens = issue(&idp, sid, &session, scope, jkt.as_deref())?;
    let mut response = HttpResponse::Ok();
    response.insert_header((header::CACHE_CONTROL, "no-store")).insert_header((header::PRAGMA, "no-cache"));
    if jkt.is_some() {
        response.insert_header(("DPoP-Nonce", idp.nonces.current(now())));
    }
    Ok(response.json(tokens))
}

/// The thumbprint of the key the request's DPoP proof is made with, when it has one: its
/// tokens are then bound to that key (RFC 9449 §5). Checked before any grant is spent, so
/// that the request made again with the nonce asked for finds its code unused.
fn proven_key(idp: &Idp, request: &HttpRequest) -> Result<Option<String>, OAuthError> {
    let proof = dpop::proof_of(request).map_err(refused_proof)?;
    let Some(proof) = proof else { return Ok(None) };
    let now = now();
    let takes = |nonce: &str| idp.nonces.takes(nonce, now);
    let token_endpoint = idp.config.endpoint("token");
    let expected =
        dpop::Expected { method: "POST", target: &token_endpoint, access_token: None, nonce: Some(&takes) };
    match idp.proofs.check(proof, &expected, now as i64) {
        Ok(jkt) => Ok(Some(jkt)),
        Err(dpop::Refusal::NonceNeeded) => Err(OAuthError::use_dpop_nonce(idp.nonces.current(now))),
        Err(refusal) => Err(refused_proof(refusal)),
    }
}

pub(super) fn refused_proof(refusal: dpop::Refusal) -> OAuthError {
    match refusal {
        dpop::Refusal::Invalid(why) => OAuthError::invalid_dpop_proof(why),
        dpop::Refusal::NonceNeeded => OAuthError::invalid_dpop_proof("the proof lacks a nonce"),
    }
}

fn redeem_code(idp: &Idp, form: &TokenRequest) -> Result<(String, Session, String), OAuthError> {
    let code = form.code.as_deref().ok_or_else(|| OAuthError::invalid_request("code is required"))?;
    let grant = idp.store.redeem_code(code).map_err(|replayed| {
        // A replayed code may have been stolen: what it gave is revoked (RFC 6749 §4.1.2).
        if let Some(sid) = replayed {
            idp.store.end_session(&sid);
            tracing::warn!("demo identity provider: authorization code replayed, its session ended");
        }
        OAuthError::invalid_grant("the code is unknown, expired or already used")
    })?;
    if form.redirect_uri.as_deref() != Some(grant.redirect_uri.as_str()) {
        return Err(OAuthError::invalid_grant("redirect_uri differs from the authorization request"));
    }
    let verifier = form
        .code_verifier
        .as_deref()
        .ok_or_else(|| OAuthError::invalid_grant("code_verifier is required (PKCE)"))?;
    if !is_valid_verifier(verifier) || s256(verifier) != grant.code_challenge {
        return Err(OAuthError::invalid_grant("code_verifier does not match the code_challenge"));
    }
    let session = idp
        .store
        .session(&grant.sid)
        .ok_or_else(|| OAuthError::invalid_grant("the sign-in session has ended"))?;
    let scope = session.scope.clone();
    Ok((grant.sid, session, scope))
}

fn redeem_refresh_token(idp: &Idp, form: &TokenRequest) -> Result<(String, Session, String), OAuthError> {
    let token = form
        .refresh_token
        .as_deref()
        .ok_or_else(|| OAuthError::invalid_request("refresh_token is required"))?;
    let (sid, session) = idp
        .store
        .redeem_refresh_token(token)
        .ok_or_else(|| OAuthError::invalid_grant("the refresh token is unknown, expired, used or revoked"))?;
    // A client may narrow its scope on refresh, never widen it (RFC 6749 §6).
    let scope = match form.scope.as_deref() {
        Some(requested) => {
            let requested: Vec<&str> = requested.split_whitespace().collect();
            let granted: Vec<&str> = session.scope.split_whitespace().collect();
            if requested.is_empty() || !requested.iter().all(|scope| granted.contains(scope)) {
                return Err(OAuthError::invalid_scope("the scope exceeds the one granted"));
            }
            requested.join(" ")
        }
        None => session.scope.clone(),
    };
    Ok((sid, session, scope))
}

fn issue(
    idp: &Idp,
    sid: String,
    session: &Session,
    scope: String,
    jkt: Option<&str>,
) -> Result<TokenResponse, OAuthError> {
    let config = &idp.config;
    let sign = |typ, claims: &TokenClaims| {
        idp.key.sign(typ, claims).map_err(|error| {
            tracing::error!(%error, "demo identity provider: cannot sign a token");
            OAuthError::server_error()
        })
    };
    let access_token =
        sign(ACCESS_TOKEN_TYPE, &TokenClaims::access_token(config, &sid, session, &scope, jkt))?;
    let id_token = sign(ID_TOKEN_TYPE, &TokenClaims::id_token(config, &sid, session))?;
    let refresh_token = random_token();
    idp.store.add_refresh_token(refresh_token.clone(), sid);
    Ok(TokenResponse {
        access_token,
        token_type: if jkt.is_some() { "DPoP" } else { "Bearer" },
        expires_in: config.access_token_ttl.as_secs(),
        refresh_token,
        refresh_expires_in: config.refresh_token_ttl.as_secs(),
        id_token,
        scope,
    })
}

/// RFC 7636 §4.1: 43 to 128 unreserved characters.
fn is_valid_verifier(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}

/// The S256 code challenge of a verifier.
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

#[derive(Debug, Deserialize)]
struct RevocationRequest {
    token: Option<String>,
    #[serde(flatten)]
    credentials: PostedCredentials,
}

/// Revokes a refresh token. Unknown tokens and access tokens (self-contained JWTs that expire
/// soon) get the same 200, as RFC 7009 §2.2 asks.
pub async fn revoke(
    idp: web::Data<Idp>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, OAuthError> {
    let form: RevocationRequest = parse_form(&body)?;
    authenticate(&request, &form.credentials, &idp.config, &idp.assertions)?;
    let token = form.token.as_deref().ok_or_else(|| OAuthError::invalid_request("token is required"))?;
    idp.store.revoke_refresh_token(token);
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s256_matches_the_example_of_rfc_7636() {
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn verifiers_must_be_long_enough_and_unreserved() {
        assert!(is_valid_verifier(&"a".repeat(43)));
        assert!(!is_valid_verifier(&"a".repeat(42)));
        assert!(!is_valid_verifier(&"a".repeat(129)));
        assert!(!is_valid_verifier(&format!("{}+", "a".repeat(43))));
    }
}
