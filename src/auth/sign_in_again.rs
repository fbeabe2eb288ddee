//! `/auth/callback` of a sign-in again (`/auth/login?reauth=1`, asked by a change that needs a
//! recent sign-in): the provider has authenticated the member anew, and the session they are
//! signed in with gets the new `auth_time` and tokens, if it is still theirs and still the
//! one read. The member API's `compte/auth` is not called again: this is no new visit
//! (« depuis votre dernière visite » counts from the sign-in).
//!
//! The session keeps its id (the anti-forgery token with it, so the page that asked keeps
//! what the member typed) and its provider `sid`, under which the store indexes it for
//! back-channel logout: Keycloak renews the same provider session. Its old refresh token is
//! not revoked: Keycloak ends the portal's client session with a revoked refresh token, and
//! the new tokens belong to that same client session.

use actix_web::{HttpRequest, HttpResponse};
use openidconnect::OAuth2TokenResponse;

use super::callback::{self, failed, redirect};
use super::failure::StartupFailure;
use super::provider::TokenResponse;
use super::service::{Auth, CurrentSession};
use super::sign_in_state::LoginState;
use crate::audit::{self, Kind, Note};
use crate::dpop::ProofKey;
use crate::session::Session;

pub(super) async fn finish(request: &HttpRequest, auth: &Auth, login: LoginState) -> HttpResponse {
    let current = match auth.current(request).await {
        Ok(Some(current)) => current,
        // Ended while the member was at the provider (signed out in another tab, closed from
        // « Mes connexions », a back-channel logout, idle): nothing to renew, a sign-in opens
        // a new session.
        Ok(None) => return sign_in_afresh(&login.return_to),
        Err(error) => {
            tracing::error!(%error, "session store failed");
            return failed(StartupFailure::init_failed(503));
        }
    };
    let asked_by_this_session =
        login.for_session.as_ref().is_some_and(|name| auth.sessions.names(&current.id).contains(name));
    if !asked_by_this_session {
        // Another session's sign-in again, its cookie and the provider's answer replayed here:
        // the code is not even exchanged, and this session stays as it was.
        tracing::warn!("a sign-in again came back to a session that did not ask for it");
        return failed(StartupFailure::from_status(403));
    }
    // The session keeps its key: the renewed tokens are bound to it as the old ones were.
    let proof_key = current.session.proof_key.as_ref().filter(|_| auth.provider.dpop);
    let (token, claims) = match callback::authenticated(request, auth, &login, proof_key).await {
        Ok(authenticated) => authenticated,
        Err(failure) => return failed(failure),
    };
    if claims.subject().as_str() != current.session.sub {
        tracing::warn!("a sign-in again came back as another member: the session ends");
        forget(auth, &token, proof_key).await;
        return end(auth, &current).await;
    }
    let auth_time = claims.auth_time().map(|at| at.timestamp());
    let acr = claims.auth_context_ref().map(|acr| acr.as_str());
    let auth_time = match auth.recent_sign_in.check(auth_time, acr) {
        Ok(auth_time) => auth_time,
        Err(why) => {
            tracing::warn!(?why, "a sign-in again that is not recent was refused");
            return failed(StartupFailure::from_status(401));
        }
    };
    let renewed = Session {
        auth_time: Some(auth_time),
        tokens: callback::tokens_of(&token, crate::clock::now()),
        ..Session::clone(&current.session)
    };
    match auth.sessions.replace(&current.id, &renewed).await {
        Ok(true) => {
            audit::note(request, Note::of(Kind::SignInAgain));
            redirect(&login.return_to).finish()
        }
        // Ended, or written by someone else, since it was read: an ended session stays ended.
        Ok(false) => {
            forget(auth, &token, proof_key).await;
            sign_in_afresh(&login.return_to)
        }
        Err(error) => {
            tracing::error!(%error, "session store failed");
            forget(auth, &token, proof_key).await;
            failed(StartupFailure::init_failed(503))
        }
    }
}

/// Someone other than the session's member signed in at the provider: whoever is at the
/// keyboard is not the member the session was opened for. As at sign-out, the session ends and
/// its refresh token is revoked; the browser lands on the page of a refused identification.
async fn end(auth: &Auth, current: &CurrentSession) -> HttpResponse {
    match auth.sessions.remove(&current.id).await {
        Ok(Some(ended)) => auth.revoke(&ended).await,
        Ok(None) => {}
        Err(error) => tracing::error!(%error, "session store failed while ending a session"),
    }
    let failure = StartupFailure::from_status(403);
    tracing::warn!(reason = failure.reason, status = failure.status, "sign-in again refused");
    // The sign-in cookie is actix-session's to write here.
    let [session, _, xsrf] = auth.cookies.cleared();
    redirect(&failure.location()).cookie(session).cookie(xsrf).finish()
}

/// Tokens received for no session: revoked, as a refresh's are when its session ended.
async fn forget(auth: &Auth, token: &TokenResponse, proof_key: Option<&ProofKey>) {
    if let Some(refresh_token) = token.refresh_token() {
        auth.revoke_token(refresh_token.secret(), proof_key).await;
    }
}

/// A plain sign-in, then back to where the member was.
fn sign_in_afresh(return_to: &str) -> HttpResponse {
    let query =
        url::form_urlencoded::Serializer::new(String::new()).append_pair("returnTo", return_to).finish();
    redirect(&format!("/auth/login?{query}")).finish()
}
