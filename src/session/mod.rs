//! Server-side sessions. The browser holds only an opaque random id; the member's data and
//! tokens stay here, in one of two stores behind the `SessionStore` trait: in memory for one
//! instance, Redis for several behind a load balancer.

mod device;
mod memory;
pub mod redis;
mod seal;

use std::time::Duration;

use std::sync::Arc;

use async_trait::async_trait;
use base64::Engine;
use serde::{Deserialize, Serialize};

pub use device::Device;
pub use memory::MemoryStore;
pub use redis::{RedisStore, check as check_redis};
pub use seal::Keyring;

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
    /// What the member signed in with, for « Mes connexions ».
    #[serde(default)]
    pub device: Device,
    /// Which write of the session this is, as the store read it: a write is accepted only over
    /// the version it was made from (see `SessionStore::replace`). Kept by the store, beside
    /// the session rather than in it.
    #[serde(skip)]
    pub version: u64,
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
    pub access_token: String,
    /// Unix time at which the access token expires.
    pub access_expires_at: i64,
    /// How long the access token was given for, in seconds (0 in sessions written before it
    /// was kept: the refresh margin is then the usual 30 s).
    #[serde(default)]
    pub access_lifetime_secs: i64,
    pub refresh_token: Option<String>,
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
            access_token,
            access_expires_at: now + lifetime,
            access_lifetime_secs: lifetime,
            refresh_token,
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
}

/// How long a refresh may hold the per-session lock before another instance may take over.
pub const REFRESH_LOCK_TTL: Duration = Duration::from_secs(15);

#[async_trait]
pub trait SessionStore: Send + Sync {
    /// The session, resetting its idle timer; `None` once it idled out or was removed. Shared,
    /// not copied: every authenticated request reads it, and it holds the member's whole record.
    async fn get(&self, id: &str) -> anyhow::Result<Option<Arc<Session>>>;
    /// Stores a new session. Past the per-member cap, the member's own least recently used
    /// sessions are closed (never another member's), and returned so that their refresh
    /// tokens can be revoked.
    async fn create(&self, id: &str, session: &Session) -> anyhow::Result<Vec<Session>>;
    /// Writes `session` (new tokens) only while the session is still stored and still the
    /// version `session.version` that was read: false, and nothing written, when it ended
    /// (signed out, closed from « Mes connexions », back-channel logout, idle) or was written
    /// by someone else in between. An ended session never comes back.
    async fn replace(&self, id: &str, session: &Session) -> anyhow::Result<bool>;
    async fn remove(&self, id: &str) -> anyhow::Result<Option<Session>>;
    /// The names `list_by_sub` may give the session `id` (several while keys rotate).
    fn names(&self, id: &str) -> Vec<String>;
    /// Ends the session listed under `name`.
    async fn remove_named(&self, name: &str) -> anyhow::Result<Option<Session>>;
    /// Ends every session of a provider session (back-channel logout); returns how many.
    async fn remove_by_sid(&self, sid: &str) -> anyhow::Result<usize>;
    /// Ends every session of a subject (a logout token without `sid`).
    async fn remove_by_sub(&self, sub: &str) -> anyhow::Result<usize>;
    /// The live sessions of a subject, without resetting their idle timers.
    async fn list_by_sub(&self, sub: &str) -> anyhow::Result<Vec<Listed>>;
    /// Takes the session's refresh lock; false when someone else holds it.
    async fn try_lock_refresh(&self, id: &str) -> anyhow::Result<bool>;
    async fn unlock_refresh(&self, id: &str) -> anyhow::Result<()>;
    /// Whether the store answers (readiness: an instance whose store does not can serve no
    /// signed-in member).
    async fn ping(&self) -> anyhow::Result<()>;
    /// Marks a single-use token (a captcha solution, in its canonical form) as used for `ttl`,
    /// on every instance sharing the store; false when it already was.
    async fn claim_once(&self, token: &str, ttl: Duration) -> anyhow::Result<bool>;
    /// How many sessions the store holds (every instance's, when it is shared), and its name in
    /// `sessions_open{store}`.
    async fn count(&self) -> anyhow::Result<u64>;
    fn kind(&self) -> &'static str;
}

/// How often `sessions_open{store}` is sampled.
const COUNT_EVERY: Duration = Duration::from_secs(15);

/// Exports `sessions_open{store}`, sampled now and every `COUNT_EVERY` for as long as the
/// runtime lives. With Redis every instance reports the shared total.
pub fn export_count(store: Arc<dyn SessionStore>, registry: &prometheus::Registry) {
    let gauge = prometheus::IntGaugeVec::new(
        prometheus::Opts::new("sessions_open", "Sessions the store holds, by store"),
        &["store"],
    )
    .expect("valid metric");
    registry.register(Box::new(gauge.clone())).expect("unique metric");
    let gauge = gauge.with_label_values(&[store.kind()]);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(COUNT_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            match store.count().await {
                Ok(count) => gauge.set(i64::try_from(count).unwrap_or(i64::MAX)),
                Err(error) => tracing::warn!(error = %format!("{error:#}"), "sessions not counted"),
            }
        }
    });
}

