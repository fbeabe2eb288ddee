//! Sign-in, sessions and sign-out: the portal is the OpenID Connect client (a
//! backend-for-frontend). The browser only ever holds an opaque session cookie; tokens stay in
//! the server-side session and are refreshed here, once per session however many requests wait.

mod backchannel;
mod connexions;
mod cookies;
pub mod failure;
mod login;
mod logout;
mod member;
mod memo;
pub mod provider;
mod recent_sign_in;
mod refresh;
pub mod return_to;
mod revoke;
mod sign_in_again;
mod sign_in_state;
mod xsrf;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, web};

pub use cookies::{Cookies, XSRF_HEADER};
pub use member::claim_text;
pub use recent_sign_in::RecentSignIn;
pub use refresh::{Refresher, SessionBearer};
pub use sign_in_state::key as sign_in_key;
pub use xsrf::{XsrfKey, derived_mac};

use crate::error::ApiError;
use crate::limits::Bound;
use crate::session::{Session, SessionStore};

pub struct Auth {
    pub provider: provider::Provider,
    pub sessions: Arc<dyn SessionStore>,
    pub cookies: Cookies,
    /// Makes and checks each session's anti-forgery token.
    pub xsrf: XsrfKey,
    /// Encrypts the sign-in cookie (state, nonce, PKCE verifier, return path).
    pub sign_in_key: actix_web::cookie::Key,
    pub refresher: Refresher,
    /// The portal's root, where the provider sends the member after sign-out.
    pub public_url: url::Url,
    pub idle_timeout: Duration,
    pub max_lifetime: Duration,
    /// Claim of the ID token (else userinfo) holding the person number.
    pub person_number_claim: String,
    /// Sign-ins started per client address (`limits.sign_ins_per_minute`).
    pub sign_ins: Bound<IpAddr>,
    /// Writes per member (`limits.writes_per_minute`).
    pub writes: Bound<String>,
    /// Whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How recent a sign-in the changes that matter need (`oidc.recent_sign_in_secs`,
    /// `oidc.acr_values`).
    pub recent_sign_in: RecentSignIn,
}

/// The signed-in member's session, with its id.
pub struct CurrentSession {
    pub id: String,
    pub session: Arc<Session>,
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

    /// The anti-forgery cookie of the session `session_id`.
    pub fn xsrf_cookie(&self, session_id: &str) -> actix_web::cookie::Cookie<'static> {
        self.cookies.xsrf(self.xsrf.token(session_id))
    }

    /// The anti-forgery check of a state-changing request (`security::is_forged`): the
    /// header echoes the cookie (a cross-site page can make the browser send the cookie, not
    /// read it) and, when the browser holds a session, is that session's token. Without a
    /// session nothing is at stake (the sign-out of nobody), and the echo is enough.
    pub fn xsrf_holds(&self, request: &HttpRequest, header: Option<&str>) -> bool {
        let Some(header) = header.filter(|header| !header.is_empty()) else { return false };
        if self.cookies.xsrf_token(request).as_deref() != Some(header) {
            return false;
        }
        self.cookies.session_id(request).is_none_or(|id| self.xsrf.is_token_of(&id, header))
    }

    /// Like `current`, but a missing session is the 401 of every member-only endpoint; a
    /// write counts against the member's bound (`limits.writes_per_minute`).
    pub async fn require(&self, request: &HttpRequest) -> Result<CurrentSession, ApiError> {
        let current = self.current(request).await?.ok_or(ApiError::Unauthorized)?;
        if !request.method().is_safe() {
            self.writes.check(current.session.sub.clone())?;
        }
        Ok(current)
    }

    /// Counts a sign-in step (`/auth/login`, `/auth/callback`) against the client's address.
    pub(crate) fn count_sign_in(&self, request: &HttpRequest) -> Result<(), ApiError> {
        self.sign_ins.check(crate::limits::client_address(request, &self.trusted_proxies))
    }
}

pub fn store_unavailable(error: anyhow::Error) -> ApiError {
    ApiError::Unavailable(format!("session store: {error:#}"))
}

pub fn routes(cfg: &mut web::ServiceConfig, auth: &Auth) {
    let sign_in_cookie = || {
        sign_in_state::middleware(
            auth.sign_in_key.clone(),
            auth.cookies.sign_in_name(),
            auth.cookies.is_secure(),
        )
    };
    cfg.service(web::resource("/auth/login").wrap(sign_in_cookie()).get(login::login))
        .service(web::resource("/auth/callback").wrap(sign_in_cookie()).get(login::callback))
        .service(web::resource("/auth/logout").post(logout::logout))
        .service(web::resource("/auth/backchannel-logout").post(backchannel::backchannel_logout));
}

/// The member's session and open connections, in the `/api` scope.
pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/session").get(member::session))
        // A scope of its own: the pattern with an identifier is then tried for the paths under
        // it only, never for every member API call on its way.
        .service(
            web::scope("/connexions")
                .service(web::resource("").get(connexions::list).delete(connexions::close_others))
                .service(web::resource("/{id}").delete(connexions::close)),
        );
}
