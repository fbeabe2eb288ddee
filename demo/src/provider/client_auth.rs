//! Client authentication at the token and revocation endpoints: `client_secret_basic` and
//! `client_secret_post` (RFC 6749 §2.3.1), exactly one of them per request.

use actix_web::HttpRequest;
use actix_web::http::header;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use percent_encoding::percent_decode_str;
use secrecy::ExposeSecret;
use serde::Deserialize;
use subtle::ConstantTimeEq;

use super::config::ClientRegistration;
use super::oauth_error::OAuthError;

/// The credentials a client may put in a form body (`client_secret_post`), flattened into
/// the form of each endpoint that authenticates clients.
#[derive(Debug, Default, Deserialize)]
pub struct PostedCredentials {
    client_id: Option<String>,
    client_secret: Option<String>,
}

/// Checks the caller is the registered client.
pub fn authenticate(
    request: &HttpRequest,
    posted: &PostedCredentials,
    client: &ClientRegistration,
) -> Result<(), OAuthError> {
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
    let secret_matches: bool =
        secret.as_bytes().ct_eq(client.client_secret.expose_secret().as_bytes()).into();
    if id == client.client_id && secret_matches {
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
