//! A client's side of DPoP (RFC 9449) and `private_key_jwt`, for the tests: a P-256 key, the
//! proofs and assertions it signs, and its public half.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, JwkSet, ThumbprintHash};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::pkcs8::EncodePrivateKey as _;
use serde_json::{Value, json};
use sha2::{Digest as _, Sha256};

use crate::api::now;

pub struct ClientKey {
    encoding: EncodingKey,
    pub jwk: Jwk,
}

impl ClientKey {
    /// A key of its own for each `seed`.
    pub fn new(seed: u8) -> Self {
        let secret = p256::SecretKey::from_bytes(&[seed; 32].into()).expect("a valid scalar");
        let encoding = EncodingKey::from_ec_der(secret.to_pkcs8_der().unwrap().as_bytes());
        let mut jwk = Jwk::from_encoding_key(&encoding, Algorithm::ES256).unwrap();
        jwk.common.key_id = Some(jwk.thumbprint(ThumbprintHash::SHA256).unwrap());
        Self { encoding, jwk }
    }

    /// Its RFC 7638 thumbprint, what a bound token names (`cnf.jkt`).
    pub fn jkt(&self) -> String {
        self.jwk.thumbprint(ThumbprintHash::SHA256).unwrap()
    }

    /// A fresh proof for `method` at `target`, with the token's hash and the server's nonce
    /// when given.
    pub fn proof(
        &self,
        method: &str,
        target: &str,
        access_token: Option<&str>,
        nonce: Option<&str>,
    ) -> String {
        let mut claims = json!({
            "jti": uuid::Uuid::new_v4().to_string(),
            "htm": method,
            "htu": target,
            "iat": now(),
        });
        if let Some(token) = access_token {
            claims["ath"] = URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes())).into();
        }
        if let Some(nonce) = nonce {
            claims["nonce"] = nonce.into();
        }
        let mut header = Header::new(Algorithm::ES256);
        header.typ = Some("dpop+jwt".into());
        let mut public = self.jwk.clone();
        public.common.key_id = None;
        header.jwk = Some(public);
        jsonwebtoken::encode(&header, &claims, &self.encoding).unwrap()
    }

    /// A `private_key_jwt` assertion of `client_id` for `audience`, with `changes` applied.
    pub fn assertion(&self, client_id: &str, audience: &str, changes: Value) -> String {
        let mut claims = json!({
            "iss": client_id,
            "sub": client_id,
            "aud": audience,
            "jti": uuid::Uuid::new_v4().to_string(),
            "iat": now(),
            "exp": now() + 60,
        });
        for (name, value) in changes.as_object().into_iter().flatten() {
            claims[name] = value.clone();
        }
        let header = Header { kid: self.jwk.common.key_id.clone(), ..Header::new(Algorithm::ES256) };
        jsonwebtoken::encode(&header, &claims, &self.encoding).unwrap()
    }

    /// The set a client publishes with this key in it.
    pub fn published(&self) -> JwkSet {
        JwkSet { keys: vec![self.jwk.clone()] }
    }
}
