//! The provider's ES256 signing key (ECDSA on P-256): generated on first start, kept in the
//! data folder (mode 0600) and reused afterwards, so that tokens issued before a restart still
//! verify. ES256 rather than RS256: a sign-in signs two tokens, and a P-256 signature costs a
//! fraction of an RSA-2048 one (what bounded the demo's sign-ins per second); Keycloak offers
//! both, and the portal accepts both (`oidc.signing_algorithms`).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm, PublicKeyUse, ThumbprintHash};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use p256::SecretKey;
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The tokens' signature algorithm.
pub const ALGORITHM: Algorithm = Algorithm::ES256;

pub struct SigningKey {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// The public half as published in the JWKS, `kid` included.
    jwk: Jwk,
    kid: String,
}

impl SigningKey {
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        let pem = match std::fs::read(path) {
            Ok(pem) => pem,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => create(path)?,
            Err(error) => {
                return Err(error).with_context(|| format!("cannot read the signing key {}", path.display()));
            }
        };
        Self::from_pem(&pem).with_context(|| format!("{} is not a P-256 private key in PEM", path.display()))
    }

    fn from_pem(pem: &[u8]) -> anyhow::Result<Self> {
        let encoding = EncodingKey::from_ec_pem(pem)?;
        let mut jwk = Jwk::from_encoding_key(&encoding, ALGORITHM)?;
        // RFC 7638 thumbprint: the same key always gets the same id.
        let kid = jwk.thumbprint(ThumbprintHash::SHA256)?;
        jwk.common.key_id = Some(kid.clone());
        jwk.common.public_key_use = Some(PublicKeyUse::Signature);
        jwk.common.key_algorithm = Some(KeyAlgorithm::ES256);
        let decoding = DecodingKey::from_jwk(&jwk)?;
        Ok(Self { encoding, decoding, jwk, kid })
    }

    pub fn jwks(&self) -> JwkSet {
        JwkSet { keys: vec![self.jwk.clone()] }
    }

    /// Signs `claims` as a JWT of media type `typ` (`JWT`, `at+jwt`, `logout+jwt`).
    pub fn sign<T: Serialize>(&self, typ: &str, claims: &T) -> jsonwebtoken::errors::Result<String> {
        let mut header = Header::new(ALGORITHM);
        header.kid = Some(self.kid.clone());
        header.typ = Some(typ.to_owned());
        jsonwebtoken::encode(&header, claims, &self.encoding)
    }

    /// Verifies a token this key signed: signature, media type `typ`, then `validation`.
    pub fn verify<T: DeserializeOwned>(
        &self,
        token: &str,
        typ: &str,
        validation: &Validation,
    ) -> jsonwebtoken::errors::Result<T> {
        let header = jsonwebtoken::decode_header(token)?;
        // The media type keeps an ID token from being used as an access token and vice versa.
        if !header.typ.is_some_and(|found| found.eq_ignore_ascii_case(typ)) {
            return Err(jsonwebtoken::errors::ErrorKind::InvalidToken.into());
        }
        Ok(jsonwebtoken::decode::<T>(token, &self.decoding, validation)?.claims)
    }
}

/// Generates a key and writes it with owner-only permissions; the PEM is returned.
fn create(path: &Path) -> anyhow::Result<Vec<u8>> {
    // 256 random bits are a key but for the few values past the curve's order (a chance in
    // 2^32): drawn again then.
    let key = std::iter::repeat_with(|| SecretKey::from_bytes(&rand::random::<[u8; 32]>().into()))
        .find_map(Result::ok)
        .expect("a valid key is drawn");
    let pem = key.to_pkcs8_pem(LineEnding::LF).context("cannot encode the signing key")?;
    let mut options = std::fs::OpenOptions::new();
    // `create_new`: never overwrite a key that appeared meanwhile (it signed live tokens).
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .with_context(|| format!("cannot create the signing key file {}", path.display()))?;
    file.write_all(pem.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write the signing key file {}", path.display()))?;
    tracing::info!(path = %path.display(), "demo identity provider: new signing key generated");
    Ok(pem.as_bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_created_once_with_owner_only_access_and_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key.pem");
        let first = SigningKey::load_or_create(&path).unwrap();
        let second = SigningKey::load_or_create(&path).unwrap();
        assert_eq!(first.kid, second.kid);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn a_damaged_key_file_stops_start_up_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key.pem");
        std::fs::write(&path, "not a key").unwrap();
        let error = SigningKey::load_or_create(&path).err().expect("refused");
        assert!(error.to_string().contains("key.pem"), "{error}");
    }
}
