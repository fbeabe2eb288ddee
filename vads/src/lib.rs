//! The signature of Lyra's payment form, as PayZen and Systempay speak it: the shop's request
//! and the provider's notification are sets of `vads_*` fields with a `signature`, an
//! HMAC-SHA-256 keyed with the shop's key over the fields' values in the order of their names,
//! each followed by `+`, then the key itself, in base64.
//!
//! The portal signs the request and checks the notification; the demo's stand-in of the
//! provider checks the request and signs the notification; the demo's member API checks the
//! notification again. One implementation for the three, so that they cannot drift apart.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// The field that carries the signature.
pub const SIGNATURE: &str = "signature";

/// The signature of `fields`: only the `vads_*` ones count, whatever their order here.
pub fn sign<'a>(fields: impl IntoIterator<Item = (&'a str, &'a str)>, key: &[u8]) -> String {
    let mut signed: Vec<(&str, &str)> =
        fields.into_iter().filter(|(name, _)| name.starts_with("vads_")).collect();
    signed.sort_unstable_by_key(|(name, _)| *name);
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    for (_, value) in signed {
        mac.update(value.as_bytes());
        mac.update(b"+");
    }
    mac.update(key);
    STANDARD.encode(mac.finalize().into_bytes())
}

/// Why a set of fields is not the one the key signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No `signature`, or a field given twice: the set is not one the provider sends.
    Malformed,
    /// The signature does not match the fields.
    Forged,
}

/// Checks `fields` (as received, `signature` included) against `key`, in constant time. A field
/// given twice is refused: which of its values was signed could not be told.
pub fn verify(fields: &[(String, String)], key: &[u8]) -> Result<(), Refused> {
    let mut names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    if names.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(Refused::Malformed);
    }
    let given = fields.iter().find(|(name, _)| name == SIGNATURE).ok_or(Refused::Malformed)?;
    let expected = sign(fields.iter().map(|(name, value)| (name.as_str(), value.as_str())), key);
    if bool::from(expected.as_bytes().ct_eq(given.1.as_bytes())) { Ok(()) } else { Err(Refused::Forged) }
}

/// The value of `name` among `fields`.
pub fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(field, _)| field == name).map(|(_, value)| value.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(fields: &[(&str, &str)]) -> Vec<(String, String)> {
        fields.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
    }

    /// Worked out by hand from the definition: HMAC-SHA-256 with the key "k" over
    /// "3850+978+k" (`vads_amount` before `vads_currency`), in base64, the same with `openssl
    /// dgst -sha256 -hmac k -binary | base64`.
    #[test]
    fn the_values_are_signed_in_the_order_of_their_names_then_the_key() {
        let fields = [("vads_currency", "978"), ("vads_amount", "3850"), ("other", "ignored")];
        assert_eq!(sign(fields, b"k"), "Vg/76HgAxgqURPLMpXCb+oIwnTNFuwBok1Ym6uTcFaE=");
    }

    #[test]
    fn a_changed_value_a_missing_signature_or_a_field_twice_is_refused() {
        let mut fields = owned(&[("vads_amount", "3850"), ("vads_order_id", "P1")]);
        let signature = sign(fields.iter().map(|(n, v)| (n.as_str(), v.as_str())), b"key");
        fields.push((SIGNATURE.to_owned(), signature));
        assert_eq!(verify(&fields, b"key"), Ok(()));
        assert_eq!(verify(&fields, b"another key"), Err(Refused::Forged));
        let mut changed = fields.clone();
        changed[0].1 = "385".to_owned();
        assert_eq!(verify(&changed, b"key"), Err(Refused::Forged));
        assert_eq!(verify(&fields[..2], b"key"), Err(Refused::Malformed));
        let mut twice = fields.clone();
        twice.push(("vads_amount".to_owned(), "1".to_owned()));
        assert_eq!(verify(&twice, b"key"), Err(Refused::Malformed));
        assert_eq!(field(&fields, "vads_order_id"), Some("P1"));
    }
}
