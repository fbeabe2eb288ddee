//! What Redis holds of a session is of no use to whoever reads it (a replica, a backup,
//! `MONITOR`): its key is a keyed hash of the session id, which cannot be turned back into the
//! cookie, and its value is sealed with AES-256-GCM, which only the portal's keys open.
//!
//! `session.encryption_keys` lists the keys, newest first: the first seals and names, every
//! one opens and is tried as a name, so that a key can be rotated in without ending the
//! sessions sealed under the one before. Across several instances a rotation takes two
//! deployments: the new key added last everywhere (it opens and names, it seals nothing yet),
//! then moved first; the old one is dropped once `max_lifetime_secs` has passed.

use aes_gcm::aead::{Aead, Payload};
use aes_gcm::{Aes256Gcm, KeyInit as _, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::KeyInit as _;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// A key's two uses, each derived from it under its own label.
struct Key {
    cipher: Aes256Gcm,
    namer: Hmac<Sha256>,
}

pub struct Keyring {
    /// Newest first; never empty.
    keys: Vec<Key>,
}

const NONCE_BYTES: usize = 12;

fn derive(key: &[u8; 32], label: &[u8]) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(label);
    mac.finalize().into_bytes().into()
}

impl Keyring {
    /// `keys` newest first, at least one (the configuration checks it).
    pub fn new(keys: &[[u8; 32]]) -> Self {
        assert!(!keys.is_empty(), "at least one session encryption key");
        let keys = keys
            .iter()
            .map(|key| Key {
                cipher: Aes256Gcm::new(&derive(key, b"espace-assure session seal v1").into()),
                namer: Hmac::<Sha256>::new_from_slice(&derive(key, b"espace-assure session name v1"))
                    .expect("HMAC takes keys of any length"),
            })
            .collect();
        Self { keys }
    }

    /// The names `value` (a session id, a subject) may be stored under, the current one first.
    pub fn names(&self, value: &str) -> Vec<String> {
        self.keys
            .iter()
            .map(|key| {
                let mut mac = key.namer.clone();
                mac.update(value.as_bytes());
                URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
            })
            .collect()
    }

    /// `plaintext` sealed with the current key, bound to `context` (the Redis key it is
    /// stored under, and its version): moved under another key, it no longer opens.
    pub fn seal(&self, context: &[u8], plaintext: &[u8]) -> Vec<u8> {
        let nonce: [u8; NONCE_BYTES] = rand::random();
        let sealed = self.keys[0]
            .cipher
            .encrypt(Nonce::from_slice(&nonce), Payload { msg: plaintext, aad: context })
            .expect("AES-GCM seals any message of a session's size");
        [nonce.as_slice(), &sealed].concat()
    }

    /// What `sealed` holds, if one of the keys opens it for `context`.
    pub fn open(&self, context: &[u8], sealed: &[u8]) -> Option<Vec<u8>> {
        let (nonce, ciphertext) = sealed.split_at_checked(NONCE_BYTES)?;
        self.keys.iter().find_map(|key| {
            key.cipher.decrypt(Nonce::from_slice(nonce), Payload { msg: ciphertext, aad: context }).ok()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_with_its_keys_and_context() {
        let ring = Keyring::new(&[[1; 32]]);
        let sealed = ring.seal(b"key-a", b"{\"sub\":\"alice\"}");
        assert!(!sealed.windows(5).any(|window| window == b"alice"), "nothing readable in the value");
        assert_eq!(ring.open(b"key-a", &sealed).unwrap(), b"{\"sub\":\"alice\"}");
        assert!(ring.open(b"key-b", &sealed).is_none(), "moved under another key");
        assert!(Keyring::new(&[[2; 32]]).open(b"key-a", &sealed).is_none(), "another deployment's key");
        assert!(ring.open(b"key-a", b"garbage").is_none());
        assert!(ring.open(b"key-a", b"").is_none());
    }

    #[test]
    fn a_rotated_ring_opens_and_finds_what_the_previous_key_stored() {
        let (old, new) = ([1; 32], [2; 32]);
        let before = Keyring::new(&[old]);
        let sealed = before.seal(b"context", b"session");
        let after = Keyring::new(&[new, old]);
        assert_eq!(after.open(b"context", &sealed).unwrap(), b"session");
        let (names_before, names_after) = (before.names("id"), after.names("id"));
        assert_eq!(names_after[1], names_before[0], "the old name is still looked up");
        assert_ne!(names_after[0], names_before[0], "new sessions go under the new key's name");
        assert!(!names_after[0].contains("id"));
    }
}
