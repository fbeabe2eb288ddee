//! Keys derived from the OpenID client secret, one per use: every instance of a deployment
//! holds the secret already, so what one instance signs or seals with a derived key, another
//! checks or opens.

use hmac::{Hmac, KeyInit, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

/// An HMAC keyed by a one-way derivation of the client secret for the use named by `label`,
/// so that each use (anti-forgery tokens, captcha challenges) has its own key.
pub fn derived_mac(client_secret: &SecretString, label: &[u8]) -> Hmac<Sha256> {
    let mut derivation = Hmac::<Sha256>::new_from_slice(client_secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    derivation.update(label);
    let key = derivation.finalize().into_bytes();
    Hmac::new_from_slice(&key).expect("HMAC takes keys of any length")
}
