//! Why the back office does not do what it was asked, as a French page with the right status.

use std::borrow::Cow;
use std::fmt;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};

use super::chemins::MOUNT;
use super::pages;
use crate::member_api::ApiFailure;

#[derive(Debug)]
pub enum Refus {
    /// No valid operator session: a page sends to the sign-in form (303), an action is refused
    /// (401), since what it carried cannot be replayed after signing in.
    NonConnecte { page: bool },
    /// Anything else: the status and the sentence the operator reads.
    Message { status: StatusCode, message: Cow<'static, str> },
}

impl Refus {
    pub fn new(status: StatusCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::Message { status, message: message.into() }
    }

    /// 400: a field is missing or malformed.
    pub fn saisie(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: well formed, but a rule refuses it (a day of care to come, a beneficiary of
    /// someone else).
    pub fn regle(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    pub fn introuvable(message: &'static str) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// A failure of the server itself: logged with its cause, never shown.
    pub fn interne(cause: impl fmt::Display) -> Self {
        tracing::error!(error = %cause, "back office request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Une erreur inattendue est survenue. Veuillez réessayer plus tard.",
        )
    }

    /// The sentence of a refusal the page shows beside the form that caused it; `None` for
    /// the refusals that have a page of their own.
    pub fn message_de_formulaire(&self) -> Option<&str> {
        match self {
            Self::Message { status, message } if is_input_error(*status) => Some(message),
            _ => None,
        }
    }
}

/// The refusals of what an operator typed or sent, shown beside the form to correct.
fn is_input_error(status: StatusCode) -> bool {
    matches!(status.as_u16(), 400 | 409 | 413 | 415 | 422)
}

impl fmt::Display for Refus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonConnecte { .. } => write!(f, "no operator session"),
            Self::Message { status, message } => write!(f, "{status}: {message}"),
        }
    }
}

impl From<ApiFailure> for Refus {
    fn from(failure: ApiFailure) -> Self {
        let status = failure.status_code();
        if status.is_server_error() {
            Self::interne(failure)
        } else {
            Self::new(status, failure.message().to_owned())
        }
    }
}

impl ResponseError for Refus {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NonConnecte { page: true } => StatusCode::SEE_OTHER,
            Self::NonConnecte { page: false } => StatusCode::UNAUTHORIZED,
            Self::Message { status, .. } => *status,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::NonConnecte { page: true } => HttpResponse::SeeOther()
                .insert_header((header::LOCATION, format!("{MOUNT}/connexion")))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish(),
            Self::NonConnecte { page: false } => pages::reponse(
                StatusCode::UNAUTHORIZED,
                pages::erreur(
                    "Connexion requise",
                    "Votre session a expiré ou vous n’êtes pas connecté : connectez-vous, puis recommencez.",
                ),
            ),
            Self::Message { status, message } => {
                let titre = match status.as_u16() {
                    404 => "Page introuvable",
                    403 => "Action refusée",
                    500.. => "Erreur du serveur",
                    _ => "Demande incorrecte",
                };
                pages::reponse(*status, pages::erreur(titre, message))
            }
        }
    }
}
