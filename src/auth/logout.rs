//! `POST /auth/logout` (anti-forgery header required, see `security::is_forged`): ends the
//! portal session, revokes the refresh token where the provider can, and answers with the
//! provider's end-session address for the SPA to open, so the provider's session ends too.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use openidconnect::{LogoutRequest, PostLogoutRedirectUrl};
use serde_json::json;

use super::service::{Auth, store_unavailable};
use crate::audit::{self, Kind, Note};
use crate::error::ApiError;
use crate::session::Session;

pub async fn logout(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let mut redirect_to = auth.public_url.to_string();
    if let Some(id) = auth.cookies.session_id(&request)
        && let Some(session) = auth.sessions.remove(&id).await.map_err(store_unavailable)?
    {
        if auth.audit.is_on() {
            let session_name = auth.sessions.names(&id).swap_remove(0);
            let member = session.pseudonym.clone();
            audit::note(&request, Note { member, session: Some(session_name), ..Note::of(Kind::SignOut) });
        }
        if let Some(end_session) = end_provider_session(&auth, &session).await {
            redirect_to = end_session;
        }
    }
    let mut response = HttpResponse::Ok();
    for cookie in auth.cookies.cleared() {
        response.cookie(cookie);
    }
    Ok(response.insert_header((header::CACHE_CONTROL, "no-store")).json(json!({ "redirectTo": redirect_to })))
}

/// Revokes the refresh token (best effort: the session is gone either way) and builds the
/// provider's end-session address, when the provider has one. The address names the client
/// (`client_id`), not the member: an `id_token_hint` would hand the ID token to the browser,
/// its history and the provider's access logs, and no token ever leaves the server. The
/// provider finds the member's session from its own cookie.
async fn end_provider_session(auth: &Auth, session: &Session) -> Option<String> {
    let discovered = auth.provider.discovered().await.ok()?;
    auth.revoke(session).await;
    let end_session = discovered.end_session.clone()?;
    let logout = LogoutRequest::from(end_session)
        .set_client_id(auth.provider.client_id.clone())
        .set_post_logout_redirect_uri(PostLogoutRedirectUrl::from_url(auth.public_url.clone()));
    Some(logout.http_get_url().to_string())
}
