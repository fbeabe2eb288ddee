//! Random secrets: the provider's codes and tokens, the back office's sessions, and the client
//! secret the portal and the provider share when the configuration names none.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use secrecy::SecretString;

/// A fresh client secret shared by the portal's OIDC client and the embedded provider, when
/// the configuration names none: nothing to configure, and nothing guessable.
pub fn random_client_secret() -> SecretString {
    SecretString::from(random_token())
}

/// 256 random bits, base64url: codes, session ids, refresh tokens and secrets.
pub(crate) fn random_token() -> String {
    let bytes: [u8; 32] = rand::random();
    URL_SAFE_NO_PAD.encode(bytes)
}
