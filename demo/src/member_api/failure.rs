//! The member API's refusals. They share the portal's JSON error shape
//! (`{"status", "code", "message"}`) but, like a real upstream, say precisely what is wrong
//! with a member's input (which IBAN, which file), in French, since the portal passes that
//! message on to the member.

use std::borrow::Cow;
use std::fmt;

use actix_web::http::StatusCode;

#[derive(Debug)]
pub struct ApiFailure {
    status: StatusCode,
    /// `None`: the generic French message of the status.
    message: Option<Cow<'static, str>>,
    /// `None`: the generic code of the status.
    code: Option<&'static str>,
    /// For 500s: what went wrong, logged and never sent.
    cause: Option<anyhow::Error>,
}

impl ApiFailure {
    /// A refusal of `status`, with its own sentence, or the status's generic one (`None`).
    pub fn new(status: StatusCode, message: Option<Cow<'static, str>>) -> Self {
        Self { status, message, code: None, cause: None }
    }

    /// 400: the request breaks the contract's schema (a type, a length, a pattern, a range, a
    /// missing field), with a sentence that tells the member what to correct.
    pub fn bad_request(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, Some(message.into()))
    }

    /// 422: the request is well formed, but a rule the schema cannot express refuses it (a
    /// date after another, a postal code that does not exist, an IBAN's check digits, a
    /// beneficiary or document the member does not have), with what to correct.
    pub fn unprocessable(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, Some(message.into()))
    }

    /// 409: the request contradicts what is already recorded (a document already attached to
    /// another request, a termination already pending).
    pub fn conflict(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, Some(message.into()))
    }

    /// 401: no token, or one that is forged, expired, for another audience or another member.
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, None)
    }

    /// 403: somebody else's request, document, payment or card.
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, None)
    }

    /// 403 `reconnexion_requise`, as the portal says it: a change that needs a recent sign-in
    /// (the token's `auth_time`), asked with an older one. The portal passes it on, and the
    /// member is asked to sign in again before the change.
    pub fn sign_in_again() -> Self {
        let message = "Pour votre sécurité, reconnectez-vous avant ce changement.";
        Self { code: Some("reconnexion_requise"), ..Self::new(StatusCode::FORBIDDEN, Some(message.into())) }
    }

    /// 403 with its own code and sentence: a delegate's call the delegation does not allow.
    pub fn forbidden_because(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self { code: Some(code), ..Self::new(StatusCode::FORBIDDEN, Some(message.into())) }
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, None)
    }

    /// 404, saying what is not there (a member, a request of theirs, a document of a request).
    pub fn missing(message: &'static str) -> Self {
        Self::new(StatusCode::NOT_FOUND, Some(message.into()))
    }

    pub fn payload_too_large(message: String) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, Some(message.into()))
    }

    pub fn unsupported_media_type(message: String) -> Self {
        Self::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, Some(message.into()))
    }

    /// 429: a member's quota is used up, with what to do to free it.
    pub fn too_many_requests(message: String) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, Some(message.into()))
    }

    /// 503: the identity provider, needed to check tokens, does not answer.
    pub fn identity_provider_unavailable(cause: anyhow::Error) -> Self {
        Self {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: Some(
                "Le service d’authentification est momentanément indisponible. Veuillez réessayer plus tard."
                    .into(),
            ),
            code: None,
            cause: Some(cause),
        }
    }

    pub fn internal(cause: anyhow::Error) -> Self {
        Self { status: StatusCode::INTERNAL_SERVER_ERROR, message: None, code: None, cause: Some(cause) }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The refusal's code in the JSON answer.
    pub fn code(&self) -> &'static str {
        self.code.unwrap_or(generic(self.status).0)
    }

    /// The French sentence the refusal tells, for a caller that shows it otherwise than as JSON.
    pub fn message(&self) -> &str {
        self.message.as_deref().unwrap_or(generic(self.status).1)
    }
}

impl fmt::Display for ApiFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cause {
            Some(cause) => write!(f, "{}: {cause:#}", self.status),
            None => write!(f, "{}", self.status),
        }
    }
}

impl From<rusqlite::Error> for ApiFailure {
    fn from(error: rusqlite::Error) -> Self {
        Self::internal(error.into())
    }
}

impl From<serde_json::Error> for ApiFailure {
    fn from(error: serde_json::Error) -> Self {
        Self::internal(error.into())
    }
}

/// The code and French message of a refusal that says nothing more precise.
pub fn generic(status: StatusCode) -> (&'static str, &'static str) {
    match status.as_u16() {
        400 => ("bad_request", "La demande est incorrecte. Vérifiez les informations saisies."),
        401 => ("unauthorized", "Votre session a expiré. Veuillez vous reconnecter."),
        403 => ("forbidden", "Vous n’avez pas accès à cette ressource."),
        404 => ("not_found", "La page ou la ressource demandée est introuvable."),
        405 => ("method_not_allowed", "Cette action n’est pas possible sur cette ressource."),
        409 => ("conflict", "Cette demande est en conflit avec une autre déjà enregistrée."),
        413 => ("payload_too_large", "Le fichier ou le contenu envoyé est trop volumineux."),
        415 => ("unsupported_media_type", "Ce type de contenu n’est pas accepté."),
        422 => ("unprocessable_entity", "La demande ne peut pas être acceptée."),
        429 => ("too_many_requests", "Trop de demandes. Veuillez patienter avant de réessayer."),
        503 => (
            "service_unavailable",
            "Le service est momentanément indisponible. Veuillez réessayer plus tard.",
        ),
        other if (400..500).contains(&other) => ("client_error", "La demande n’a pas pu être traitée."),
        _ => ("internal_error", "Une erreur inattendue est survenue. Veuillez réessayer plus tard."),
    }
}
