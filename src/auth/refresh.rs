//! Access-token refresh when under 30 s of validity (docs/product/states.md#token-refresh), or
//! under half of the token's lifetime when that is shorter, single-flight per session:
//! within an instance the requests of a session queue on one gate, across instances they
//! share the coordination store's refresh lock; whoever refreshes writes the new tokens, the others read
//! them. Tokens are written only here, under both locks, after a fresh read, so that no
//! request ever writes an older token back; and the write is conditional on the session
//! still being the one read (`SessionStore::replace`), so that a session ended while the
//! provider was answering stays ended, and the tokens it was just given are revoked.

use std::sync::Arc;
use std::time::{Duration, Instant};

use openidconnect::{OAuth2TokenResponse, RefreshToken};

use super::callback::is_bound;
use super::failure::ProviderHttpError;
use super::provider::ProviderCall;
use super::service::{Auth, CurrentSession, store_unavailable};
use crate::clock::now;
use crate::dpop::ProofKey;
use crate::error::ApiError;
use crate::member_api::AccessToken;
use crate::session::{Session, Tokens};

/// Refresh when the token is valid for less than 30 seconds (docs/product/limits.md#tokens).
const MARGIN_SECS: i64 = 30;
const LOCK_POLL: Duration = Duration::from_millis(25);
/// How long a refresh may hold the per-session lock before another instance may take over.
const LOCK_TTL: Duration = Duration::from_secs(15);

/// How long before its expiry a token is refreshed: 30 s, or half its lifetime when the
/// provider gives shorter tokens. A fixed 30 s would refresh a 20 s token on every request,
/// the new one included; half a lifetime leaves every token used for its first half.
fn margin_secs(tokens: &Tokens) -> i64 {
    match tokens.access_lifetime_secs {
        lifetime if lifetime > 0 => MARGIN_SECS.min(lifetime / 2),
        _ => MARGIN_SECS,
    }
}

fn fresh_at(tokens: &Tokens, now: i64) -> bool {
    tokens.access_expires_at - now > margin_secs(tokens)
}

/// Usable: not about to expire, and not the token an upstream has just refused.
fn usable(session: &Session, refused: Option<&AccessToken>) -> bool {
    fresh_at(&session.tokens, now())
        && refused.is_none_or(|refused| refused.value != session.tokens.access_token)
}

/// The member API's bearer token for one session (see `member_api::Bearer`).
pub struct SessionBearer<'a> {
    auth: &'a Auth,
    current: &'a CurrentSession,
}

#[async_trait::async_trait(?Send)]
impl crate::member_api::Bearer for SessionBearer<'_> {
    async fn token(&self) -> Result<AccessToken, ApiError> {
        self.auth.access_token(self.current).await
    }

    async fn replacing(&self, refused: &AccessToken) -> Result<AccessToken, ApiError> {
        self.auth.access_token_replacing(self.current, Some(refused)).await
    }
}

impl Auth {
    pub fn bearer<'a>(&'a self, current: &'a CurrentSession) -> SessionBearer<'a> {
        SessionBearer { auth: self, current }
    }

    /// A usable access token for the session, refreshed first when needed.
    pub async fn access_token(&self, current: &CurrentSession) -> Result<AccessToken, ApiError> {
        self.access_token_replacing(current, None).await
    }

    /// A usable access token other than `refused` (the upstream answered 401 to it).
    pub async fn access_token_replacing(
        &self,
        current: &CurrentSession,
        refused: Option<&AccessToken>,
    ) -> Result<AccessToken, ApiError> {
        if usable(&current.session, refused) {
            return Ok(current.session.access_token());
        }
        let gate = self.refresher.gates.get_with(current.id.clone(), async { Arc::default() }).await;
        // However long the refresh in front takes, a request waits no longer than this.
        let deadline = Instant::now() + LOCK_TTL;
        // Named by the session's name in the store, never by its id.
        let lock = format!("refresh:{}", self.sessions.names(&current.id).swap_remove(0));
        let _in_line = tokio::time::timeout_at(deadline.into(), gate.lock())
            .await
            .map_err(|_| ApiError::GatewayTimeout("token refresh under way for too long".into()))?;
        loop {
            let session = self.sessions.get(&current.id).await.map_err(store_unavailable)?;
            let session = session.ok_or(ApiError::Unauthorized)?;
            if usable(&session, refused) {
                return Ok(session.access_token());
            }
            if self.coordination.try_lock(&lock, LOCK_TTL).await.map_err(store_unavailable)? {
                // Read again under the lock: another instance may have just finished.
                let result = match self.sessions.get(&current.id).await.map_err(store_unavailable)? {
                    Some(latest) if usable(&latest, refused) => Ok(latest.access_token()),
                    Some(latest) => self.refresh(&current.id, Arc::unwrap_or_clone(latest)).await,
                    None => Err(ApiError::Unauthorized),
                };
                if let Err(error) = self.coordination.unlock(&lock).await {
                    tracing::warn!(%error, "refresh lock release failed; it expires by itself");
                }
                return result;
            }
            if Instant::now() > deadline {
                return Err(ApiError::Unavailable("refresh lock held too long".into()));
            }
            tokio::time::sleep(LOCK_POLL).await;
        }
    }

