//! The one error type at the HTTP edge. Every error answer has the same JSON shape,
//! `{"status": 404, "code": "not_found", "message": "<French sentence for a member>"}`;
//! what went wrong inside is logged with the request id and never returned.

use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request cannot be understood (malformed body, parameter or query).
    #[error("bad request: {0}")]
    BadRequest(String),
    /// 401: no live session.
    #[error("unauthorized")]
    Unauthorized,
    /// 403: signed in, but not allowed (or a missing anti-forgery token).
    #[error("forbidden")]
    Forbidden,
    /// 403 `reconnexion_requise`: a change that needs a sign-in at most
    /// `oidc.recent_sign_in_secs` old, asked with an older one; the browser sends the member
    /// to `/auth/login?reauth=1` and comes back to make it.
    #[error("a more recent sign-in is required")]
    SignInAgain,
    /// 404: nothing here.
    #[error("not found")]
    NotFound,
    /// 405: the path exists with other methods.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 413: the request body is over the configured limit.
    #[error("payload too large")]
    PayloadTooLarge,
    /// 409: the same thing is already under way for this member, with its own code and French text.
    #[error("conflict: {code}")]
    Conflict { code: &'static str, message: &'static str },
    /// 403 with its own code and French text: not allowed, and why.
    #[error("denied: {code}")]
    Denied { code: &'static str, message: &'static str },
    /// 422: understood but refused by a rule of the portal, with its own code and French text.
    #[error("refused: {code}")]
    Refused { code: &'static str, message: &'static str },
    /// 429: a bound on abuse (`limits`) was reached; `Retry-After` says when to come back.
    #[error("too many requests")]
    TooManyRequests { retry_after_secs: u64, message: &'static str },
    /// 502: an upstream refused the connection or failed.
    #[error("bad gateway: {0}")]
    BadGateway(String),
    /// 503: the service cannot answer now (readiness failing).
    #[error("service unavailable: {0}")]
    Unavailable(String),
    /// 504: an upstream did not answer in time.
    #[error("gateway timeout: {0}")]
    GatewayTimeout(String),
    /// 500: a bug or an unexpected failure; the detail is logged only.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Why a change is refused until the member signs in again.
const SIGN_IN_AGAIN: &str = "Pour votre sécurité, reconnectez-vous avant ce changement.";

/// The JSON body of every error answer.
#[derive(Debug, Serialize)]
pub struct ErrorBody {
    pub status: u16,
    pub code: &'static str,
    pub message: &'static str,
}

impl ErrorBody {
    /// The stable code and member-facing French message of a status.
    pub fn for_status(status: StatusCode) -> Self {
        let (code, message) = match status.as_u16() {
            400 => ("bad_request", "La demande est incorrecte. Vérifiez les informations saisies."),
            401 => ("unauthorized", "Votre session a expiré. Veuillez vous reconnecter."),
            403 => ("forbidden", "Vous n’avez pas accès à cette ressource."),
            404 => ("not_found", "La page ou la ressource demandée est introuvable."),
            405 => ("method_not_allowed", "Cette action n’est pas possible sur cette ressource."),
            406 => ("not_acceptable", "Ce format de réponse n’est pas disponible."),
            408 => ("request_timeout", "La demande a pris trop de temps. Veuillez réessayer."),
            409 => ("conflict", "Cette demande est en conflit avec une autre déjà enregistrée."),
            413 => ("payload_too_large", "Le fichier ou le contenu envoyé est trop volumineux."),
            415 => ("unsupported_media_type", "Ce type de contenu n’est pas accepté."),
            422 => ("unprocessable_entity", "La demande ne peut pas être acceptée."),
            429 => ("too_many_requests", "Trop de demandes. Veuillez patienter avant de réessayer."),
            502 => {
                ("bad_gateway", "Le service est momentanément indisponible. Veuillez réessayer plus tard.")
            }
            503 => (
                "service_unavailable",
                "Le service est momentanément indisponible. Veuillez réessayer plus tard.",
            ),
            504 => {
                ("gateway_timeout", "Le service met trop de temps à répondre. Veuillez réessayer plus tard.")
            }
            other if (400..500).contains(&other) => ("client_error", "La demande n’a pas pu être traitée."),
            _ => ("internal_error", "Une erreur inattendue est survenue. Veuillez réessayer plus tard."),
        };
        Self { status: status.as_u16(), code, message }
    }

    pub fn response(status: StatusCode) -> HttpResponse {
        HttpResponse::build(status)
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(Self::for_status(status))
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::SignInAgain | Self::Denied { .. } => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::Refused { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::GatewayTimeout(_) => StatusCode::GATEWAY_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let status = self.status_code();
        // The span carries the request id, so this line can be matched with the member's report.
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        } else {
            tracing::debug!(error = %self, "request refused");
        }
        let status_code = status.as_u16();
        let body = match *self {
            Self::SignInAgain => {
                ErrorBody { status: status_code, code: "reconnexion_requise", message: SIGN_IN_AGAIN }
            }
            Self::Refused { code, message }
            | Self::Conflict { code, message }
            | Self::Denied { code, message } => ErrorBody { status: status_code, code, message },
            Self::TooManyRequests { message, .. } => {
                ErrorBody { status: status_code, code: "too_many_requests", message }
            }
            _ => ErrorBody::for_status(status),
        };
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CACHE_CONTROL, "no-store"));
        if let Self::TooManyRequests { retry_after_secs, .. } = *self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs));
        }
        response.json(body)
    }
}

