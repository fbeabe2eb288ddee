//! DPoP (RFC 9449) as a server checks it: the provider's token and userinfo endpoints, and the
//! member API for the tokens bound to a key (`cnf.jkt`). A proof is a JWT the client signs for
//! one request with the key it carries in its header; it names the request (`htm`, `htu`),
//! the token it goes with (`ath`), and serves once (`jti`).

use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::http::header;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, ThumbprintHash};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use sha2::{Digest as _, Sha256};

/// A proof made this long before or after the server's clock is refused (RFC 9449 §11.1).
pub const WINDOW_SECS: i64 = 60;
/// The proofs remembered against their replay, each for the window on either side of its
/// `iat`: past that, the window refuses it anyway. A bound on memory whatever clients send.
const SEEN_CAPACITY: u64 = 100_000;
/// The longest `jti` taken: a made-up 1 MB one must not sit in the cache.
const JTI_MAX: usize = 256;
/// The asymmetric algorithms a proof may use; never an HMAC, whose key the server would hold.
const ALGORITHMS: [Algorithm; 4] = [Algorithm::ES256, Algorithm::PS256, Algorithm::RS256, Algorithm::EdDSA];
/// The members of a private key, which a proof's public key must not carry.
const PRIVATE_MEMBERS: [&str; 7] = ["d", "p", "q", "dp", "dq", "qi", "k"];

/// What a request presented: a token (after `Bearer` or `DPoP`) and its proof, if any.
pub struct Presented<'a> {
    pub token: &'a str,
    /// The `DPoP` scheme: the token says it is bound and comes with a proof.
    pub dpop: bool,
    pub proof: Option<&'a str>,
}

/// Why a proof is refused: it is not valid, or it lacks the nonce the server asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    Invalid(&'static str),
    NonceNeeded,
}

/// What a proof must match: the request it comes with.
pub struct Expected<'a> {
    pub method: &'a str,
    /// The request's address without query or fragment.
    pub target: &'a str,
    /// The token presented with it, whose hash the proof must carry (`ath`).
    pub access_token: Option<&'a str>,
    /// Whether a nonce the proof carries is one the server gave and still takes; `None` when
    /// the server asks for none.
    pub nonce: Option<&'a dyn Fn(&str) -> bool>,
}

#[derive(Deserialize)]
struct Claims {
    jti: String,
    htm: String,
    htu: String,
    iat: i64,
    ath: Option<String>,
    nonce: Option<String>,
}

/// Checks proofs and remembers the ones it accepted, so that each serves once.
pub struct ProofChecker {
    seen: moka::sync::Cache<String, ()>,
}

impl Default for ProofChecker {
    fn default() -> Self {
        Self {
            seen: moka::sync::Cache::builder()
                .max_capacity(SEEN_CAPACITY)
                .time_to_live(Duration::from_secs(2 * WINDOW_SECS as u64))
                .build(),
        }
    }
}

impl ProofChecker {
    /// The RFC 7638 thumbprint (`jkt`) of the key of a valid `proof` for `expected` at `now`.
    pub fn check(&self, proof: &str, expected: &Expected<'_>, now: i64) -> Result<String, Refusal> {
        let header = jsonwebtoken::decode_header(proof).map_err(|_| Refusal::Invalid("malformed proof"))?;
        if header.typ.as_deref() != Some("dpop+jwt") {
            return Err(Refusal::Invalid("the proof's typ is not dpop+jwt"));
        }
        if !ALGORITHMS.contains(&header.alg) {
            return Err(Refusal::Invalid("the proof's algorithm is not an asymmetric one"));
        }
        if carries_a_private_key(proof) {
            return Err(Refusal::Invalid("the proof's jwk is a private key"));
        }
        let jwk: Jwk = header.jwk.ok_or(Refusal::Invalid("the proof carries no jwk"))?;
        let key = DecodingKey::from_jwk(&jwk).map_err(|_| Refusal::Invalid("the proof's jwk is unusable"))?;
        let mut validation = Validation::new(header.alg);
        validation.required_spec_claims.clear();
        validation.validate_exp = false;
        validation.validate_aud = false;
        let claims = jsonwebtoken::decode::<Claims>(proof, &key, &validation)
            .map_err(|_| Refusal::Invalid("the proof's signature or claims are invalid"))?
            .claims;
        if claims.jti.is_empty() || claims.jti.len() > JTI_MAX {
            return Err(Refusal::Invalid("the proof's jti is missing or too long"));
        }
        if claims.htm != expected.method {
            return Err(Refusal::Invalid("the proof is for another method"));
        }
        if !same_target(&claims.htu, expected.target) {
            return Err(Refusal::Invalid("the proof is for another address"));
        }
        if (claims.iat - now).abs() > WINDOW_SECS {
            return Err(Refusal::Invalid("the proof is too old or from the future"));
        }
        if claims.ath != expected.access_token.map(token_hash) {
            return Err(Refusal::Invalid("the proof's ath is not the presented token's hash"));
        }
        if let Some(accepts) = expected.nonce
            && !claims.nonce.as_deref().is_some_and(accepts)
        {
            return Err(Refusal::NonceNeeded);
        }
        let jkt = jwk.thumbprint(ThumbprintHash::SHA256).map_err(|_| Refusal::Invalid("unusable jwk"))?;
        // Once per key and jti; checked last, so that a refused proof spends nothing.
        let first_use = self.seen.entry(format!("{jkt}.{}", claims.jti)).or_insert(()).is_fresh();
        if !first_use {
            return Err(Refusal::Invalid("the proof was already used"));
        }
        Ok(jkt)
    }
}

