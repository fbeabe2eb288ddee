//! Why a sign-in could not complete, as the SPA's `/error` page expects it
//! (docs/product/states.md#sign-in-failures):
//! `keycloak-server-unreachable` (status 0), `keycloak-authentication-failed` (401/403),
//! `keycloak-server-error` (5xx), otherwise `keycloak-init-failed`.

use openidconnect::DiscoveryError;

#[derive(Debug, thiserror::Error)]
pub enum ProviderHttpError {
    #[error("provider unreachable: {0}")]
    Unreachable(#[from] reqwest::Error),
    #[error("provider answered {0}")]
    Status(u16),
    #[error("malformed provider answer")]
    Malformed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartupFailure {
    pub reason: &'static str,
    pub status: u16,
    pub message: &'static str,
}

impl StartupFailure {
    pub fn unreachable() -> Self {
        Self {
            reason: "keycloak-server-unreachable",
            status: 0,
            message: "Le service de connexion est injoignable.",
        }
    }

    pub fn init_failed(status: u16) -> Self {
        Self { reason: "keycloak-init-failed", status, message: "La connexion n’a pas pu aboutir." }
    }

    /// The reason of an HTTP status received somewhere in the sign-in chain.
    pub fn from_status(status: u16) -> Self {
        match status {
            0 => Self::unreachable(),
            401 | 403 => Self {
                reason: "keycloak-authentication-failed",
                status,
                message: "Votre identification a été refusée.",
            },
            500.. => Self {
                reason: "keycloak-server-error",
                status,
                message: "Le service de connexion a rencontré une erreur.",
            },
            _ => Self::init_failed(status),
        }
    }

    /// The member API's sign-in call failed: its status when it answered, 502 when what it
    /// answered was not a member.
    pub fn from_member_api(error: crate::member_api::SignInError) -> Self {
        match error {
            crate::member_api::SignInError::Unreachable => Self::unreachable(),
            crate::member_api::SignInError::Refused(status) => Self::from_status(status),
            crate::member_api::SignInError::Malformed => Self::init_failed(502),
        }
    }

    pub fn from_http(error: &ProviderHttpError) -> Self {
        match error {
            ProviderHttpError::Unreachable(error) => match error.status() {
                Some(status) => Self::from_status(status.as_u16()),
                None => Self::unreachable(),
            },
            ProviderHttpError::Status(status) => Self::from_status(*status),
            ProviderHttpError::Malformed => Self::init_failed(0),
        }
    }

    pub fn from_discovery(error: &DiscoveryError<ProviderHttpError>) -> Self {
        match error {
            DiscoveryError::Request(error) => Self::from_http(error),
            DiscoveryError::Response(status, ..) => Self::from_status(status.as_u16()),
            _ => Self::init_failed(0),
        }
    }

    pub fn from_token_error<T: openidconnect::ErrorResponse>(
        error: &openidconnect::RequestTokenError<ProviderHttpError, T>,
    ) -> Self {
        match error {
            openidconnect::RequestTokenError::Request(error) => Self::from_http(error),
            // An OAuth error answer (invalid_grant, ...) comes with status 400.
            openidconnect::RequestTokenError::ServerResponse(_) => Self::init_failed(400),
            _ => Self::init_failed(0),
        }
    }

    /// The SPA page that explains the failure; `message` is plain text, never rendered as HTML.
    pub fn location(&self) -> String {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("reason", self.reason)
            .append_pair("status", &self.status.to_string())
            .append_pair("message", self.message)
            .finish();
        format!("/error?{query}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_the_four_reasons_of_the_spec() {
        assert_eq!(StartupFailure::from_status(0).reason, "keycloak-server-unreachable");
        assert_eq!(StartupFailure::from_status(401).reason, "keycloak-authentication-failed");
        assert_eq!(StartupFailure::from_status(403).reason, "keycloak-authentication-failed");
        assert_eq!(StartupFailure::from_status(500).reason, "keycloak-server-error");
        assert_eq!(StartupFailure::from_status(503).reason, "keycloak-server-error");
        assert_eq!(StartupFailure::from_status(400).reason, "keycloak-init-failed");
        assert_eq!(StartupFailure::from_status(404).reason, "keycloak-init-failed");
    }

    #[test]
    fn the_error_location_carries_reason_status_and_message() {
        let location = StartupFailure::from_status(502).location();
        assert!(
            location.starts_with("/error?reason=keycloak-server-error&status=502&message="),
            "{location}"
        );
    }
}