/// The one-way name of a session id in the memory store and, before this store kept keyed
/// names, « Mes connexions »: SHA-256, URL-safe base64.
fn digest_name(id: &str) -> String {
    use sha2::Digest as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(id.as_bytes()))
}

/// A new unguessable id (256 bits) for a session.
pub fn new_id() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_kept_before_the_sign_in_time_was_reads_as_not_recent() {
        let mut kept = serde_json::to_value(contract::session("sid", "sub")).unwrap();
        kept.as_object_mut().unwrap().remove("auth_time");
        let session: Session = serde_json::from_value(kept).unwrap();
        assert_eq!(session.auth_time, None);
    }
}

#[cfg(test)]
pub(crate) mod contract {
    //! The behaviour both stores must have; each store's tests run these.

    use super::*;

    pub fn session(sid: &str, sub: &str) -> Session {
        Session {
            member: crate::member_api::SignedInMember {
                user: serde_json::value::RawValue::from_string(r#"{"Nom":"DUPONT"}"#.into()).unwrap(),
                version_num: None,
                smart_carte_url: None,
            },
            tokens: Tokens::received(
                "access".into(),
                Some(Duration::from_secs(300)),
                Some("refresh".into()),
                now(),
            ),
            sid: Some(sid.into()),
            sub: sub.into(),
            expires_at: now() + 3600,
            opened_at: now(),
            auth_time: Some(now()),
            device: Device { browser: "Firefox 133".into(), system: "Android".into() },
            version: 0,
        }
    }

    /// A sign-in again writes its new `auth_time` and tokens over the session it read, and the
    /// store gives them back; the sign-in's own time stays.
    pub async fn a_sign_in_again_is_kept(store: &dyn SessionStore) {
        let id = new_id();
        let opened = session("sid", "sub");
        store.create(&id, &opened).await.unwrap();
        let mut again = Session::clone(&store.get(&id).await.unwrap().unwrap());
        again.auth_time = Some(opened.auth_time.unwrap() + 1200);
        again.tokens.access_token = "after the sign-in again".into();
        assert!(store.replace(&id, &again).await.unwrap());
        let kept = store.get(&id).await.unwrap().unwrap();
        assert_eq!(kept.auth_time, again.auth_time);
        assert_eq!(kept.tokens.access_token, "after the sign-in again");
        assert_eq!(kept.opened_at, opened.opened_at);
    }

    pub async fn listing_by_subject(store: &dyn SessionStore) {
        let (first, second, other) = (new_id(), new_id(), new_id());
        store.create(&first, &session("s1", "alice")).await.unwrap();
        store.create(&second, &session("s2", "alice")).await.unwrap();
        store.create(&other, &session("s3", "bob")).await.unwrap();
        let mut listed: Vec<String> =
            store.list_by_sub("alice").await.unwrap().into_iter().map(|listed| listed.name).collect();
        listed.sort();
        let mut expected = [&first, &second].map(|id| store.names(id).remove(0)).to_vec();
        expected.sort();
        assert_eq!(listed, expected);
        let alice = store.list_by_sub("alice").await.unwrap();
        assert!(alice.iter().all(|listed| (now() - listed.last_active).abs() <= 2));
        assert_eq!(alice[0].session.device.browser, "Firefox 133");
        store.remove(&first).await.unwrap();
        let left: Vec<String> =
            store.list_by_sub("alice").await.unwrap().into_iter().map(|l| l.name).collect();
        assert_eq!(left, store.names(&second));
        assert!(!left[0].contains(&second), "a name does not give the id away");
        assert!(store.remove_named(&left[0]).await.unwrap().is_some());
        assert!(store.get(&second).await.unwrap().is_none());
        assert!(store.list_by_sub("nobody").await.unwrap().is_empty());
    }

    pub async fn round_trip(store: &dyn SessionStore) {
        let id = new_id();
        let before = store.count().await.unwrap();
        assert!(store.get(&id).await.unwrap().is_none());
        store.create(&id, &session("sid-1", "sub-1")).await.unwrap();
        assert_eq!(store.get(&id).await.unwrap().unwrap().sub, "sub-1");
        assert_eq!(store.count().await.unwrap(), before + 1, "a session is counted");
        assert!(store.remove(&id).await.unwrap().is_some());
        assert!(store.get(&id).await.unwrap().is_none());
        assert_eq!(store.count().await.unwrap(), before, "an ended session is not");
    }

    pub async fn back_channel_indexes(store: &dyn SessionStore) {
        let (a, b, c) = (new_id(), new_id(), new_id());
        let sid = new_id();
        let sub = new_id();
        store.create(&a, &session(&sid, "other")).await.unwrap();
        store.create(&b, &session(&sid, "other")).await.unwrap();
        store.create(&c, &session("another-sid", &sub)).await.unwrap();
        assert_eq!(store.remove_by_sid(&sid).await.unwrap(), 2);
        assert!(store.get(&a).await.unwrap().is_none() && store.get(&b).await.unwrap().is_none());
        assert_eq!(store.remove_by_sub(&sub).await.unwrap(), 1);
        assert!(store.get(&c).await.unwrap().is_none());
    }

    pub async fn refresh_lock_is_exclusive(store: &dyn SessionStore) {
        let id = new_id();
        assert!(store.try_lock_refresh(&id).await.unwrap());
        assert!(!store.try_lock_refresh(&id).await.unwrap());
        store.unlock_refresh(&id).await.unwrap();
        assert!(store.try_lock_refresh(&id).await.unwrap());
    }

    /// A refresh that read the session, then wrote new tokens after the session ended, in each
    /// way a session ends: nothing is written, the session stays ended.
    pub async fn an_ended_session_is_never_written_back(store: &dyn SessionStore) {
        for ending in ["sign-out", "back-channel sid", "back-channel sub"] {
            let (id, sid, sub) = (new_id(), new_id(), new_id());
            store.create(&id, &session(&sid, &sub)).await.unwrap();
            let mut read = Session::clone(&store.get(&id).await.unwrap().unwrap());
            match ending {
                "sign-out" => drop(store.remove(&id).await.unwrap()),
                "back-channel sid" => assert_eq!(store.remove_by_sid(&sid).await.unwrap(), 1),
                _ => assert_eq!(store.remove_by_sub(&sub).await.unwrap(), 1),
            }
            read.tokens.access_token = "refreshed".into();
            assert!(!store.replace(&id, &read).await.unwrap(), "{ending}");
            assert!(store.get(&id).await.unwrap().is_none(), "{ending}: the session stays ended");
            assert!(store.list_by_sub(&sub).await.unwrap().is_empty(), "{ending}");
        }
    }

    /// Two writes made from the same read: the first is kept, the second refused.
    pub async fn a_write_from_a_stale_read_is_refused(store: &dyn SessionStore) {
        let id = new_id();
        store.create(&id, &session("sid", "sub")).await.unwrap();
        let mut first = Session::clone(&store.get(&id).await.unwrap().unwrap());
        let mut second = first.clone();
        first.tokens.access_token = "first".into();
        second.tokens.access_token = "second".into();
        assert!(store.replace(&id, &first).await.unwrap());
        assert!(!store.replace(&id, &second).await.unwrap());
        let kept = store.get(&id).await.unwrap().unwrap();
        assert_eq!(kept.tokens.access_token, "first");
        let mut third = Session::clone(&kept);
        third.tokens.access_token = "third".into();
        assert!(store.replace(&id, &third).await.unwrap(), "a write from the latest read");
    }

    pub async fn a_session_past_its_lifetime_is_not_written(store: &dyn SessionStore) {
        let id = new_id();
        store.create(&id, &session("sid", "sub")).await.unwrap();
        let mut read = Session::clone(&store.get(&id).await.unwrap().unwrap());
        read.expires_at = now() - 1;
        assert!(!store.replace(&id, &read).await.unwrap());
    }

    /// One member signing in past the cap closes their own sessions only.
    pub async fn the_member_cap_closes_only_the_members_own_sessions(store: &dyn SessionStore, cap: usize) {
        let (alice, bob) = (new_id(), new_id());
        let other = new_id();
        store.create(&other, &session("sid-bob", &bob)).await.unwrap();
        let mut closed = 0;
        let mut newest = String::new();
        for _ in 0..cap + 3 {
            newest = new_id();
            closed += store.create(&newest, &session(&new_id(), &alice)).await.unwrap().len();
        }
        assert_eq!(closed, 3, "each sign-in past the cap closes one of hers");
        assert_eq!(store.list_by_sub(&alice).await.unwrap().len(), cap);
        assert!(store.get(&newest).await.unwrap().is_some(), "the new session is kept");
        assert!(store.get(&other).await.unwrap().is_some(), "another member's session is never closed");
    }

    pub async fn a_token_is_claimed_once(store: &dyn SessionStore) {
        let (token, other) = (new_id(), new_id());
        let ttl = std::time::Duration::from_secs(60);
        assert!(store.claim_once(&token, ttl).await.unwrap());
        assert!(!store.claim_once(&token, ttl).await.unwrap());
        assert!(store.claim_once(&other, ttl).await.unwrap());
    }
}