/// The request's proof: its one `DPoP` header, if any; two are refused.
pub fn proof_of(request: &HttpRequest) -> Result<Option<&str>, Refusal> {
    let mut proofs = request.headers().get_all("dpop");
    let proof = proofs.next().map(|value| value.to_str().map_err(|_| Refusal::Invalid("malformed proof")));
    if proofs.next().is_some() {
        return Err(Refusal::Invalid("more than one DPoP proof"));
    }
    proof.transpose()
}

/// The token and proof of a request: `Authorization: Bearer …` or `DPoP …` (either in any
/// case), and its proof.
pub fn presented(request: &HttpRequest) -> Result<Option<Presented<'_>>, Refusal> {
    let proof = proof_of(request)?;
    let value = request.headers().get(header::AUTHORIZATION).and_then(|value| value.to_str().ok());
    let Some((scheme, token)) = value.and_then(|value| value.split_once(' ')) else { return Ok(None) };
    let token = token.trim();
    let dpop = scheme.eq_ignore_ascii_case("dpop");
    if token.is_empty() || !(dpop || scheme.eq_ignore_ascii_case("bearer")) {
        return Ok(None);
    }
    Ok(Some(Presented { token, dpop, proof }))
}

/// The key a request proves it holds for its token, for `method` at `target`, at `now`: with
/// the `DPoP` scheme, the thumbprint of the key of its proof, which must be valid for this
/// request and token; with `Bearer`, none. The token's binding (`cnf.jkt`) must equal it: a
/// bound token goes only with a proof of its key, an unbound one only as a bearer token.
pub fn proven_key(
    checker: &ProofChecker,
    presented: &Presented<'_>,
    method: &str,
    target: &str,
    now: i64,
) -> Result<Option<String>, Refusal> {
    if !presented.dpop {
        return Ok(None);
    }
    let proof = presented.proof.ok_or(Refusal::Invalid("the DPoP scheme without a proof"))?;
    let expected = Expected { method, target, access_token: Some(presented.token), nonce: None };
    checker.check(proof, &expected, now).map(Some)
}

/// The address a request was made to, without its query: what its proof's `htu` names.
pub fn target_of(request: &HttpRequest) -> String {
    let mut url = request.full_url();
    url.set_query(None);
    url.set_fragment(None);
    url.to_string()
}

/// `ath`: the access token's SHA-256, base64url.
fn token_hash(access_token: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(access_token.as_bytes()))
}

/// Two addresses are the same target when they are once parsed (scheme and host in lower
/// case, the default port left out), without query or fragment.
fn same_target(htu: &str, target: &str) -> bool {
    let parsed = |text: &str| {
        url::Url::parse(text).ok().map(|mut url| {
            url.set_query(None);
            url.set_fragment(None);
            url
        })
    };
    matches!((parsed(htu), parsed(target)), (Some(a), Some(b)) if a == b)
}

/// The proof's header names a private key member in its `jwk` (which `Jwk` would drop).
fn carries_a_private_key(proof: &str) -> bool {
    let header = proof.split('.').next().and_then(|part| URL_SAFE_NO_PAD.decode(part).ok());
    let header: Option<serde_json::Value> = header.and_then(|bytes| serde_json::from_slice(&bytes).ok());
    header
        .and_then(|header| header.get("jwk").cloned())
        .is_some_and(|jwk| PRIVATE_MEMBERS.iter().any(|member| jwk.get(member).is_some()))
}

#[cfg(test)]
mod tests {
    use jsonwebtoken::{EncodingKey, Header};
    use p256::pkcs8::EncodePrivateKey as _;
    use serde_json::json;

    use super::*;

    /// A client's key, and proofs of it as a client makes them.
    struct Client {
        encoding: EncodingKey,
        jwk: Jwk,
    }

    impl Client {
        fn new() -> Self {
            let secret = p256::SecretKey::from_bytes(&[7u8; 32].into()).unwrap();
            let encoding = EncodingKey::from_ec_der(secret.to_pkcs8_der().unwrap().as_bytes());
            let jwk = Jwk::from_encoding_key(&encoding, Algorithm::ES256).unwrap();
            Self { encoding, jwk }
        }

        fn proof(&self, claims: serde_json::Value) -> String {
            let mut header = Header::new(Algorithm::ES256);
            header.typ = Some("dpop+jwt".into());
            header.jwk = Some(self.jwk.clone());
            jsonwebtoken::encode(&header, &claims, &self.encoding).unwrap()
        }

        fn jkt(&self) -> String {
            self.jwk.thumbprint(ThumbprintHash::SHA256).unwrap()
        }
    }

    const TARGET: &str = "http://127.0.0.1:8080/_demo/api/assure/prestations";

