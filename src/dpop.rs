//! DPoP (RFC 9449): with `oidc.dpop`, each session has a key pair of its own, and the provider
//! binds the session's access tokens to it (`cnf.jkt`). Every use of such a token comes with a
//! proof, a short JWT signed by that key for one request (its method `htm`, its address `htu`,
//! the token's hash `ath`): a token copied from a log, a trace or a proxy is then of no use
//! without the key, which never leaves the session store, sealed there with the session.
//!
//! The key is EC P-256 and signs ES256, the algorithm every DPoP server offers (Keycloak's
//! FAPI 2.0 profile among them). A proof is signed for every member-API call: `ring` signs it,
//! whose P-256 is written in assembly, and the proof's header, the same for every proof of a
//! key, is encoded once (docs/benchmarks.md#member-api-proxy measures both).

use std::sync::{Arc, OnceLock};

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use jsonwebtoken::jwk::Jwk;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::Digest as _;

/// The media type of a proof (RFC 9449 §4.2), so that no other JWT can stand in for one.
const PROOF_TYPE: &str = "dpop+jwt";

/// A session's key: its private half (PKCS#8 DER) and the public one every proof carries.
#[derive(Clone)]
pub struct ProofKey(Arc<Halves>);

struct Halves {
    pkcs8: Vec<u8>,
    public: Jwk,
    /// Read from `pkcs8` at the first proof, with the proofs' encoded header.
    signer: OnceLock<Signer>,
}

struct Signer {
    pair: EcdsaKeyPair,
    /// `base64url(header) + "."`, the start of every proof of this key.
    header: String,
}

/// What a session record keeps of its key.
#[derive(Serialize, Deserialize)]
struct Kept {
    /// Base64 of the PKCS#8 DER.
    pkcs8: String,
    public: Jwk,
}

#[derive(Serialize)]
struct ProofHeader<'a> {
    typ: &'static str,
    alg: &'static str,
    jwk: &'a Jwk,
}

#[derive(Serialize)]
struct ProofClaims<'a> {
    jti: String,
    htm: &'a str,
    htu: &'a str,
    iat: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    ath: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nonce: Option<&'a str>,
}

impl ProofKey {
    /// A new key, for a new session.
    pub fn generate() -> Self {
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
            .expect("the system's random source works");
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &SystemRandom::new())
                .expect("a key just made reads back");
        // The uncompressed point: 0x04, then x and y, 32 bytes each.
        let point = pair.public_key().as_ref();
        let public = serde_json::from_value(serde_json::json!({
            "kty": "EC",
            "crv": "P-256",
            "x": URL_SAFE_NO_PAD.encode(&point[1..33]),
            "y": URL_SAFE_NO_PAD.encode(&point[33..65]),
        }))
        .expect("a P-256 public key is a JWK");
        Self(Arc::new(Halves { pkcs8: pkcs8.as_ref().to_vec(), public, signer: OnceLock::new() }))
    }

    /// A proof for one request: `method` to `target` (its address without query or fragment),
    /// presenting `access_token` when there is one (`ath`), with the server's `nonce` when it
    /// asked for one, made at `now`. A JWS in compact form, ES256: the header, the claims and
    /// the signature (`r` and `s`, 32 bytes each), base64url.
    pub fn proof(
        &self,
        method: &str,
        target: &str,
        access_token: Option<&str>,
        nonce: Option<&str>,
        now: i64,
    ) -> String {
        let signer = self.0.signer.get_or_init(|| self.signer());
        let claims = ProofClaims {
            jti: uuid::Uuid::new_v4().to_string(),
            htm: method,
            htu: target,
            iat: now,
            ath: access_token.map(token_hash),
            nonce,
        };
        let mut proof = signer.header.clone();
        URL_SAFE_NO_PAD.encode_string(serde_json::to_vec(&claims).expect("claims serialise"), &mut proof);
        let signature = signer
            .pair
            .sign(&SystemRandom::new(), proof.as_bytes())
            .expect("the system's random source works");
        proof.push('.');
        URL_SAFE_NO_PAD.encode_string(signature.as_ref(), &mut proof);
        proof
    }

    /// The public key, as proofs carry it.
    pub fn public(&self) -> &Jwk {
        &self.0.public
    }

    fn signer(&self) -> Signer {
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &self.0.pkcs8, &SystemRandom::new())
                .expect("a session's key was made here");
        let header = ProofHeader { typ: PROOF_TYPE, alg: "ES256", jwk: &self.0.public };
        let mut encoded = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&header).expect("a header serialises"));
        encoded.push('.');
        Signer { pair, header: encoded }
    }
}

