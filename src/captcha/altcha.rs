//! ALTCHA's proof of work (protocol v1), made and checked here: the challenge is the SHA-256 of
//! a random salt followed by a secret number, signed with the portal's key; the browser finds
//! the number by trying them all up to `maxnumber` and sends it back with the challenge. The
//! expiry rides in the salt (`…?expires=<unix seconds>`), covered by the hash and the
//! signature, so nothing is stored until a solution is used.
//!
//! The signature also covers the session that asked for the challenge (its id, never shown):
//! a solution fetched in one member's session is refused in any other. A good solution is
//! named, for its single use, by the challenge as recomputed here, one canonical string: the
//! signature's hexadecimal, which decodes alike in either letter case, never names it.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

const ALGORITHM: &str = "SHA-256";
/// A payload is five short fields; anything longer is not one.
const MAX_PAYLOAD_BYTES: usize = 2_048;

#[derive(Debug, Serialize)]
pub struct Challenge {
    pub algorithm: &'static str,
    pub challenge: String,
    pub maxnumber: u64,
    pub salt: String,
    pub signature: String,
}

/// What the browser sends back (base64 of this JSON, in `X-Captcha`).
#[derive(Debug, Deserialize, Serialize)]
pub struct Solution {
    pub algorithm: String,
    pub challenge: String,
    pub number: u64,
    pub salt: String,
    pub signature: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Invalid {
    Malformed,
    Expired,
    WrongNumber,
    WrongSignature,
}

pub struct Altcha {
    key: Hmac<Sha256>,
    max_number: u64,
    expires_secs: i64,
}

impl Altcha {
    pub fn new(key: Hmac<Sha256>, max_number: u64, expires_secs: u64) -> Self {
        Self { key, max_number, expires_secs: i64::try_from(expires_secs).unwrap_or(i64::MAX) }
    }

    /// A new challenge for the session `session_id`, good until `now + expires_secs`.
    pub fn challenge(&self, now: i64, session_id: &str) -> Challenge {
        let salt = format!("{}?expires={}", hex::encode(rand::random::<[u8; 12]>()), now + self.expires_secs);
        let number = rand::random_range(0..=self.max_number);
        let challenge = hash(&salt, number);
        let signature = hex::encode(self.mac(&challenge, session_id).finalize().into_bytes());
        Challenge { algorithm: ALGORITHM, challenge, maxnumber: self.max_number, salt, signature }
    }

    /// The canonical name of the solution in `payload` (its challenge, recomputed) if it
    /// solves a challenge of ours, made for `session_id`, that has not expired.
    pub fn verify(&self, payload: &str, now: i64, session_id: &str) -> Result<String, Invalid> {
        if payload.len() > MAX_PAYLOAD_BYTES {
            return Err(Invalid::Malformed);
        }
        let json = STANDARD.decode(payload.trim()).map_err(|_| Invalid::Malformed)?;
        let solution: Solution = serde_json::from_slice(&json).map_err(|_| Invalid::Malformed)?;
        if solution.algorithm != ALGORITHM {
            return Err(Invalid::Malformed);
        }
        let expires = solution
            .salt
            .split_once('?')
            .and_then(|(_, params)| {
                url::form_urlencoded::parse(params.as_bytes()).find(|(name, _)| name == "expires")
            })
            .and_then(|(_, value)| value.parse::<i64>().ok())
            .ok_or(Invalid::Malformed)?;
        if now > expires {
            return Err(Invalid::Expired);
        }
        let challenge = hash(&solution.salt, solution.number);
        if challenge != solution.challenge {
            return Err(Invalid::WrongNumber);
        }
        let tag = hex::decode(&solution.signature).map_err(|_| Invalid::WrongSignature)?;
        self.mac(&challenge, session_id).verify_slice(&tag).map_err(|_| Invalid::WrongSignature)?;
        Ok(challenge)
    }

    /// The signature's MAC: the challenge, then the session it was made for. The challenge is
    /// 64 hexadecimal characters, so the two cannot be shifted one into the other.
    fn mac(&self, challenge: &str, session_id: &str) -> Hmac<Sha256> {
        let mut mac = self.key.clone();
        mac.update(challenge.as_bytes());
        mac.update(session_id.as_bytes());
        mac
    }
}

fn hash(salt: &str, number: u64) -> String {
    hex::encode(Sha256::digest(format!("{salt}{number}")))
}

#[cfg(test)]
pub mod tests {
    use hmac::KeyInit;