    fn for_token(token: &str) -> Expected<'_> {
        Expected { method: "GET", target: TARGET, access_token: Some(token), nonce: None }
    }

    fn claims(jti: &str, iat: i64) -> serde_json::Value {
        json!({ "jti": jti, "htm": "GET", "htu": TARGET, "iat": iat, "ath": token_hash("tok") })
    }

    #[test]
    fn a_valid_proof_gives_its_keys_thumbprint_once() {
        let client = Client::new();
        let checker = ProofChecker::default();
        let proof = client.proof(claims("a", 1_000));
        assert_eq!(checker.check(&proof, &for_token("tok"), 1_010), Ok(client.jkt()));
        assert_eq!(
            checker.check(&proof, &for_token("tok"), 1_011),
            Err(Refusal::Invalid("the proof was already used"))
        );
    }

    #[test]
    fn a_proof_for_another_request_token_or_time_is_refused() {
        let client = Client::new();
        let checker = ProofChecker::default();
        let check = |claims: serde_json::Value, token: &str, now: i64| {
            checker.check(&client.proof(claims), &for_token(token), now)
        };
        let mut other_method = claims("m", 1_000);
        other_method["htm"] = "POST".into();
        assert_eq!(
            check(other_method, "tok", 1_000),
            Err(Refusal::Invalid("the proof is for another method"))
        );
        let mut other_address = claims("u", 1_000);
        other_address["htu"] = "http://127.0.0.1:8080/_demo/api/assure/paiements".into();
        assert_eq!(
            check(other_address, "tok", 1_000),
            Err(Refusal::Invalid("the proof is for another address"))
        );
        assert_eq!(
            check(claims("t", 1_000), "other-token", 1_000),
            Err(Refusal::Invalid("the proof's ath is not the presented token's hash"))
        );
        assert_eq!(
            check(claims("old", 1_000), "tok", 1_000 + WINDOW_SECS + 1),
            Err(Refusal::Invalid("the proof is too old or from the future"))
        );
        // The same address in another case, with the default port and a query, is the same.
        let mut same = claims("same", 1_000);
        same["htu"] = "HTTP://127.0.0.1:8080/_demo/api/assure/prestations?x=1".into();
        assert!(check(same, "tok", 1_000).is_ok());
    }

    #[test]
    fn a_proof_signed_by_another_key_than_it_carries_or_by_a_secret_is_refused() {
        let client = Client::new();
        let checker = ProofChecker::default();
        let mut header = Header::new(Algorithm::ES256);
        header.typ = Some("dpop+jwt".into());
        header.jwk = Some(client.jwk.clone());
        let other = p256::SecretKey::from_bytes(&[9u8; 32].into()).unwrap();
        let forged = jsonwebtoken::encode(
            &header,
            &claims("f", 1_000),
            &EncodingKey::from_ec_der(other.to_pkcs8_der().unwrap().as_bytes()),
        )
        .unwrap();
        assert_eq!(
            checker.check(&forged, &for_token("tok"), 1_000),
            Err(Refusal::Invalid("the proof's signature or claims are invalid"))
        );
        let mut hmac = Header::new(Algorithm::HS256);
        hmac.typ = Some("dpop+jwt".into());
        let symmetric =
            jsonwebtoken::encode(&hmac, &claims("h", 1_000), &EncodingKey::from_secret(b"s")).unwrap();
        assert_eq!(
            checker.check(&symmetric, &for_token("tok"), 1_000),
            Err(Refusal::Invalid("the proof's algorithm is not an asymmetric one"))
        );
    }

    #[test]
    fn a_server_asking_for_a_nonce_refuses_a_proof_without_its_own() {
        let client = Client::new();
        let checker = ProofChecker::default();
        let accepts = |nonce: &str| nonce == "n-1";
        let expected = Expected { nonce: Some(&accepts), ..for_token("tok") };
        assert_eq!(
            checker.check(&client.proof(claims("x", 1_000)), &expected, 1_000),
            Err(Refusal::NonceNeeded)
        );
        let mut with_nonce = claims("y", 1_000);
        with_nonce["nonce"] = "n-1".into();
        assert_eq!(checker.check(&client.proof(with_nonce), &expected, 1_000), Ok(client.jkt()));
    }

    #[test]
    fn the_dpop_scheme_proves_the_key_of_its_proof_and_bearer_proves_none() {
        let client = Client::new();
        let checker = ProofChecker::default();
        let bearer = Presented { token: "tok", dpop: false, proof: None };
        assert_eq!(proven_key(&checker, &bearer, "GET", TARGET, 1_000), Ok(None));
        let without = Presented { token: "tok", dpop: true, proof: None };
        assert_eq!(
            proven_key(&checker, &without, "GET", TARGET, 1_000),
            Err(Refusal::Invalid("the DPoP scheme without a proof"))
        );
        let proof = client.proof(claims("b", 1_000));
        let bound = Presented { token: "tok", dpop: true, proof: Some(&proof) };
        assert_eq!(proven_key(&checker, &bound, "GET", TARGET, 1_000), Ok(Some(client.jkt())));
    }
}
