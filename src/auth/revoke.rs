//! RFC 7009 revocation of an ended session's refresh token, however it ended: signed out,
//! closed from « Mes connexions », pushed out by the member's own session cap, or ended while
//! a refresh was in flight (the new token is revoked then). Best effort: the session is gone
//! from the store either way; a refresh token left alive at the provider is what is avoided.

use super::provider::ProviderCall;
use super::service::Auth;
use crate::dpop::ProofKey;
use crate::session::Session;

impl Auth {
    pub async fn revoke(&self, session: &Session) {
        if let Some(refresh_token) = &session.tokens.refresh_token {
            self.revoke_token(refresh_token, session.proof_key.as_ref()).await;
        }
    }

    /// Revokes `refresh_token`, authenticated as the confidential client, with a proof of the
    /// session's DPoP key when it has one. Written out here because the client library refuses
    /// plain-http revocation endpoints, which would silently skip revocation against a
    /// provider on loopback.
    pub async fn revoke_token(&self, refresh_token: &str, proof_key: Option<&ProofKey>) {
        let provider = &self.provider;
        let Ok(discovered) = provider.discovered().await else { return };
        let Some(endpoint) = &discovered.revocation else { return };
        let form = vec![
            ("token".to_owned(), refresh_token.to_owned()),
            ("token_type_hint".to_owned(), "refresh_token".to_owned()),
        ];
        let answer = provider.post_form(ProviderCall::Revocation, endpoint, form, proof_key).await;
        match answer {
            Ok(answer) if answer.status().is_success() => {}
            Ok(answer) => {
                tracing::warn!(status = answer.status().as_u16(), "refresh token revocation refused")
            }
            Err(error) => tracing::warn!(%error, "refresh token revocation failed"),
        }
    }
}
