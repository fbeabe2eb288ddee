//! Client authentication at the token and revocation endpoints: `client_secret_basic` and
//! `client_secret_post` (RFC 6749 §2.3.1) for a client registered with a secret,
//! `private_key_jwt` (RFC 7523, OpenID Connect Core §9) for one registered with its keys;
//! exactly one method per request.

use actix_web::HttpRequest;
use actix_web::http::header;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use percent_encoding::percent_decode_str;
use secrecy::ExposeSecret;
use serde::Deserialize;
use subtle::ConstantTimeEq;

use super::config::{ClientCredentials, IdpConfig};
use super::oauth_error::OAuthError;

/// The type of a `private_key_jwt` assertion (RFC 7523 §2.2).
const ASSERTION_TYPE: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/// The longest an assertion may live: it is made for one request.
const ASSERTION_MAX_LIFETIME_SECS: u64 = 300;

/// The credentials a client may put in a form body (`client_secret_post`, `private_key_jwt`),
/// flattened into the form of each endpoint that authenticates clients.
#[derive(Debug, Default, Deserialize)]
pub struct PostedCredentials {
    client_id: Option<String>,
    client_secret: Option<String>,
    client_assertion_type: Option<String>,
    client_assertion: Option<String>,
}

/// The assertions taken, by `jti`, each until it expires: an assertion serves once.
pub struct AssertionsSeen(moka::sync::Cache<String, ()>);

impl Default for AssertionsSeen {
    fn default() -> Self {
        Self(
            moka::sync::Cache::builder()
                .max_capacity(100_000)
                .time_to_live(std::time::Duration::from_secs(ASSERTION_MAX_LIFETIME_SECS))
                .build(),
        )
    }
}

#[derive(Deserialize)]
struct AssertionClaims {
    iss: String,
    sub: String,
    jti: String,
    iat: Option<u64>,
    exp: u64,
}

/// Checks the caller is the registered client, by the method it was registered with.
pub fn authenticate(
    request: &HttpRequest,
    posted: &PostedCredentials,
    config: &IdpConfig,
    seen: &AssertionsSeen,
) -> Result<(), OAuthError> {
    let client = &config.client;
    match &client.credentials {
        ClientCredentials::Secret(secret) => by_secret(request, posted, &client.client_id, secret),
        ClientCredentials::Keys(keys) => {
            if request.headers().contains_key(header::AUTHORIZATION) || posted.client_secret.is_some() {
                return Err(OAuthError::invalid_client("this client authenticates with private_key_jwt"));
            }
            by_assertion(posted, config, keys, seen)
        }
    }
}