/// `ath`: the access token's SHA-256, base64url.
pub fn token_hash(access_token: &str) -> String {
    URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(access_token.as_bytes()))
}

/// `htu` of a request to `uri`: its address without query and fragment (RFC 9449 §4.2).
pub fn target(uri: &str) -> &str {
    uri.split(['?', '#']).next().unwrap_or(uri)
}

/// The private half never reaches a log line, even through a `{:?}`.
impl std::fmt::Debug for ProofKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProofKey([REDACTED])")
    }
}

impl Serialize for ProofKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Kept { pkcs8: STANDARD.encode(&self.0.pkcs8), public: self.0.public.clone() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ProofKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let kept = Kept::deserialize(deserializer)?;
        let pkcs8 = STANDARD.decode(kept.pkcs8).map_err(serde::de::Error::custom)?;
        EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &pkcs8, &SystemRandom::new())
            .map_err(|_| serde::de::Error::custom("not a P-256 key"))?;
        Ok(Self(Arc::new(Halves { pkcs8, public: kept.public, signer: OnceLock::new() })))
    }
}

#[cfg(test)]
mod tests {
    use jsonwebtoken::jwk::ThumbprintHash;
    use jsonwebtoken::{Algorithm, DecodingKey, Validation};
    use serde_json::Value;

    use super::*;

    fn checked(proof: &str) -> (jsonwebtoken::Header, Value) {
        let header = jsonwebtoken::decode_header(proof).unwrap();
        let key = DecodingKey::from_jwk(header.jwk.as_ref().unwrap()).unwrap();
        let mut validation = Validation::new(Algorithm::ES256);
        validation.required_spec_claims.clear();
        validation.validate_exp = false;
        validation.validate_aud = false;
        (header, jsonwebtoken::decode::<Value>(proof, &key, &validation).unwrap().claims)
    }

    #[test]
    fn a_proof_is_signed_by_the_key_it_carries_and_names_its_request_and_token() {
        let key = ProofKey::generate();
        let proof = key.proof("GET", "https://api.example/v1/x", Some("the-token"), Some("n-1"), 1_000);
        let (header, claims) = checked(&proof);
        assert_eq!(header.typ.as_deref(), Some("dpop+jwt"));
        assert_eq!(header.alg, Algorithm::ES256);
        assert_eq!((&claims["htm"], &claims["htu"]), (&"GET".into(), &"https://api.example/v1/x".into()));
        assert_eq!(claims["iat"], 1_000);
        assert_eq!(claims["nonce"], "n-1");
        // RFC 9449 §4.2: base64url of the SHA-256 of the token's ASCII.
        assert_eq!(claims["ath"], token_hash("the-token"));
        assert_eq!(token_hash("the-token").len(), 43);
        let text = serde_json::to_string(header.jwk.as_ref().unwrap()).unwrap();
        assert!(!text.contains("\"d\""), "no private part in the proof: {text}");
        let again = key.proof("GET", "https://api.example/v1/x", Some("the-token"), None, 1_000);
        assert_ne!(checked(&again).1["jti"], claims["jti"], "a fresh jti each time");
        assert!(checked(&again).1.get("nonce").is_none());
    }

    #[test]
    fn a_key_kept_with_its_session_comes_back_the_same_and_each_session_has_its_own() {
        let key = ProofKey::generate();
        let kept = serde_json::to_string(&key).unwrap();
        let back: ProofKey = serde_json::from_str(&kept).unwrap();
        let thumbprint = |key: &ProofKey| key.public().thumbprint(ThumbprintHash::SHA256).unwrap();
        assert_eq!(thumbprint(&back), thumbprint(&key));
        let (header, _) = checked(&back.proof("POST", "https://sso.example/token", None, None, 5));
        assert_eq!(header.jwk.unwrap().thumbprint(ThumbprintHash::SHA256).unwrap(), thumbprint(&key));
        assert_ne!(thumbprint(&ProofKey::generate()), thumbprint(&key));
        assert_eq!(format!("{key:?}"), "ProofKey([REDACTED])");
        let mut damaged = serde_json::to_value(&key).unwrap();
        damaged["pkcs8"] = STANDARD.encode(b"not a key").into();
        assert!(serde_json::from_value::<ProofKey>(damaged).is_err(), "a damaged key is no key");
    }

    #[test]
    fn the_target_of_a_request_leaves_its_query_and_fragment_out() {
        assert_eq!(target("https://api.example/a/b?x=1#f"), "https://api.example/a/b");
        assert_eq!(target("https://api.example/a"), "https://api.example/a");
    }
}
