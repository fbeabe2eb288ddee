//! The sign-in service every handler of a member shares: the provider, the stores, the
//! cookies and their keys, and the rules a request of a member goes through (its session, its
//! anti-forgery token, its bounds).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpMessage as _, HttpRequest};

use super::cookies::Cookies;
use super::provider::Provider;
use super::recent_sign_in::RecentSignIn;
use super::refresher::Refresher;
use super::xsrf::XsrfKey;
use crate::audit::{Audit, Subject};
use crate::config::Settings;
use crate::coordination::Coordination;
use crate::endpoints::Endpoints;
use crate::error::ApiError;
use crate::limits::{Bound, Bounds};
use crate::session::{Session, SessionStore};
use crate::stores::Stores;
use crate::upstream_calls::UpstreamCalls;

pub struct Auth {
    pub provider: Provider,
    pub sessions: Arc<dyn SessionStore>,
    /// Where sign-ins, sign-outs, reads of health data, changes and refusals are recorded.
    pub audit: Audit,
    /// The refresh lock of each session, shared by the instances.
    pub coordination: Arc<dyn Coordination>,
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
        if session.is_expired(crate::clock::now()) {
            self.sessions.remove(&id).await.map_err(store_unavailable)?;
            return Ok(None);
        }
        if self.audit.is_on() {
            let subject = Subject {
                member: session.pseudonym.clone(),
                actor: session.acting.as_ref().and_then(|acting| acting.own_pseudonym.clone()),
                session: self.sessions.names(&id).swap_remove(0),
            };
            request.extensions_mut().insert(subject);
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

impl Auth {
    /// The service `[oidc]`, `[session]` and `[limits]` describe, over the shared `stores`;
    /// the provider's calls are recorded in `recorded`.
    pub fn new(
        settings: &Settings,
        endpoints: &Endpoints,
        stores: &Stores,
        bounds: &Bounds,
        audit: Audit,
        recorded: UpstreamCalls,
        registry: &prometheus::Registry,
    ) -> anyhow::Result<Self> {
        let secret = settings.derivation_secret();
        let http = crate::outbound::http_client(settings, settings.oidc.tls())?;
        let mut provider = Provider::from_settings(settings, endpoints, http)?;
        provider.recorded = recorded;
        Ok(Self {
            provider,
            audit,
            sessions: stores.sessions.clone(),
            coordination: stores.coordination.clone(),
            cookies: Cookies::new(endpoints.public_url.scheme() == "https"),
            xsrf: XsrfKey::derive(secret),
            sign_in_key: super::sign_in_state::key(settings.session.cookie_key.as_ref(), secret),
            refresher: Refresher::new(settings.session.max_sessions, registry),
            public_url: endpoints.public_url.clone(),
            idle_timeout: Duration::from_secs(settings.session.idle_timeout_secs),
            max_lifetime: Duration::from_secs(settings.session.max_lifetime_secs),
            person_number_claim: settings.oidc.person_number_claim.clone(),
            sign_ins: bounds.sign_ins(),
            writes: bounds.writes(),
            trusted_proxies: settings.server.trusted_proxies.clone(),
            recent_sign_in: RecentSignIn::new(&settings.oidc),
        })
    }
}
