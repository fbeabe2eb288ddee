//! Sign-in, sessions and sign-out: the portal is the OpenID Connect client (a
//! backend-for-frontend). The browser only ever holds an opaque session cookie; tokens stay in
//! the server-side session and are refreshed here, once per session however many requests wait.

mod backchannel;
mod cookies;
pub mod failure;
mod login;
mod logout;
mod member;
pub mod provider;
mod refresh;
pub mod return_to;

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, web};

pub use cookies::{Cookies, XSRF_COOKIE, XSRF_HEADER};
pub use refresh::Refresher;

use crate::error::ApiError;
use crate::session::{Session, SessionStore};

pub struct Auth {
    pub provider: provider::Provider,
    pub sessions: Arc<dyn SessionStore>,
    pub cookies: Cookies,
    pub refresher: Refresher,
    /// The portal's root, where the provider sends the member after sign-out.
    pub public_url: url::Url,
    pub idle_timeout: Duration,
    pub max_lifetime: Duration,
    /// Claim of the ID token (else userinfo) holding the person number.
    pub person_number_claim: String,
}

/// The signed-in member's session, with its id.
pub struct CurrentSession {
    pub id: String,
    pub session: Session,
}

impl Auth {
    /// The live session of this request, if any; reading it resets the idle timer.
    pub async fn current(&self, request: &HttpRequest) -> Result<Option<CurrentSession>, ApiError> {
        let Some(id) = self.cookies.session_id(request) else { return Ok(None) };
        let Some(session) = self.sessions.get(&id).await.map_err(store_unavailable)? else {
            return Ok(None);
        };
        if session.is_expired(crate::session::now()) {
            self.sessions.remove(&id).await.map_err(store_unavailable)?;
            return Ok(None);
        }
        Ok(Some(CurrentSession { id, session }))
    }

    /// Like `current`, but a missing session is the 401 of every member-only endpoint.
    pub async fn require(&self, request: &HttpRequest) -> Result<CurrentSession, ApiError> {
        self.current(request).await?.ok_or(ApiError::Unauthorized)
    }
}

pub fn store_unavailable(error: anyhow::Error) -> ApiError {
    ApiError::Unavailable(format!("session store: {error:#}"))
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/auth/login").get(login::login))
        .service(web::resource("/auth/callback").get(login::callback))
        .service(web::resource("/auth/logout").post(logout::logout))
        .service(web::resource("/auth/backchannel-logout").post(backchannel::backchannel_logout))
        .service(web::resource("/api/session").get(member::session));
}
