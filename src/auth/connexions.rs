//! « Mes connexions »: the member's open sessions, on every instance (they are read from the
//! shared store), and closing one or all the others. A closed session is gone from the store:
//! its next call answers 401 and its page returns to the root.
//!
//! The browser never sees a session id (the cookie's secret): each session is named by the
//! store's one-way name for it, which names it without opening it. A closed session's refresh
//! token is revoked at the provider, as at sign-out.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use serde_json::json;

use super::service::{Auth, CurrentSession, store_unavailable};
use crate::audit::{self, Kind, Note};
use crate::error::ApiError;
use crate::session::Listed;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Connexion {
    /// The store's one-way name of the session, which « Mes connexions » closes it by.
    pub id: String,
    pub ouverte_le: String,
    pub derniere_activite: String,
    pub navigateur: String,
    pub systeme: String,
    pub cet_appareil: bool,
}

fn moment(unix: i64) -> String {
    chrono::DateTime::from_timestamp(unix, 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::Europe::Paris)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

fn or_unknown(text: &str, unknown: &str) -> String {
    if text.is_empty() { unknown.to_owned() } else { text.to_owned() }
}

/// The member's sessions, this device's first, then the latest used; with this device's.
async fn listed(auth: &Auth, current: &CurrentSession) -> Result<(Vec<Listed>, Vec<String>), ApiError> {
    let this_device = auth.sessions.names(&current.id);
    let mut listed = auth.sessions.list_by_sub(&current.session.sub).await.map_err(store_unavailable)?;
    listed.sort_by_key(|session| (!this_device.contains(&session.name), -session.last_active));
    Ok((listed, this_device))
}

fn no_store(mut response: actix_web::HttpResponseBuilder) -> actix_web::HttpResponseBuilder {
    response.insert_header((header::CACHE_CONTROL, "no-store"));
    response
}

pub async fn list(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    Ok(no_store(HttpResponse::Ok()).json(of_member(&auth, &current).await?))
}

/// The member's open sessions as « Mes connexions » shows them (also in the archive of their data).
pub async fn of_member(auth: &Auth, current: &CurrentSession) -> Result<Vec<Connexion>, ApiError> {
    let (listed, this_device) = listed(auth, current).await?;
    Ok(listed
        .into_iter()
        .map(|listed| Connexion {
            cet_appareil: this_device.contains(&listed.name),
            id: listed.name,
            // A session from before sign-in times were kept shows its last use instead.
            ouverte_le: moment(if listed.session.opened_at > 0 {
                listed.session.opened_at
            } else {
                listed.last_active
            }),
            derniere_activite: moment(listed.last_active),
            navigateur: or_unknown(&listed.session.device.browser, "Navigateur inconnu"),
            systeme: or_unknown(&listed.session.device.system, "Système inconnu"),
        })
        .collect())
}

/// A refusal with its own French message, in the shape of every error answer.
fn refused(status: StatusCode, code: &str, message: &str) -> HttpResponse {
    no_store(HttpResponse::build(status))
        .json(json!({"status": status.as_u16(), "code": code, "message": message}))
}

pub async fn close(
    request: HttpRequest,
    target: web::Path<String>,
    auth: web::Data<Auth>,
) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let (listed, this_device) = listed(&auth, &current).await?;
    // Only among the member's own sessions: another member's name is not found.
    let Some(session) = listed.into_iter().find(|listed| listed.name == *target) else {
        return Ok(refused(StatusCode::NOT_FOUND, "not_found", "Cette connexion n’est plus ouverte."));
    };
    if this_device.contains(&session.name) {
        return Ok(refused(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "Pour fermer la connexion de cet appareil, utilisez « Se déconnecter ».",
        ));
    }
    if let Some(closed) = auth.sessions.remove_named(&session.name).await.map_err(store_unavailable)? {
        auth.revoke(&closed).await;
        audit::note(&request, Note { objects: vec![session.name], ..Note::of(Kind::SessionClosed) });
    }
    tracing::info!("a session was closed from another of the member's devices");
    Ok(no_store(HttpResponse::NoContent()).finish())
}

/// « Me déconnecter partout ailleurs ».
pub async fn close_others(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let mut fermees = 0;
    let (listed, this_device) = listed(&auth, &current).await?;
    for listed in listed.into_iter().filter(|listed| !this_device.contains(&listed.name)) {
        if let Some(closed) = auth.sessions.remove_named(&listed.name).await.map_err(store_unavailable)? {
            auth.revoke(&closed).await;
            fermees += 1;
            audit::note(&request, Note { objects: vec![listed.name], ..Note::of(Kind::SessionClosed) });
        }
    }
    tracing::info!(closed = fermees, "the member closed their other sessions");
    Ok(no_store(HttpResponse::Ok()).json(json!({ "fermees": fermees })))
}