    use super::*;

    pub fn altcha(key: &[u8]) -> Altcha {
        Altcha::new(Hmac::new_from_slice(key).unwrap(), 1_000, 600)
    }

    /// What the browser does: tries every number until the hash matches.
    pub fn solve(challenge: &Challenge) -> String {
        let number = (0..=challenge.maxnumber)
            .find(|number| hash(&challenge.salt, *number) == challenge.challenge)
            .expect("a challenge of ours has a solution");
        let solution = Solution {
            algorithm: challenge.algorithm.to_owned(),
            challenge: challenge.challenge.clone(),
            number,
            salt: challenge.salt.clone(),
            signature: challenge.signature.clone(),
        };
        STANDARD.encode(serde_json::to_vec(&solution).unwrap())
    }

    fn tampered(payload: &str, change: impl FnOnce(&mut Solution)) -> String {
        let mut solution: Solution = serde_json::from_slice(&STANDARD.decode(payload).unwrap()).unwrap();
        change(&mut solution);
        STANDARD.encode(serde_json::to_vec(&solution).unwrap())
    }

    #[test]
    fn a_solved_challenge_is_accepted_until_it_expires() {
        let altcha = altcha(b"key");
        let challenge = altcha.challenge(1_000, "session");
        assert!(challenge.salt.ends_with("?expires=1600"), "{}", challenge.salt);
        let payload = solve(&challenge);
        assert_eq!(altcha.verify(&payload, 1_600, "session").unwrap(), challenge.challenge);
        assert_eq!(altcha.verify(&payload, 1_601, "session").unwrap_err(), Invalid::Expired);
    }

    #[test]
    fn a_forged_solution_is_refused() {
        let altcha = altcha(b"key");
        let payload = solve(&altcha.challenge(0, "session"));
        let wrong_number = tampered(&payload, |s| s.number += 1);
        assert_eq!(altcha.verify(&wrong_number, 0, "session").unwrap_err(), Invalid::WrongNumber);
        // A longer life written into the salt changes the hash the signature covers.
        let extended = tampered(&payload, |s| {
            s.salt = s.salt.replace("expires=600", "expires=999999");
            s.challenge = hash(&s.salt, s.number);
        });
        assert_eq!(altcha.verify(&extended, 0, "session").unwrap_err(), Invalid::WrongSignature);
        let other_key = solve(&self::altcha(b"another key").challenge(0, "session"));
        assert_eq!(altcha.verify(&other_key, 0, "session").unwrap_err(), Invalid::WrongSignature);
        for garbage in ["", "not base64!", &STANDARD.encode("{}"), &"A".repeat(MAX_PAYLOAD_BYTES + 1)] {
            assert_eq!(altcha.verify(garbage, 0, "session").unwrap_err(), Invalid::Malformed, "{garbage}");
        }
    }

    #[test]
    fn a_solution_serves_only_the_session_that_asked_for_it() {
        let altcha = altcha(b"key");
        let payload = solve(&altcha.challenge(0, "alice's session"));
        assert!(altcha.verify(&payload, 0, "alice's session").is_ok());
        assert_eq!(altcha.verify(&payload, 0, "bob's session").unwrap_err(), Invalid::WrongSignature);
    }

    /// The same solution written otherwise (the signature in capitals, one letter's case
    /// changed, the challenge in capitals) names the same claim, or is refused.
    #[test]
    fn every_writing_of_a_solution_names_one_claim() {
        let altcha = altcha(b"key");
        let challenge = altcha.challenge(0, "session");
        let payload = solve(&challenge);
        let claim = altcha.verify(&payload, 0, "session").unwrap();
        let upper = tampered(&payload, |s| s.signature = s.signature.to_uppercase());
        assert_eq!(altcha.verify(&upper, 0, "session").unwrap(), claim);
        let one_letter = tampered(&payload, |s| {
            let at = s.signature.find(|c: char| c.is_ascii_lowercase()).unwrap();
            s.signature.replace_range(at..=at, &s.signature[at..=at].to_uppercase());
        });
        assert_eq!(altcha.verify(&one_letter, 0, "session").unwrap(), claim);
        let challenge_upper = tampered(&payload, |s| s.challenge = s.challenge.to_uppercase());
        assert!(altcha.verify(&challenge_upper, 0, "session").is_err());
    }
}
