//! The anti-forgery token of a session (docs/product/roles.md#anti-forgery): HMAC-SHA256 of the
//! session id under a server key. The SPA reads it from its cookie and echoes it in `X-XSRF-TOKEN`;
//! the portal accepts it only for the session it was made for, so a token planted in the browser (a
//! sibling host writing cookies on the plain-http demo) or taken from another session is worth
//! nothing. Nothing is stored: every instance holding the key checks it, and a new session id (each
//! sign-in) makes a new token.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use secrecy::SecretString;
use sha2::Sha256;

use crate::derived_key::derived_mac;

/// Separates this use of the client secret from any other.
const DERIVATION_LABEL: &[u8] = b"espace-assure anti-forgery key v1";

#[derive(Clone)]
pub struct XsrfKey(Hmac<Sha256>);

impl XsrfKey {
    /// Derived from the OpenID client secret: every instance of a deployment holds it already
    /// (with Redis, a token made by one instance is good on all), the demo makes a new one at
    /// each start, and the operator has nothing more to keep secret. A token reveals neither
    /// the secret nor the session id (HttpOnly), which it is one-way derived from.
    pub fn derive(client_secret: &SecretString) -> Self {
        Self(derived_mac(client_secret, DERIVATION_LABEL))
    }

    fn mac(&self, session_id: &str) -> Hmac<Sha256> {
        let mut mac = self.0.clone();
        mac.update(session_id.as_bytes());
        mac
    }

    pub fn token(&self, session_id: &str) -> String {
        URL_SAFE_NO_PAD.encode(self.mac(session_id).finalize().into_bytes())
    }

    /// Whether `token` is the session's, compared in constant time.
    pub fn is_token_of(&self, session_id: &str, token: &str) -> bool {
        URL_SAFE_NO_PAD.decode(token).is_ok_and(|tag| self.mac(session_id).verify_slice(&tag).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(secret: &str) -> XsrfKey {
        XsrfKey::derive(&secret.to_owned().into())
    }

    #[test]
    fn a_token_is_good_for_its_session_only() {
        let key = key("client-secret");
        let token = key.token("session-a");
        assert!(key.is_token_of("session-a", &token));
        assert!(!key.is_token_of("session-b", &token));
        assert!(!key.is_token_of("session-a", &token[1..]));
        assert!(!key.is_token_of("session-a", "made-up"));
        assert!(!key.is_token_of("session-a", ""));
    }

    #[test]
    fn instances_sharing_the_secret_make_the_same_token_and_others_do_not() {
        assert_eq!(key("shared").token("session"), key("shared").token("session"));
        assert_ne!(key("shared").token("session"), key("another").token("session"));
    }

    #[test]
    fn a_token_shows_neither_the_session_id_nor_the_secret() {
        let token = key("client-secret").token("session-a");
        assert!(!token.contains("session") && !token.contains("secret"), "{token}");
        assert_eq!(token.len(), 43, "256 bits, base64url without padding");
    }
}
