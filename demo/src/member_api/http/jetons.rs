//! Bearer tokens, checked as a resource server does: RS256 or ES256 signature against the issuer's
//! published keys (discovery, then JWKS), issuer, expiry, audience; the member is the one of
//! the person-number claim. Any OpenID provider works, the demo one or a Keycloak realm.

use std::time::{Duration, Instant};

use anyhow::Context as _;
use jsonwebtoken::jwk::{Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use tokio::sync::Mutex;
use url::Url;

use crate::member_api::failure::ApiFailure;

/// A token whose key id is unknown makes us fetch the keys again (the issuer rotated them),
/// but not more often than this: forged tokens must not turn us against the issuer.
const REFETCH_INTERVAL: Duration = Duration::from_secs(30);
/// Clock skew allowed on `exp`.
const LEEWAY_SECS: u64 = 30;
/// Tokens remembered as checked, each until it expires: an RSA signature check and a member
/// lookup cost more than the rest of a read, and a member's token is sent again and again.
const VERIFIED_CAPACITY: u64 = 10_000;
/// The longest a checked token is remembered, however long it lives.
const VERIFIED_MAX_SECS: u64 = 3_600;

pub struct TokenVerifier {
    issuer_url: Url,
    audience: String,
    person_number_claim: String,
    http: reqwest::Client,
    /// Behind an async mutex: concurrent first requests make one fetch, not one each.
    keys: Mutex<KeyCache>,
    /// Checked tokens, by the SHA-256 of the token (never the token itself).
    verified: moka::sync::Cache<[u8; 32], Verified>,
}

/// A token found good, whose it is, and when it stops being good.
#[derive(Clone)]
pub(super) struct Verified {
    /// The member of the person-number claim, when the token has one and it is a known member:
    /// a delegate who is no member has none.
    pub person_number: Option<String>,
    /// The account (`sub`), its address when the provider verified it (in lower case), and its
    /// name: who acts for a member (`rules::delegations::Acteur`).
    pub subject: String,
    pub email: Option<String>,
    pub name: Option<String>,
    /// When the provider last authenticated the member (`auth_time`), when it says.
    pub auth_time: Option<i64>,
    pub expires_at: i64,
    /// The thumbprint of the DPoP key the token is bound to (`cnf.jkt`), when it is.
    pub bound_to: Option<String>,
}

#[derive(Default)]
struct KeyCache {
    /// The `issuer` of the discovery document, which tokens must carry as `iss`.
    issuer: Option<String>,
    keys: Vec<(Option<String>, DecodingKey)>,
    last_fetch: Option<Instant>,
}

#[derive(Deserialize)]
struct RawJwkSet {
    keys: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct Discovery {
    issuer: String,
    jwks_uri: Url,
}

impl TokenVerifier {
    pub fn new(
        issuer_url: Url,
        audience: String,
        person_number_claim: String,
        http: reqwest::Client,
    ) -> Self {
        let verified = moka::sync::Cache::builder()
            .max_capacity(VERIFIED_CAPACITY)
            .time_to_live(Duration::from_secs(VERIFIED_MAX_SECS))
            .build();
        Self {
            issuer_url,
            audience,
            person_number_claim,
            http,
            keys: Mutex::new(KeyCache::default()),
            verified,
        }
    }

    /// The member a token was already found good for, while it is still good.
    pub(super) fn remembered(&self, digest: &[u8; 32], now: i64) -> Option<Verified> {
        let verified = self.verified.get(digest)?;
        // The same leeway as the full check's, so that a cached token ends when it would.
        (now <= verified.expires_at + LEEWAY_SECS as i64).then_some(verified)
    }

    /// Remembers a token found good, until it expires (`exp`).
    pub(super) fn remember(&self, digest: [u8; 32], verified: Verified) {
        self.verified.insert(digest, verified);
    }

    /// Whose a valid token is (its person number, account, address), when they signed in, and
    /// its expiry.
    pub(super) async fn verify(&self, token: &str) -> Result<Verified, ApiFailure> {
        let header = jsonwebtoken::decode_header(token).map_err(|error| refused("malformed token", error))?;
        // Keycloak's default and the demo provider's; the key named must be of the same kind.
        if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
            return Err(refused("unexpected algorithm", format!("{:?}", header.alg)));
        }
        let (issuer, key) = self.key_for(header.kid.as_deref()).await?;
        let mut validation = Validation::new(header.alg);
        validation.leeway = LEEWAY_SECS;
        validation.set_issuer(&[issuer]);
        validation.set_audience(&[&self.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        let claims =
            jsonwebtoken::decode::<serde_json::Map<String, serde_json::Value>>(token, &key, &validation)
                .map_err(|error| refused("invalid token", error))?
                .claims;
        if !is_access_token(header.typ.as_deref(), claims.get("typ")) {
            return Err(refused("not an access token", header.typ.unwrap_or_default()));
        }
        let expires_at = claims.get("exp").and_then(serde_json::Value::as_i64).unwrap_or_default();
        let auth_time = claims.get("auth_time").and_then(serde_json::Value::as_i64);
        let bound_to = claims
            .get("cnf")
            .and_then(|cnf| cnf.get("jkt"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned);
        // Keycloak sends user attributes as strings; a number is accepted all the same.
        let person_number = match claims.get(&self.person_number_claim) {
            Some(serde_json::Value::String(number)) if !number.is_empty() => Some(number.clone()),
            Some(serde_json::Value::Number(number)) => Some(number.to_string()),
            _ => None,
        };
        let text = |name: &str| claims.get(name).and_then(serde_json::Value::as_str).map(str::to_owned);
        let subject = text("sub").ok_or_else(|| refused("no subject", "-"))?;
        // Only an address the provider verified may claim a delegation given to it.
        let verified_email = claims.get("email_verified").and_then(serde_json::Value::as_bool) == Some(true);
        let email = text("email").filter(|_| verified_email).map(|email| email.trim().to_lowercase());
        let name = text("name");
        Ok(Verified { person_number, subject, email, name, auth_time, expires_at, bound_to })
    }

    /// The key a token names (or the only key, for a token without `kid`), with the issuer.
    async fn key_for(&self, kid: Option<&str>) -> Result<(String, DecodingKey), ApiFailure> {
        let mut cache = self.keys.lock().await;
        if cache.find(kid).is_none() && cache.may_refetch() {
            cache.last_fetch = Some(Instant::now());
            let (issuer, keys) =
                self.fetch_keys().await.map_err(ApiFailure::identity_provider_unavailable)?;
            cache.issuer = Some(issuer);
            cache.keys = keys;
        }
        match (&cache.issuer, cache.find(kid)) {
            (Some(issuer), Some(key)) => Ok((issuer.clone(), key.clone())),
            _ => Err(refused("unknown signing key", kid.unwrap_or("none"))),
        }
    }

    async fn fetch_keys(&self) -> anyhow::Result<(String, Vec<(Option<String>, DecodingKey)>)> {
        let discovery_url = self.issuer_url.join(".well-known/openid-configuration")?;
        let discovery: Discovery = self.get_json(discovery_url).await?;
        let jwks: RawJwkSet = self.get_json(discovery.jwks_uri).await?;
        let keys = jwks
            .keys
            .into_iter()
            // One key this library does not know (a new algorithm) must not hide the others.
            .filter_map(|raw| serde_json::from_value::<Jwk>(raw).ok())
            // Encryption keys are not for checking signatures.
            .filter(|jwk| {
                jwk.common.public_key_use.as_ref().is_none_or(|usage| *usage == PublicKeyUse::Signature)
            })
            .filter_map(|jwk| DecodingKey::from_jwk(&jwk).ok().map(|key| (jwk.common.key_id.clone(), key)))
            .collect();
        Ok((discovery.issuer, keys))
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: Url) -> anyhow::Result<T> {
        let response = self
            .http
            .get(url.clone())
            .timeout(Duration::from_secs(5))
            .send()
            .await
            .with_context(|| format!("cannot reach {url}"))?
            .error_for_status()?;
        response.json().await.with_context(|| format!("unexpected answer from {url}"))
    }
}

impl KeyCache {
    fn find(&self, kid: Option<&str>) -> Option<&DecodingKey> {
        match kid {
            Some(kid) => self.keys.iter().find(|(id, _)| id.as_deref() == Some(kid)).map(|(_, key)| key),
            // Without a key id a token can only be checked when there is no choice to make.
            None => match self.keys.as_slice() {
                [(_, key)] => Some(key),
                _ => None,
            },
        }
    }

    /// Rate-limited once keys are known; until a first fetch succeeds every request tries, as
    /// nothing can be checked without them (the issuer may simply not be up yet).
    fn may_refetch(&self) -> bool {
        self.last_fetch.is_none_or(|at| at.elapsed() >= REFETCH_INTERVAL) || self.issuer.is_none()
    }
}

/// An ID token carries the same issuer, audience and person number as an access token, but it
/// proves a sign-in to the client, not a right to call this API. An access token says so in its
/// header (`at+jwt`, RFC 9068, as the demo provider issues them) or, from Keycloak, in its
/// `typ` claim (`Bearer`, or `DPoP` when bound to a key; ID tokens say `ID`).
fn is_access_token(header_type: Option<&str>, type_claim: Option<&serde_json::Value>) -> bool {
    let header_type = header_type.unwrap_or_default().to_ascii_lowercase();
    matches!(header_type.as_str(), "at+jwt" | "application/at+jwt")
        || matches!(type_claim.and_then(|claim| claim.as_str()), Some("Bearer" | "DPoP"))
}

pub(super) fn refused(reason: &str, detail: impl std::fmt::Display) -> ApiFailure {
    tracing::debug!(reason, %detail, "bearer token refused");
    ApiFailure::unauthorized()
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use sha2::{Digest, Sha256};

    use super::*;

    #[test]
    fn a_checked_token_is_remembered_until_it_expires_with_the_leeway() {
        let verifier = TokenVerifier::new(
            "http://127.0.0.1:9/".parse().unwrap(),
            "aud".into(),
            "n".into(),
            reqwest::Client::new(),
        );
        let digest: [u8; 32] = Sha256::digest(b"token").into();
        let person = |digest: &[u8; 32], now| {
            verifier.remembered(digest, now).and_then(|verified| verified.person_number)
        };
        assert_eq!(person(&digest, 0), None);
        let verified = Verified {
            person_number: Some("100001".into()),
            subject: "sub".into(),
            email: None,
            name: None,
            auth_time: Some(900),
            expires_at: 1_000,
            bound_to: None,
        };
        verifier.verified.insert(digest, verified);
        assert_eq!(person(&digest, 1_030).as_deref(), Some("100001"));
        assert_eq!(
            verifier.remembered(&digest, 1_030).unwrap().auth_time,
            Some(900),
            "with its sign-in time"
        );
        assert_eq!(person(&digest, 1_031), None);
        assert_eq!(person(&Sha256::digest(b"other").into(), 0), None);
    }

    #[test]
    fn only_access_tokens_are_accepted() {
        assert!(is_access_token(Some("at+jwt"), None));
        assert!(is_access_token(Some("application/at+JWT"), None));
        assert!(is_access_token(Some("JWT"), Some(&json!("Bearer"))));
        assert!(!is_access_token(Some("JWT"), None), "the demo provider's ID tokens");
        assert!(!is_access_token(Some("JWT"), Some(&json!("ID"))), "Keycloak's ID tokens");
        assert!(!is_access_token(None, Some(&json!("Refresh"))));
        assert!(!is_access_token(Some("logout+jwt"), None));
    }
}
