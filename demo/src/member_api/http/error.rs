//! The member API's refusals as JSON: the portal's error shape (`{"status", "code", "message"}`),
//! and the refusals of what no handler reads (a malformed body, path or query, a method or a
//! route the API does not have).

use std::fmt;

use actix_web::body::MessageBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

use crate::member_api::failure::ApiFailure;

#[derive(Serialize)]
struct Body<'a> {
    status: u16,
    code: &'static str,
    message: &'a str,
}

impl ResponseError for ApiFailure {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status();
        if status.is_server_error() {
            tracing::error!(error = %self, "member API request failed");
        } else {
            tracing::debug!(error = %self, "member API request refused");
        }
        let code = self.code();
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CACHE_CONTROL, "no-store"));
        if status == StatusCode::UNAUTHORIZED {
            // RFC 6750: tell a client which authentication scheme the API expects.
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer realm=\"member-api\""));
        }
        response.json(Body { status: status.as_u16(), code, message: self.message() })
    }
}

/// Malformed JSON, path or query: a 400 in French rather than the parser's English.
pub fn extractor_error(error: impl fmt::Display) -> actix_web::Error {
    tracing::debug!(%error, "member API input rejected");
    ApiFailure::bad_request("La demande est mal formée : vérifiez les informations envoyées.").into()
}

/// A JSON body that cannot be read: too large (413), not JSON (415), else malformed (400).
pub fn json_error(error: actix_web::error::JsonPayloadError) -> actix_web::Error {
    use actix_web::error::JsonPayloadError;
    match error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiFailure::new(StatusCode::PAYLOAD_TOO_LARGE, None).into()
        }
        JsonPayloadError::ContentType => ApiFailure::unsupported_media_type(
            "Le contenu doit être envoyé au format JSON (application/json).".to_owned(),
        )
        .into(),
        other => extractor_error(other),
    }
}

/// A known path asked with another method: actix answers an empty 405, which gets the
/// refusals' JSON shape here (keeping `Allow`), as from a real upstream, whoever mounts it.
pub fn method_not_allowed<B: MessageBody>(
    response: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let (request, bare) = response.into_parts();
    let mut refusal = ApiFailure::new(StatusCode::METHOD_NOT_ALLOWED, None).error_response();
    if let Some(allow) = bare.headers().get(header::ALLOW) {
        refusal.headers_mut().insert(header::ALLOW, allow.clone());
    }
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(request, refusal).map_into_right_body()))
}

/// Everything under the API's prefix that no route takes.
pub async fn no_such_route() -> Result<actix_web::HttpResponse, ApiFailure> {
    Err(ApiFailure::not_found())
}