/// Turns any error answer that is not already our JSON (actix's own 404/405/413, a payload
/// error from an extractor, ...) into the JSON body, so that clients see one error shape.
/// Other JSON bodies (an OAuth error) and HTML pages a handler rendered for a person in a
/// browser are kept as they are.
pub fn normalised_error_body<B>(response: ServiceResponse<B>) -> ServiceResponse<EitherBody<B>> {
    let status = response.status();
    let rendered_on_purpose = response.response().headers().get(header::CONTENT_TYPE).is_some_and(|value| {
        let value = value.as_bytes();
        value.starts_with(b"application/json") || value.starts_with(b"text/html")
    });
    if !(status.is_client_error() || status.is_server_error()) || rendered_on_purpose {
        return response.map_into_left_body();
    }
    let (request, old) = response.into_parts();
    let mut replacement = ErrorBody::response(status);
    // Keep the headers the original answer needed (Allow on 405, security headers, ids).
    for (name, value) in old.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            replacement.headers_mut().append(name.clone(), value.clone());
        }
    }
    replacement.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    ServiceResponse::new(request, replacement).map_into_right_body()
}

/// `normalised_error_body` as an `ErrorHandlers` handler, for the metrics' own listener.
pub fn normalise_error_body<B: MessageBody + 'static>(
    response: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    Ok(ErrorHandlerResponse::Response(normalised_error_body(response)))
}

/// Extractor errors (bad JSON, bad path or query parameter) answer 400 with the JSON body.
pub fn extractor_error(error: impl std::fmt::Display) -> actix_web::Error {
    ApiError::BadRequest(error.to_string()).into()
}

#[cfg(test)]
mod tests {
    use actix_web::body::to_bytes;

    use super::*;

    #[tokio::test]
    async fn a_change_asked_with_an_old_sign_in_is_the_403_of_signing_in_again() {
        let response = ApiError::SignInAgain.error_response();
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        assert_eq!(response.headers().get(header::CACHE_CONTROL).unwrap(), "no-store");
        let body = to_bytes(response.into_body()).await.unwrap();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            serde_json::json!({
                "status": 403,
                "code": "reconnexion_requise",
                "message": "Pour votre sécurité, reconnectez-vous avant ce changement.",
            })
        );
    }
}