    async fn refresh(&self, id: &str, mut session: Session) -> Result<AccessToken, ApiError> {
        let Some(refresh_token) = session.tokens.refresh_token.clone() else {
            self.sessions.remove(id).await.map_err(store_unavailable)?;
            return Err(ApiError::Unauthorized);
        };
        let discovered = self
            .provider
            .discovered()
            .await
            .map_err(|failure| ApiError::BadGateway(failure.reason.into()))?;
        let refresh_token = RefreshToken::new(refresh_token);
        // With `oidc.dpop`, a session opened before it was on gets its key here.
        if self.provider.dpop && session.proof_key.is_none() {
            session.proof_key = Some(ProofKey::generate());
        }
        let proof_key = session.proof_key.as_ref().filter(|_| self.provider.dpop);
        let http = self.provider.http_with_proof(ProviderCall::Token, proof_key);
        let exchange = || async {
            let request = discovered
                .client
                .exchange_refresh_token(&refresh_token)
                .map_err(|error| openidconnect::RequestTokenError::Other(error.to_string()))?;
            self.provider
                .assertion_params()
                .into_iter()
                .fold(request, |request, (name, value)| request.add_extra_param(name, value))
                .request_async(&http)
                .await
        };
        let answer = self.provider.token_request(proof_key, exchange).await;
        self.refresher.outcomes.inc(match &answer {
            Ok(_) => "refreshed",
            Err(openidconnect::RequestTokenError::ServerResponse(_)) => "refused",
            Err(_) => "failed",
        });
        match answer {
            Ok(token) => {
                // Providers that rotate refresh tokens send a new one; others keep the old.
                let refresh_token = token
                    .refresh_token()
                    .map(|rotated| rotated.secret().clone())
                    .or(session.tokens.refresh_token);
                session.tokens = Tokens {
                    bound: is_bound(&token),
                    ..Tokens::received(
                        token.access_token().secret().clone(),
                        token.expires_in(),
                        refresh_token,
                        now(),
                    )
                };
                if self.sessions.replace(id, &session).await.map_err(store_unavailable)? {
                    Ok(session.access_token())
                } else {
                    tracing::info!("the session ended during its token refresh; the new tokens are revoked");
                    self.revoke(&session).await;
                    Err(ApiError::Unauthorized)
                }
            }
            // 400 invalid_grant (and any other refusal of the grant): the session is over.
            Err(openidconnect::RequestTokenError::ServerResponse(error)) => {
                tracing::info!(error = %error, "refresh refused; session ended");
                self.sessions.remove(id).await.map_err(store_unavailable)?;
                Err(ApiError::Unauthorized)
            }
            Err(openidconnect::RequestTokenError::Request(ProviderHttpError::Unreachable(error)))
                if error.is_timeout() =>
            {
                Err(ApiError::GatewayTimeout(format!("token refresh: {error}")))
            }
            Err(error) => Err(ApiError::BadGateway(format!("token refresh: {error}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn tokens_for(lifetime_secs: u64) -> Tokens {
        Tokens::received("a".into(), Some(Duration::from_secs(lifetime_secs)), None, 1_000)
    }

    #[test]
    fn a_five_minute_token_is_refreshed_with_30_seconds_left() {
        let tokens = tokens_for(300);
        assert!(fresh_at(&tokens, 1_000 + 269));
        assert!(!fresh_at(&tokens, 1_000 + 270));
    }

    #[test]
    fn a_20_second_token_serves_its_first_half_and_a_new_one_is_never_stale() {
        let tokens = tokens_for(20);
        assert!(fresh_at(&tokens, 1_000), "just received");
        assert!(fresh_at(&tokens, 1_000 + 9));
        assert!(!fresh_at(&tokens, 1_000 + 10), "one refresh per ~10 s");
        assert!(fresh_at(&tokens_for(1), 1_000), "even a one-second token, when new");
    }

    #[test]
    fn a_session_kept_before_lifetimes_were_known_keeps_the_30_second_margin() {
        let tokens = Tokens { access_lifetime_secs: 0, ..tokens_for(300) };
        assert!(!fresh_at(&tokens, 1_000 + 270));
    }
}
