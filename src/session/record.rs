//! What the portal keeps of a signed-in member, and the names a session goes by.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use serde::{Deserialize, Serialize};

/// What the portal keeps of a signed-in member.
#[derive(Clone, Serialize, Deserialize)]
pub struct Session {
    /// The sign-in answer of the member API (`User`, `VersionNum`, `smartCarteUrl`).
    pub member: crate::member_api::SignedInMember,
    pub tokens: Tokens,
    /// The provider's session id and subject, for back-channel logout.
    pub sid: Option<String>,
    pub sub: String,
    /// Unix time after which the session ends whatever the activity.
    pub expires_at: i64,
    /// Unix time of the sign-in (0 in sessions written before it was kept).
    #[serde(default)]
    pub opened_at: i64,
    /// Unix time at which the provider last authenticated the member (the ID token's
    /// `auth_time`), renewed by a sign-in again; `None` when the provider did not say, and in
    /// sessions written before it was kept: the changes that need a recent sign-in then ask
    /// for one.
    #[serde(default)]
    pub auth_time: Option<i64>,
    /// The member's pseudonym in the audit trail (`audit::Pseudonyms`), when it is on: the
    /// person number itself is never kept here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pseudonym: Option<String>,
    /// The session's DPoP key (`oidc.dpop`), to which its access tokens are bound: kept, sealed,
    /// with the session, so that any instance refreshes and calls with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_key: Option<crate::dpop::ProofKey>,
    /// What the member signed in with, for « Mes connexions ».
    #[serde(default)]
    pub device: crate::device::Device,
    /// The member this person acts for, when not for themselves
    /// (docs/product/roles.md#acting-for-a-member): `member` is then that member's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acting: Option<Acting>,
    /// Which write of the session this is, as the store read it: a write is accepted only over
    /// the version it was made from (see `SessionStore::replace`). Kept by the store, beside
    /// the session rather than in it.
    #[serde(skip)]
    pub version: u64,
}

/// Acting for a member under a delegation: whose space it is, what the delegation allows (for
/// the browser to show; the member API decides), and the person's own space to go back to.
#[derive(Clone, Serialize, Deserialize)]
pub struct Acting {
    /// The person number of the member acted for, sent with every call.
    pub for_member: String,
    /// The member's name, as `assure/procurations` gave it.
    #[serde(default)]
    pub holder: String,
    /// The delegation as `assure/procurations` gave it: its nature, rights and last day.
    pub nature: String,
    pub droits: Vec<String>,
    pub fin: String,
    /// The person's own sign-in answer, when they are a member themselves.
    pub own: Option<crate::member_api::SignedInMember>,
    /// The person's own pseudonym in the audit trail, when they are a member themselves.
    pub own_pseudonym: Option<String>,
}

/// One of a member's sessions, as « Mes connexions » lists them.
pub struct Listed {
    /// The name the store keeps it under: a one-way digest of its id, which names the session
    /// to the browser without giving the cookie's value away.
    pub name: String,
    pub session: Session,
    /// Unix time of the session's last use.
    pub last_active: i64,
}

#[derive(Clone, Serialize, Deserialize)]
pub struct Tokens {
    /// Shared, not copied, by each call that presents it.
    pub access_token: Arc<str>,
    /// Unix time at which the access token expires.
    pub access_expires_at: i64,
    /// How long the access token was given for, in seconds (0 in sessions written before it
    /// was kept: the refresh margin is then the usual 30 s).
    #[serde(default)]
    pub access_lifetime_secs: i64,
    pub refresh_token: Option<String>,
    /// The provider bound the access token to the session's DPoP key (`token_type` DPoP): it
    /// goes out only with a proof of that key.
    #[serde(default)]
    pub bound: bool,
}

/// A provider that does not say how long its access token lives: assume a minute.
const UNSTATED_LIFETIME_SECS: i64 = 60;

impl Tokens {
    /// Tokens just received at `now`, the access token valid for `expires_in` (when stated).
    pub fn received(
        access_token: String,
        expires_in: Option<Duration>,
        refresh_token: Option<String>,
        now: i64,
    ) -> Self {
        let lifetime = expires_in.map_or(UNSTATED_LIFETIME_SECS, |ttl| ttl.as_secs() as i64);
        Self {
            access_token: access_token.into(),
            access_expires_at: now + lifetime,
            access_lifetime_secs: lifetime,
            refresh_token,
            bound: false,
        }
    }
}

/// Tokens never reach a log line, even through a `{:?}`.
impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tokens([REDACTED])")
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("sid", &self.sid).field("expires_at", &self.expires_at).finish()
    }
}

impl Session {
    pub fn is_expired(&self, now: i64) -> bool {
        now >= self.expires_at
    }

    /// The access token as calls present it, with the session's key when the token is bound
    /// to it.
    pub fn access_token(&self) -> crate::member_api::AccessToken {
        crate::member_api::AccessToken {
            value: self.tokens.access_token.clone(),
            proof_key: self.proof_key.clone().filter(|_| self.tokens.bound),
            acting_for: self.acting.as_ref().map(|acting| acting.for_member.clone()),
        }
    }
}

/// The one-way name of a session id in the memory store, read on every request: BLAKE3, URL-safe
/// base64. BLAKE3 rather than SHA-256: a sixth of the instructions without the CPU's SHA
/// extensions, which many servers lack (docs/benchmarks.md#member-api-proxy); the names live
/// only in the process, so nothing kept under the former ones is lost.
pub(super) fn digest_name(id: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(blake3::hash(id.as_bytes()).as_bytes())
}

/// A new unguessable id (256 bits) for a session.
pub fn new_id() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::contract;

    #[test]
    fn a_session_kept_before_the_sign_in_time_was_reads_as_not_recent() {
        let mut kept = serde_json::to_value(contract::session("sid", "sub")).unwrap();
        kept.as_object_mut().unwrap().remove("auth_time");
        let session: Session = serde_json::from_value(kept).unwrap();
        assert_eq!(session.auth_time, None);
    }
}
