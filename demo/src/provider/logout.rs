//! RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) and the back-channel logout
//! call it triggers (OpenID Connect Back-Channel Logout 1.0).

use actix_web::http::{Method, header};
use actix_web::{HttpRequest, HttpResponse, web};
use jsonwebtoken::Validation;
use serde::Deserialize;

use super::claims::{ID_TOKEN_TYPE, LOGOUT_TOKEN_TYPE, LogoutClaims, TokenClaims};
use super::idp::Idp;
use super::pages;
use super::pages::Refusal;
use super::store::Session;

#[derive(Debug, Default, Deserialize)]
struct LogoutRequest {
    id_token_hint: Option<String>,
    post_logout_redirect_uri: Option<String>,
    state: Option<String>,
    client_id: Option<String>,
}

/// GET (a redirect) or POST (a form), as the specification asks of providers.
pub async fn end_session(idp: web::Data<Idp>, request: HttpRequest, body: web::Bytes) -> HttpResponse {
    let parsed = if request.method() == Method::POST {
        serde_urlencoded::from_bytes::<LogoutRequest>(&body)
    } else {
        serde_urlencoded::from_str::<LogoutRequest>(request.query_string())
    };
    let Ok(logout) = parsed else {
        return idp.refuse(Refusal::MalformedLogout);
    };
    let client = &idp.config.client;
    if logout.client_id.as_deref().is_some_and(|id| id != client.client_id) {
        return idp.refuse(Refusal::UnknownClient);
    }
    let hint = match logout.id_token_hint.as_deref() {
        Some(token) => match verify_hint(&idp, token) {
            Some(claims) => Some(claims),
            None => {
                return idp.refuse(Refusal::InvalidLogoutHint);
            }
        },
        None => None,
    };
    if let Some(target) = logout.post_logout_redirect_uri.as_deref() {
        // Without a hint or a client_id, nothing says whose list the address belongs to.
        let identified = hint.is_some() || logout.client_id.is_some();
        if !identified || target != client.post_logout_redirect_uri.as_str() {
            return idp.refuse(Refusal::UnregisteredLogoutRedirect);
        }
    }
    if let Some(claims) = hint
        && let Some(session) = idp.store.end_session(&claims.sid)
    {
        notify_client(&idp, &claims.sid, &session).await;
    }
    match logout.post_logout_redirect_uri {
        Some(_) => {
            let mut target = client.post_logout_redirect_uri.clone();
            if let Some(state) = &logout.state {
                target.query_pairs_mut().append_pair("state", state);
            }
            HttpResponse::SeeOther()
                .insert_header((header::LOCATION, target.as_str()))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish()
        }
        None => pages::signed_out(),
    }
}

/// An ID token this provider issued to this client; it may have expired (members sign out
/// long after signing in), so the expiry is not checked.
fn verify_hint(idp: &Idp, token: &str) -> Option<TokenClaims> {
    let mut validation = Validation::new(super::keys::ALGORITHM);
    validation.set_issuer(&[&idp.config.issuer]);
    validation.set_audience(&[&idp.config.client.client_id]);
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["iss", "aud", "sub"]);
    idp.key.verify(token, ID_TOKEN_TYPE, &validation).ok()
}

/// Tells the client the session ended, so that it ends its own. Best effort: a client that is
/// down or slow must not keep the member from signing out; failures are logged.
async fn notify_client(idp: &Idp, sid: &str, session: &Session) {
    let Some(uri) = &idp.config.client.backchannel_logout_uri else { return };
    let token = match idp.key.sign(LOGOUT_TOKEN_TYPE, &LogoutClaims::new(&idp.config, sid, session.member)) {
        Ok(token) => token,
        Err(error) => {
            tracing::error!(%error, "demo identity provider: cannot sign a logout token");
            return;
        }
    };
    match idp.backchannel.post(uri.clone()).form(&[("logout_token", token)]).send().await {
        Ok(answer) if answer.status().is_success() => {}
        Ok(answer) => {
            tracing::warn!(%uri, status = answer.status().as_u16(), "back-channel logout refused by the client");
        }
        Err(error) => tracing::warn!(%uri, %error, "back-channel logout failed"),
    }
}
