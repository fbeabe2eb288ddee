//! The nonces the provider asks DPoP proofs to carry (RFC 9449 §8), so that a proof cannot be
//! made ahead of time: a keyed hash of the current five minutes, which the provider gives with
//! its answers and takes while it is current or just past. Nothing is stored.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How long one nonce is given out; it is taken for twice that.
const PERIOD_SECS: u64 = 300;

pub struct Nonces {
    key: [u8; 32],
}

impl Nonces {
    /// Nonces under a key of this start: a restart asks for new ones.
    pub fn new() -> Self {
        Self { key: rand::random() }
    }

    /// The nonce given out at `now`.
    pub fn current(&self, now: u64) -> String {
        self.of_period(now / PERIOD_SECS)
    }

    /// Whether `nonce` is the current one or the one just before.
    pub fn takes(&self, nonce: &str, now: u64) -> bool {
        let period = now / PERIOD_SECS;
        nonce == self.of_period(period) || nonce == self.of_period(period.saturating_sub(1))
    }

    fn of_period(&self, period: u64) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(&period.to_be_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nonce_is_taken_in_its_period_and_the_next_then_no_more() {
        let nonces = Nonces::new();
        let given = nonces.current(1_000);
        assert!(nonces.takes(&given, 1_000 + PERIOD_SECS));
        assert!(!nonces.takes(&given, 1_000 + 2 * PERIOD_SECS));
        assert!(!Nonces::new().takes(&given, 1_000), "another start's nonce");
        assert!(!nonces.takes("made-up", 1_000));
    }
}
