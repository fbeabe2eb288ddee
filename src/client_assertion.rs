//! The portal's keys for `private_key_jwt` (RFC 7523, OpenID Connect Core §9): a short JWT
//! signed with its private key, sent in place of a client secret to the provider's token,
//! pushed authorization and revocation endpoints. The provider checks it with the public keys
//! the portal publishes (`/auth/jwks.json`, which Keycloak's « JWKS URL » reads).
//!
//! A key is PKCS#8 PEM: EC P-256 signs with ES256, RSA (2048 bits or more) with PS256. Its
//! `kid` is its RFC 7638 thumbprint. The keys published are the signing key and any others
//! configured, so that a rotation is: publish the new key, let the provider fetch it, then sign
//! with it.

use std::path::Path;

use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm, ThumbprintHash};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::Serialize;

/// How long an assertion is good for: one request, give or take the clocks' drift.
const LIFETIME_SECS: i64 = 60;

/// The smallest RSA modulus accepted, in bytes (2048 bits).
const RSA_MIN_BYTES: usize = 256;

pub struct AssertionKeys {
    signing: EncodingKey,
    algorithm: Algorithm,
    kid: String,
    published: JwkSet,
}

/// The key's name only: its private half never reaches a log line.
impl std::fmt::Debug for AssertionKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AssertionKeys({})", self.describe())
    }
}

/// One key read from its PEM: how it signs, and its public half.
struct Key {
    encoding: EncodingKey,
    algorithm: Algorithm,
    public: Jwk,
}

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    sub: &'a str,
    aud: &'a str,
    jti: String,
    iat: i64,
    exp: i64,
}

impl AssertionKeys {
    /// The signing key's PEM text, and the files of the other keys to publish.
    pub fn new(signing_pem: &str, published_files: &[impl AsRef<Path>]) -> Result<Self, String> {
        let signing = key(signing_pem)?;
        let mut keys = vec![signing.public.clone()];
        for file in published_files {
            let file = file.as_ref();
            let pem = std::fs::read_to_string(file)
                .map_err(|error| format!("cannot read {}: {error}", file.display()))?;
            let published = key(&pem).map_err(|problem| format!("{}: {problem}", file.display()))?;
            if !keys.iter().any(|known| known.common.key_id == published.public.common.key_id) {
                keys.push(published.public);
            }
        }
        Ok(Self {
            kid: signing.public.common.key_id.clone().unwrap_or_default(),
            signing: signing.encoding,
            algorithm: signing.algorithm,
            published: JwkSet { keys },
        })
    }

    /// `ES256, kid …`: what `check-config` says of the key.
    pub fn describe(&self) -> String {
        format!("{:?}, kid {}", self.algorithm, self.kid)
    }

    /// A fresh assertion of `client_id` for `audience` (the issuer, as FAPI 2.0 asks) at `now`.
    pub fn assertion(&self, client_id: &str, audience: &str, now: i64) -> String {
        let claims = Claims {
            iss: client_id,
            sub: client_id,
            aud: audience,
            jti: uuid::Uuid::new_v4().to_string(),
            iat: now,
            exp: now + LIFETIME_SECS,
        };
        let header = Header { kid: Some(self.kid.clone()), ..Header::new(self.algorithm) };
        jsonwebtoken::encode(&header, &claims, &self.signing).expect("a loaded key signs")
    }

    pub fn jwks(&self) -> &JwkSet {
        &self.published
    }
}

fn key(pem: &str) -> Result<Key, String> {
    let (encoding, algorithm, key_algorithm) = if let Ok(ec) = EncodingKey::from_ec_pem(pem.as_bytes()) {
        (ec, Algorithm::ES256, KeyAlgorithm::ES256)
    } else if let Ok(rsa) = EncodingKey::from_rsa_pem(pem.as_bytes()) {
        (rsa, Algorithm::PS256, KeyAlgorithm::PS256)
    } else {
        return Err("not a PKCS#8 PEM private key of EC P-256 or RSA".to_owned());
    };
    let mut public = Jwk::from_encoding_key(&encoding, algorithm)
        .map_err(|error| format!("not a key of EC P-256 or RSA: {error}"))?;
    if let jsonwebtoken::jwk::AlgorithmParameters::RSA(rsa) = &public.algorithm {
        let modulus = base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &rsa.n)
            .map_err(|error| error.to_string())?;
        if modulus.len() < RSA_MIN_BYTES {
            return Err(format!("an RSA key of {} bits: at least 2048", modulus.len() * 8));
        }
    }
    public.common.key_algorithm = Some(key_algorithm);
    public.common.public_key_use = Some(jsonwebtoken::jwk::PublicKeyUse::Signature);
    public.common.key_id =
        Some(public.thumbprint(ThumbprintHash::SHA256).map_err(|error| error.to_string())?);
    Ok(Key { encoding, algorithm, public })
}

#[cfg(test)]
mod tests {
    use jsonwebtoken::{DecodingKey, Validation};

    use super::*;

    const EC_KEY: &str = include_str!("../tests/fixtures/client-v1-key.pem");
    const RSA_KEY: &str = include_str!("../tests/fixtures/test-signing-key.pem");

    #[test]
    fn an_assertion_is_signed_for_the_issuer_and_checks_with_the_published_key() {
        let keys = AssertionKeys::new(EC_KEY, &[] as &[&Path]).unwrap();
        assert!(keys.describe().starts_with("ES256, kid "));
        let token = keys.assertion("espace-assure", "https://sso.example/realms/m", 1_000);
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!(header.kid.as_deref(), keys.jwks().keys[0].common.key_id.as_deref());
        let decoding = DecodingKey::from_jwk(&keys.jwks().keys[0]).unwrap();
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_audience(&["https://sso.example/realms/m"]);
        validation.validate_exp = false;
        let claims =
            jsonwebtoken::decode::<serde_json::Value>(&token, &decoding, &validation).unwrap().claims;
        assert_eq!((&claims["iss"], &claims["sub"]), (&"espace-assure".into(), &"espace-assure".into()));
        assert_eq!(claims["exp"].as_i64(), Some(1_060));
        let again = keys.assertion("espace-assure", "https://sso.example/realms/m", 1_000);
        let jti = |token: &str| {
            jsonwebtoken::dangerous::insecure_decode::<serde_json::Value>(token).unwrap().claims["jti"]
                .clone()
        };
        assert_ne!(jti(&token), jti(&again), "a fresh jti each time");
    }

    #[test]
    fn an_rsa_key_signs_with_ps256_and_the_next_key_is_published_beside_it() {
        let folder = tempfile::tempdir().unwrap();
        let next = folder.path().join("next.pem");
        std::fs::write(&next, EC_KEY).unwrap();
        let keys = AssertionKeys::new(RSA_KEY, &[&next]).unwrap();
        assert!(keys.describe().starts_with("PS256, kid "));
        let kids: Vec<_> = keys.jwks().keys.iter().map(|key| key.common.key_id.clone().unwrap()).collect();
        assert_eq!(kids.len(), 2);
        assert_ne!(kids[0], kids[1]);
        let text = serde_json::to_string(keys.jwks()).unwrap();
        assert!(!text.contains("\"d\""), "no private part is published: {text}");
    }

    #[test]
    fn what_is_not_a_usable_key_is_refused_with_the_reason() {
        assert!(AssertionKeys::new("not a key", &[] as &[&Path]).unwrap_err().contains("PKCS#8 PEM"));
        let absent = Path::new("/nowhere/next.pem");
        assert!(AssertionKeys::new(EC_KEY, &[absent]).unwrap_err().contains("cannot read /nowhere/next.pem"));
    }
}
