//! « Mes connexions »: the member's open sessions, on every instance (they are read from the
//! shared store), and closing one or all the others. A closed session is gone from the store:
//! its next call answers 401 and its page returns to the root.
//!
//! The browser never sees a session id (the cookie's secret): each session is named by a
//! digest of it, which names it without opening it.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine;
use serde::Serialize;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::{Auth, CurrentSession, store_unavailable};
use crate::error::ApiError;
use crate::session::Listed;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Connexion {
    id: String,
    ouverte_le: String,
    derniere_activite: String,
    navigateur: String,
    systeme: String,
    cet_appareil: bool,
}

/// The name the browser knows a session by.
fn handle(session_id: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(session_id.as_bytes()))
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

/// The member's sessions, this device's first, then the latest used.
async fn listed(auth: &Auth, current: &CurrentSession) -> Result<Vec<Listed>, ApiError> {
    let mut listed = auth.sessions.list_by_sub(&current.session.sub).await.map_err(store_unavailable)?;
    listed.sort_by_key(|session| (session.id != current.id, -session.last_active));
    Ok(listed)
}

fn no_store(mut response: actix_web::HttpResponseBuilder) -> actix_web::HttpResponseBuilder {
    response.insert_header((header::CACHE_CONTROL, "no-store"));
    response
}

pub async fn list(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let connexions: Vec<Connexion> = listed(&auth, &current)
        .await?
        .into_iter()
        .map(|listed| Connexion {
            id: handle(&listed.id),
            // A session from before sign-in times were kept shows its last use instead.
            ouverte_le: moment(if listed.session.opened_at > 0 {
                listed.session.opened_at
            } else {
                listed.last_active
            }),
            derniere_activite: moment(listed.last_active),
            navigateur: or_unknown(&listed.session.device.browser, "Navigateur inconnu"),
            systeme: or_unknown(&listed.session.device.system, "Système inconnu"),
            cet_appareil: listed.id == current.id,
        })
        .collect();
    Ok(no_store(HttpResponse::Ok()).json(connexions))
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
    let Some(session) =
        listed(&auth, &current).await?.into_iter().find(|listed| handle(&listed.id) == *target)
    else {
        return Ok(refused(StatusCode::NOT_FOUND, "not_found", "Cette connexion n’est plus ouverte."));
    };
    if session.id == current.id {
        return Ok(refused(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "Pour fermer la connexion de cet appareil, utilisez « Se déconnecter ».",
        ));
    }
    auth.sessions.remove(&session.id).await.map_err(store_unavailable)?;
    tracing::info!("a session was closed from another of the member's devices");
    Ok(no_store(HttpResponse::NoContent()).finish())
}

/// « Me déconnecter partout ailleurs ».
pub async fn close_others(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let mut fermees = 0;
    for listed in listed(&auth, &current).await? {
        if listed.id != current.id
            && auth.sessions.remove(&listed.id).await.map_err(store_unavailable)?.is_some()
        {
            fermees += 1;
        }
    }
    tracing::info!(closed = fermees, "the member closed their other sessions");
    Ok(no_store(HttpResponse::Ok()).json(json!({ "fermees": fermees })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_names_a_session_without_revealing_its_id() {
        let id = crate::session::new_id();
        let name = handle(&id);
        assert_eq!(name, handle(&id));
        assert_ne!(name, id);
        assert_eq!(name.len(), 43);
        assert!(name.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_'));
    }
}
