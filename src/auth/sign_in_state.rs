//! What `/auth/login` remembers until the provider sends the member back (state, nonce, PKCE
//! verifier, where to return, whether it is a sign-in again): kept in the browser, in actix-session's encrypted cookie, so
//! that an anonymous visit to `/auth/login` stores nothing on the server and every instance
//! holding the key reads it. The cookie is private (AES-GCM): the browser can neither read the
//! verifier nor forge an entry. Entries carry their start time and live one hour
//! (docs/product/limits.md#sign-in).

use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::storage::CookieSessionStore;
use actix_session::{Session, SessionMiddleware};
use actix_web::cookie::{Key, SameSite, time::Duration as CookieDuration};
use hmac::{Hmac, KeyInit, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use sha2::Sha512;

/// A sign-in under way expires after 1 hour (docs/product/limits.md#sign-in).
const LIFETIME_SECS: i64 = 3600;
/// Sign-ins started in other tabs of the same browser stay possible, up to this many.
const PER_BROWSER: usize = 3;
const ENTRY: &str = "sign-ins";
/// Separates this use of the client secret from any other.
const DERIVATION_LABEL: &[u8] = b"espace-assure sign-in state key v1";

#[derive(Clone, Serialize, Deserialize)]
pub struct LoginState {
    pub csrf_state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub return_to: String,
    /// Unix time of `/auth/login`.
    pub started_at: i64,
    /// A sign-in again of the member already signed in (`/auth/login?reauth=1`): the callback
    /// renews their session rather than opening one. False in cookies written before it was
    /// kept.
    #[serde(default)]
    pub again: bool,
    /// The one-way name of the session a sign-in again renews: only that session may take
    /// it, not another one of the same member's whose browser replays the cookie and the
    /// provider's answer. `None` in cookies written before it was kept: a sign-in again without
    /// it renews nothing.
    #[serde(default)]
    pub for_session: Option<String>,
}

/// The key of the sign-in cookie: `session.cookie_key` when set (at least 32 bytes), else
/// derived from the OpenID client secret, which every instance of a deployment already shares.
/// Changing it only cancels the sign-ins under way: those members click « Se connecter » again.
pub fn key(cookie_key: Option<&SecretString>, client_secret: &SecretString) -> Key {
    let master = match cookie_key {
        Some(key) => key.expose_secret().as_bytes().to_vec(),
        None => {
            let mut derivation = Hmac::<Sha512>::new_from_slice(client_secret.expose_secret().as_bytes())
                .expect("HMAC takes keys of any length");
            derivation.update(DERIVATION_LABEL);
            derivation.finalize().into_bytes().to_vec()
        }
    };
    Key::derive_from(&master)
}

/// The middleware of `/auth/login` and `/auth/callback` only: no other route reads or writes
/// the sign-in cookie.
pub fn middleware(key: Key, cookie_name: &str, secure: bool) -> SessionMiddleware<CookieSessionStore> {
    SessionMiddleware::builder(CookieSessionStore::default(), key)
        .cookie_name(cookie_name.to_owned())
        .cookie_secure(secure)
        .cookie_http_only(true)
        // Lax: it must come back on the provider's top-level redirect to the callback.
        .cookie_same_site(SameSite::Lax)
        .cookie_path("/".to_owned())
        .cookie_content_security(CookieContentSecurity::Private)
        .session_lifecycle(PersistentSession::default().session_ttl(CookieDuration::seconds(LIFETIME_SECS)))
        .build()
}

/// Remembers a sign-in just started, next to the other live ones of this browser.
pub fn remember(session: &Session, login: LoginState, now: i64) -> anyhow::Result<()> {
    let mut pending = live(session, now);
    pending.push(login);
    let keep_from = pending.len().saturating_sub(PER_BROWSER);
    session.insert(ENTRY, &pending[keep_from..])?;
    Ok(())
}

/// The sign-in the provider's `state` names, removed from the cookie on the way. A copy of the
/// cookie kept from before would still hold it, but would come with an authorization code the
/// provider has already spent (codes are single-use, RFC 6749 §4.1.2) and bound to this
/// cookie's PKCE verifier: one sign-in per state, without a server-side record.
pub fn take(session: &Session, csrf_state: Option<&str>, now: i64) -> Option<LoginState> {
    let mut pending = live(session, now);
    let position = pending.iter().position(|login| Some(login.csrf_state.as_str()) == csrf_state)?;
    let login = pending.remove(position);
    // The last one taken, or the others unwritable: the cookie goes.
    if pending.is_empty() || session.insert(ENTRY, &pending).is_err() {
        session.purge();
    }
    Some(login)
}

fn live(session: &Session, now: i64) -> Vec<LoginState> {
    let pending: Vec<LoginState> = session.get(ENTRY).ok().flatten().unwrap_or_default();
    pending.into_iter().filter(|login| now - login.started_at < LIFETIME_SECS).collect()
}

#[cfg(test)]
mod tests {
    use actix_session::SessionExt;
    use actix_web::test::TestRequest;

    use super::*;

    fn login(state: &str, started_at: i64) -> LoginState {
        LoginState {
            csrf_state: state.into(),
            nonce: "n".into(),
            pkce_verifier: "v".into(),
            return_to: format!("/{state}"),
            started_at,
            again: false,
            for_session: None,
        }
    }

    #[test]
    fn a_sign_in_is_taken_once_by_its_state() {
        let session = TestRequest::default().to_http_request().get_session();
        remember(&session, login("a", 1000), 1000).unwrap();
        remember(&session, login("b", 1001), 1001).unwrap();

        assert_eq!(take(&session, Some("a"), 1002).unwrap().return_to, "/a");
        assert!(take(&session, Some("a"), 1002).is_none());
        assert!(take(&session, Some("forged"), 1002).is_none());
        assert_eq!(take(&session, Some("b"), 1002).unwrap().return_to, "/b");
    }

    #[test]
    fn a_sign_in_older_than_an_hour_is_refused() {
        let session = TestRequest::default().to_http_request().get_session();
        remember(&session, login("a", 1000), 1000).unwrap();

        assert!(take(&session, Some("a"), 1000 + 3600).is_none());
    }

    #[test]
    fn a_browser_keeps_its_three_latest_sign_ins() {
        let session = TestRequest::default().to_http_request().get_session();
        for (at, state) in ["a", "b", "c", "d"].into_iter().enumerate() {
            remember(&session, login(state, 1000 + at as i64), 1000).unwrap();
        }

        assert!(take(&session, Some("a"), 1010).is_none());
        assert!(take(&session, Some("d"), 1010).is_some());
    }

    #[test]
    fn the_derived_key_differs_from_a_configured_one_and_is_stable() {
        let secret = SecretString::from("client-secret");
        let derived = key(None, &secret);
        assert_eq!(derived.master(), key(None, &secret).master());
        let configured = SecretString::from("k".repeat(32));
        assert_ne!(derived.master(), key(Some(&configured), &secret).master());
    }
}
