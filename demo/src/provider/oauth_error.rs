//! Errors of the machine-facing endpoints (token, revocation, userinfo) in the shape clients
//! expect: RFC 6749 §5.2 JSON `{error, error_description}`, never cached. Descriptions are for
//! developers and, as the RFC requires, ASCII only.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
#[error("{error}: {description}")]
pub struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: &'static str,
    www_authenticate: Option<String>,
    /// A nonce for the client's next DPoP proofs (`DPoP-Nonce`).
    dpop_nonce: Option<String>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    error_description: &'a str,
}

impl OAuthError {
    fn new(status: StatusCode, error: &'static str, description: &'static str) -> Self {
        Self { status, error, description, www_authenticate: None, dpop_nonce: None }
    }

    /// 400: a parameter is missing, repeated or malformed.
    /// An authorization request's refusal, as the pushed request's answer (RFC 9126 §2.3).
    pub fn bad_request(error: &'static str, description: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, error, description)
    }

    pub fn invalid_request(description: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request", description)
    }

    /// 401: client authentication failed; `Basic` is the scheme clients should retry with.
    pub fn invalid_client(description: &'static str) -> Self {
        Self {
            www_authenticate: Some(r#"Basic realm="demo-idp", charset="UTF-8""#.into()),
            ..Self::new(StatusCode::UNAUTHORIZED, "invalid_client", description)
        }
    }

    /// 400: the code or refresh token is unknown, expired, used, or bound to other values.
    pub fn invalid_grant(description: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_grant", description)
    }

    pub fn unsupported_grant_type() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "only authorization_code and refresh_token are supported",
        )
    }

    pub fn invalid_scope(description: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_scope", description)
    }

    /// 401 for a protected resource (RFC 6750 §3): no token at all gets the bare challenge,
    /// a bad one gets `error="invalid_token"`.
    pub fn bearer(description: Option<&'static str>) -> Self {
        match description {
            None => Self {
                www_authenticate: Some(r#"Bearer realm="demo-idp""#.into()),
                ..Self::new(StatusCode::UNAUTHORIZED, "invalid_request", "a bearer access token is required")
            },
            Some(description) => Self {
                www_authenticate: Some(format!(
                    r#"Bearer realm="demo-idp", error="invalid_token", error_description="{description}""#
                )),
                ..Self::new(StatusCode::UNAUTHORIZED, "invalid_token", description)
            },
        }
    }

    /// 400: the DPoP proof is malformed, forged, replayed or for another request.
    pub fn invalid_dpop_proof(description: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_dpop_proof", description)
    }

    /// 400: the DPoP proof must carry the nonce given here (RFC 9449 §8).
    pub fn use_dpop_nonce(nonce: String) -> Self {
        Self {
            dpop_nonce: Some(nonce),
            ..Self::new(
                StatusCode::BAD_REQUEST,
                "use_dpop_nonce",
                "the DPoP proof must carry the nonce given",
            )
        }
    }

    /// 500: signing failed; the cause is logged by the caller.
    pub fn server_error() -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "server_error", "the token could not be issued")
    }
}

impl ResponseError for OAuthError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        tracing::debug!(error = self.error, description = self.description, "demo provider refused a call");
        let mut response = HttpResponse::build(self.status);
        response
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::PRAGMA, "no-cache"));
        if let Some(challenge) = &self.www_authenticate
            && let Ok(value) = HeaderValue::from_str(challenge)
        {
            response.insert_header((header::WWW_AUTHENTICATE, value));
        }
        if let Some(nonce) = &self.dpop_nonce {
            response.insert_header(("DPoP-Nonce", nonce.as_str()));
        }
        response.json(Body { error: self.error, error_description: self.description })
    }
}
