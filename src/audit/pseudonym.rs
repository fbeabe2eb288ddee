//! A member's name in the trail: a keyed hash of the person number. The mutual's DPO, who holds
//! the key, computes it for one member (`espace-assure audit pseudonym NUMBER`) and finds their
//! lines; the file alone names no one, and the same member is the same pseudonym in every file.

use hmac::{Hmac, KeyInit, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

/// 128 bits: no two members of any mutual share one.
const PSEUDONYM_BYTES: usize = 16;

#[derive(Clone)]
pub struct Pseudonyms(Hmac<Sha256>);

impl Pseudonyms {
    pub fn new(key: &SecretString) -> Self {
        Self(Hmac::new_from_slice(key.expose_secret().as_bytes()).expect("HMAC takes keys of any length"))
    }

    /// The person number in one form first (as the member API writes it: no spaces, capitals),
    /// so that `0123 456` and `0123456` are the same member.
    pub fn of(&self, person_number: &str) -> String {
        let canonical: String =
            person_number.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect();
        let mut mac = self.0.clone();
        mac.update(canonical.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..PSEUDONYM_BYTES])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_member_one_pseudonym_under_one_key_and_none_to_read_back() {
        let pseudonyms = Pseudonyms::new(&"k".repeat(32).into());
        let marie = pseudonyms.of("100001");
        assert_eq!(marie.len(), 32);
        assert_eq!(pseudonyms.of(" 100 001\u{a0}"), marie, "the same number written otherwise");
        assert_ne!(pseudonyms.of("100002"), marie);
        assert!(!marie.contains("100001"));
        assert_ne!(Pseudonyms::new(&"j".repeat(32).into()).of("100001"), marie, "another key");
    }
}
