//! What every return from the provider shares, a first sign-in's and a sign-in again's: the
//! code exchanged and the ID token checked, and the redirections that end the visit.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use openidconnect::{AuthorizationCode, Nonce, OAuth2TokenResponse, PkceCodeVerifier, TokenResponse as _};

use super::failure::StartupFailure;
use super::provider::{ExtraClaims, ProviderCall, TokenResponse};
use super::service::Auth;
use super::sign_in_state::LoginState;
use crate::dpop::ProofKey;
use crate::session::Tokens;

/// The ID token's claims, once checked.
pub(super) type IdTokenClaims =
    openidconnect::IdTokenClaims<ExtraClaims, openidconnect::core::CoreGenderClaim>;

pub(super) fn query_value(request: &HttpRequest, name: &str) -> Option<String> {
    url::form_urlencoded::parse(request.query_string().as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

pub(super) fn redirect(location: &str) -> actix_web::HttpResponseBuilder {
    let mut builder = HttpResponse::SeeOther();
    builder.insert_header((header::LOCATION, location)).insert_header((header::CACHE_CONTROL, "no-store"));
    builder
}

/// The SPA's page saying why the sign-in did not complete.
pub(super) fn failed(failure: StartupFailure) -> HttpResponse {
    tracing::warn!(reason = failure.reason, status = failure.status, "sign-in failed");
    redirect(&failure.location()).finish()
}

/// What the provider answered to the authorization request `login` made: its code exchanged
/// for tokens (bound to `proof_key` when there is one), whose ID token is checked (signature,
/// issuer, audience, expiry, nonce).
pub(super) async fn authenticated(
    request: &HttpRequest,
    auth: &Auth,
    login: &LoginState,
    proof_key: Option<&ProofKey>,
) -> Result<(TokenResponse, IdTokenClaims), StartupFailure> {
    if let Some(error) = query_value(request, "error") {
        tracing::info!(%error, "the provider refused the sign-in");
        return Err(StartupFailure::from_status(if error == "access_denied" { 401 } else { 400 }));
    }
    let code = query_value(request, "code").ok_or(StartupFailure::init_failed(400))?;
    let discovered = auth.provider.discovered().await?;
    // RFC 9207: an answer naming another issuer, or none when this one always names itself,
    // may be a mix-up (meant for a sign-in at another provider): its code is not spent.
    match query_value(request, "iss") {
        Some(iss) if iss != auth.provider.issuer.as_str() => {
            tracing::warn!("an authorization response names another issuer");
            return Err(StartupFailure::init_failed(400));
        }
        None if discovered.issuer_in_response => {
            tracing::warn!("an authorization response without the issuer its provider announces");
            return Err(StartupFailure::init_failed(400));
        }
        _ => {}
    }
    let http = auth.provider.http_with_proof(ProviderCall::Token, proof_key);
    let exchange = || async {
        let exchange = discovered
            .client
            .exchange_code(AuthorizationCode::new(code.clone()))
            .map_err(|_| openidconnect::RequestTokenError::Other("no token endpoint".into()))?
            .set_pkce_verifier(PkceCodeVerifier::new(login.pkce_verifier.clone()));
        auth.provider
            .assertion_params()
            .into_iter()
            .fold(exchange, |exchange, (name, value)| exchange.add_extra_param(name, value))
            .request_async(&http)
            .await
    };
    let token = auth.provider.token_request(proof_key, exchange).await.map_err(|error| {
        tracing::warn!(error = %error, "code exchange failed");
        StartupFailure::from_token_error(&error)
    })?;
    let id_token = token.id_token().ok_or(StartupFailure::init_failed(0))?;
    let verifier = auth.provider.id_token_verifier(&discovered);
    let claims = match id_token.claims(&verifier, &Nonce::new(login.nonce.clone())) {
        Ok(claims) => claims.clone(),
        Err(error) => {
            tracing::warn!(%error, "ID token refused");
            // A key rotation shows as an unknown signature: read discovery again next time.
            auth.provider.forget_for_unknown_key().await;
            return Err(StartupFailure::from_status(401));
        }
    };
    Ok((token, claims))
}

/// The tokens the provider gave at `now`.
pub(super) fn tokens_of(token: &TokenResponse, now: i64) -> Tokens {
    Tokens {
        bound: is_bound(token),
        ..Tokens::received(
            token.access_token().secret().clone(),
            token.expires_in(),
            token.refresh_token().map(|token| token.secret().clone()),
            now,
        )
    }
}

/// The provider bound the access token to the proof's key: its type says so (RFC 9449 §5),
/// in any case.
pub(super) fn is_bound(token: &TokenResponse) -> bool {
    matches!(token.token_type(), openidconnect::core::CoreTokenType::Extension(kind) if kind.eq_ignore_ascii_case("dpop"))
}