/// `private_key_jwt`: an assertion the client signed with one of its keys, naming it (`iss`,
/// `sub`), for this provider (`aud`: its issuer or its token endpoint), short-lived, once.
fn by_assertion(
    posted: &PostedCredentials,
    config: &IdpConfig,
    keys: &jsonwebtoken::jwk::JwkSet,
    seen: &AssertionsSeen,
) -> Result<(), OAuthError> {
    let client = &config.client;
    let (Some(ASSERTION_TYPE), Some(assertion)) =
        (posted.client_assertion_type.as_deref(), posted.client_assertion.as_deref())
    else {
        return Err(OAuthError::invalid_client("a client_assertion of type jwt-bearer is required"));
    };
    let header = jsonwebtoken::decode_header(assertion)
        .map_err(|_| OAuthError::invalid_client("malformed assertion"))?;
    let key = match header.kid.as_deref() {
        Some(kid) => keys.find(kid),
        None if keys.keys.len() == 1 => keys.keys.first(),
        None => None,
    }
    .ok_or_else(|| {
        OAuthError::invalid_client("the assertion is signed by a key the client does not publish")
    })?;
    let decoding = jsonwebtoken::DecodingKey::from_jwk(key)
        .map_err(|_| OAuthError::invalid_client("unusable client key"))?;
    if !matches!(header.alg, jsonwebtoken::Algorithm::ES256 | jsonwebtoken::Algorithm::PS256) {
        return Err(OAuthError::invalid_client("the assertion must be signed ES256 or PS256"));
    }
    let mut validation = jsonwebtoken::Validation::new(header.alg);
    validation.set_audience(&[config.issuer.clone(), config.endpoint("token")]);
    validation.set_required_spec_claims(&["exp", "iss", "sub", "aud", "jti"]);
    validation.leeway = 5;
    let claims = jsonwebtoken::decode::<AssertionClaims>(assertion, &decoding, &validation)
        .map_err(|_| OAuthError::invalid_client("the assertion is invalid, expired or for another audience"))?
        .claims;
    if claims.iss != client.client_id || claims.sub != client.client_id {
        return Err(OAuthError::invalid_client("the assertion names another client"));
    }
    let now = super::claims::now();
    if claims.exp > now + ASSERTION_MAX_LIFETIME_SECS || claims.iat.is_some_and(|iat| iat > now + 5) {
        return Err(OAuthError::invalid_client("the assertion lives too long or is from the future"));
    }
    if posted.client_id.as_ref().is_some_and(|id| *id != client.client_id) {
        return Err(OAuthError::invalid_request("client_id differs from the assertion"));
    }
    if !seen.0.entry(claims.jti).or_insert(()).is_fresh() {
        return Err(OAuthError::invalid_client("the assertion was already used"));
    }
    Ok(())
}

/// `client_secret_basic` or `client_secret_post`.
fn by_secret(
    request: &HttpRequest,
    posted: &PostedCredentials,
    client_id: &str,
    client_secret: &secrecy::SecretString,
) -> Result<(), OAuthError> {
    if posted.client_assertion.is_some() {
        return Err(OAuthError::invalid_client("this client authenticates with its secret"));
    }
    let (id, secret) = match request.headers().get(header::AUTHORIZATION) {
        Some(value) => {
            if posted.client_secret.is_some() {
                return Err(OAuthError::invalid_request("use one client authentication method only"));
            }
            let (id, secret) = basic_credentials(value.to_str().unwrap_or_default())
                .ok_or_else(|| OAuthError::invalid_client("malformed Basic credentials"))?;
            // A client_id in the body as well must name the same client.
            if posted.client_id.as_ref().is_some_and(|posted_id| *posted_id != id) {
                return Err(OAuthError::invalid_request("client_id differs from the Basic credentials"));
            }
            (id, secret)
        }
        None => match (&posted.client_id, &posted.client_secret) {
            (Some(id), Some(secret)) => (id.clone(), secret.clone()),
            _ => return Err(OAuthError::invalid_client("client authentication is required")),
        },
    };
    // Constant time, so that the response time tells nothing about the secret.
    let secret_matches: bool = secret.as_bytes().ct_eq(client_secret.expose_secret().as_bytes()).into();
    if id == client_id && secret_matches {
        Ok(())
    } else {
        Err(OAuthError::invalid_client("unknown client or wrong secret"))
    }
}

/// `Basic base64(urlencode(id) ":" urlencode(secret))`, each part form-urlencoded by the RFC.
fn basic_credentials(header: &str) -> Option<(String, String)> {
    let (scheme, encoded) = header.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((form_decode(id)?, form_decode(secret)?))
}

fn form_decode(part: &str) -> Option<String> {
    percent_decode_str(&part.replace('+', " ")).decode_utf8().ok().map(|text| text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_credentials_are_form_decoded() {
        let header = format!("Basic {}", STANDARD.encode("my%20client:s%3Acret+x"));
        assert_eq!(basic_credentials(&header), Some(("my client".into(), "s:cret x".into())));
    }

    #[test]
    fn other_schemes_and_garbage_are_not_basic_credentials() {
        assert_eq!(basic_credentials("Bearer abc"), None);
        assert_eq!(basic_credentials("Basic !!!"), None);
        assert_eq!(basic_credentials(&format!("Basic {}", STANDARD.encode("no-colon"))), None);
    }
}
