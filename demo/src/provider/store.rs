//! What the provider remembers between calls: pending sign-ins, authorization codes, sign-in
//! sessions and refresh tokens. All of it lives in memory: a restart of the portal signs
//! everyone out of the demo provider (their next refresh fails and they sign in again), which
//! is acceptable for a demo and keeps it free of any storage.

use std::time::Duration;

use moka::sync::Cache;

use crate::personas::Persona;

/// A member has this long to pick an identity on the sign-in page.
const PENDING_TTL: Duration = Duration::from_secs(600);
/// A pushed authorization request (RFC 9126) is used within this long, once.
pub const PUSHED_TTL: Duration = Duration::from_secs(60);
/// Authorization codes are single-use and short-lived.
const CODE_TTL: Duration = Duration::from_secs(60);
/// A used code is remembered this long, so that a replay can revoke what it gave.
const USED_CODE_TTL: Duration = Duration::from_secs(600);
/// Bounds memory whatever a client does; far above what a demo needs.
const CAPACITY: u64 = 100_000;

/// An authorization request that passed every check, waiting for the member's choice.
#[derive(Debug, Clone)]
pub struct AuthorizationRequest {
    pub redirect_uri: String,
    pub scope: String,
    pub state: Option<String>,
    pub nonce: Option<String>,
    pub code_challenge: String,
}

/// What an authorization code stands for.
#[derive(Debug, Clone)]
pub struct CodeGrant {
    pub redirect_uri: String,
    pub code_challenge: String,
    pub sid: String,
}

/// One sign-in, named by its `sid`: it lasts until logout, or until unused for the refresh
/// token lifetime.
#[derive(Debug, Clone)]
pub struct Session {
    pub member: &'static Persona,
    pub scope: String,
    pub nonce: Option<String>,
    /// Seconds since the epoch of the sign-in (`auth_time`).
    pub auth_time: u64,
}

pub struct Store {
    pending: Cache<String, AuthorizationRequest>,
    pushed: Cache<String, AuthorizationRequest>,
    codes: Cache<String, CodeGrant>,
    used_codes: Cache<String, String>,
    sessions: Cache<String, Session>,
    /// Refresh token → `sid` of its session.
    refresh_tokens: Cache<String, String>,
}

fn cache<V: Clone + Send + Sync + 'static>(ttl: Duration) -> Cache<String, V> {
    Cache::builder().max_capacity(CAPACITY).time_to_live(ttl).build()
}

impl Store {
    pub fn new(refresh_token_ttl: Duration) -> Self {
        Self {
            pending: cache(PENDING_TTL),
            pushed: cache(PUSHED_TTL),
            codes: cache(CODE_TTL),
            used_codes: cache(USED_CODE_TTL),
            sessions: Cache::builder().max_capacity(CAPACITY).time_to_idle(refresh_token_ttl).build(),
            refresh_tokens: cache(refresh_token_ttl),
        }
    }

    pub fn add_pending(&self, id: String, request: AuthorizationRequest) {
        self.pending.insert(id, request);
    }

    pub fn add_pushed(&self, request_uri: String, request: AuthorizationRequest) {
        self.pushed.insert(request_uri, request);
    }

    /// The pushed request `request_uri` names, once (RFC 9126 §4: single use).
    pub fn take_pushed(&self, request_uri: &str) -> Option<AuthorizationRequest> {
        self.pushed.remove(request_uri)
    }

    /// The pending request, once: a second submission of the same page is refused.
    pub fn take_pending(&self, id: &str) -> Option<AuthorizationRequest> {
        self.pending.remove(id)
    }

    pub fn start_session(&self, sid: String, session: Session) {
        self.sessions.insert(sid, session);
    }

    pub fn session(&self, sid: &str) -> Option<Session> {
        self.sessions.get(sid)
    }

    /// Ends a session; its refresh tokens stop working. `None` when it was already over.
    pub fn end_session(&self, sid: &str) -> Option<Session> {
        self.sessions.remove(sid)
    }

    pub fn add_code(&self, code: String, grant: CodeGrant) {
        self.codes.insert(code, grant);
    }

    /// Redeems a code: `Ok` the first time, `Err(Some(sid))` on a replay (the caller ends
    /// that session, RFC 6749 §4.1.2), `Err(None)` for a code never issued or expired.
    pub fn redeem_code(&self, code: &str) -> Result<CodeGrant, Option<String>> {
        match self.codes.remove(code) {
            Some(grant) => {
                self.used_codes.insert(code.to_owned(), grant.sid.clone());
                Ok(grant)
            }
            None => Err(self.used_codes.get(code)),
        }
    }

    pub fn add_refresh_token(&self, token: String, sid: String) {
        self.refresh_tokens.insert(token, sid);
    }

    /// Uses up a refresh token (they rotate): the `sid` and its session when both are live.
    pub fn redeem_refresh_token(&self, token: &str) -> Option<(String, Session)> {
        let sid = self.refresh_tokens.remove(token)?;
        let session = self.session(&sid)?;
        Some((sid, session))
    }

    pub fn revoke_refresh_token(&self, token: &str) {
        self.refresh_tokens.invalidate(token);
    }
}
