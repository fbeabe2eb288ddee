//! RFC 7009 revocation of an ended session's refresh token, however it ended: signed out,
//! closed from « Mes connexions », pushed out by the member's own session cap, or ended while
//! a refresh was in flight (the new token is revoked then). Best effort: the session is gone
//! from the store either way; a refresh token left alive at the provider is what is avoided.

use tracing::Instrument;

use super::provider::{Credentials, ProviderCall};
use super::service::Auth;
use crate::session::Session;
use crate::upstream_calls::{Outcome, Upstream};

impl Auth {
    pub async fn revoke(&self, session: &Session) {
        if let Some(refresh_token) = &session.tokens.refresh_token {
            self.revoke_token(refresh_token).await;
        }
    }

    /// Revokes `refresh_token`, authenticated as the confidential client. Written out here
    /// because the client library refuses plain-http revocation endpoints, which would silently
    /// skip revocation against a provider on loopback.
    pub async fn revoke_token(&self, refresh_token: &str) {
        let provider = &self.provider;
        let Ok(discovered) = provider.discovered().await else { return };
        let Some(endpoint) = &discovered.revocation else { return };
        let name = ProviderCall::Revocation.name(endpoint.path());
        let started = provider.recorded.start(Upstream::IdentityProvider, name);
        let mut form =
            vec![("token", refresh_token.to_owned()), ("token_type_hint", "refresh_token".to_owned())];
        let request = provider.http_client.post(endpoint.clone());
        let request = match &provider.credentials {
            Credentials::Secret(secret) => {
                request.basic_auth(provider.client_id.as_str(), Some(secret.secret()))
            }
            Credentials::Assertion(_) | Credentials::Certificate => {
                form.push(("client_id", provider.client_id.to_string()));
                form.extend(provider.assertion_params());
                request
            }
        };
        let answer = request
            .headers(crate::telemetry::traces::trace_headers(started.span()))
            .form(&form)
            .timeout(provider.timeout)
            .send()
            .instrument(started.span().clone())
            .await;
        started.finish(match &answer {
            Ok(answer) if !answer.status().is_server_error() => Outcome::Answered,
            Err(error) if error.is_timeout() => Outcome::Timeout,
            _ => Outcome::Failed,
        });
        match answer {
            Ok(answer) if answer.status().is_success() => {}
            Ok(answer) => {
                tracing::warn!(status = answer.status().as_u16(), "refresh token revocation refused")
            }
            Err(error) => tracing::warn!(%error, "refresh token revocation failed"),
        }
    }
}
