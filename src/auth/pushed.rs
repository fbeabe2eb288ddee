//! Pushed authorization requests (RFC 9126): the authorization request is sent to the provider
//! by the portal, authenticated as the client, and the browser is sent to the authorization
//! endpoint with only `client_id` and the `request_uri` the provider answered. The request
//! (the PKCE challenge, the return address, `max_age`…) never travels in the browser's address,
//! its history or the logs of what stands between, and it cannot be altered on the way.

use serde::Deserialize;
use url::Url;

use super::failure::StartupFailure;
use super::provider::{Discovered, Provider, ProviderCall};

/// The provider's answer (RFC 9126 §2.2).
#[derive(Deserialize)]
struct Pushed {
    request_uri: String,
}

/// Where to send the browser for `authorization` (the address `openidconnect` built): the
/// same request, pushed when the provider takes pushed requests; refused when it does not and
/// `oidc.pushed_authorization` requires them.
pub async fn authorization_address(
    provider: &Provider,
    discovered: &Discovered,
    authorization: Url,
) -> Result<Url, StartupFailure> {
    let Some(endpoint) = &discovered.pushed_authorization else {
        if provider.pushed_authorization_required {
            tracing::error!(
                "the provider takes no pushed authorization requests, which oidc.pushed_authorization requires"
            );
            return Err(StartupFailure::init_failed(0));
        }
        return Ok(authorization);
    };
    let form = authorization.query_pairs().into_owned().collect();
    let answer = provider.post_form(ProviderCall::PushedAuthorization, endpoint, form, None).await;
    let answer = answer.map_err(|error| {
        tracing::warn!(%error, "pushed authorization request failed");
        StartupFailure::unreachable()
    })?;
    let status = answer.status();
    if !status.is_success() {
        tracing::warn!(status = status.as_u16(), "pushed authorization request refused");
        return Err(StartupFailure::from_status(status.as_u16()));
    }
    let pushed: Pushed = answer.json().await.map_err(|error| {
        tracing::warn!(%error, "pushed authorization request answered without a request_uri");
        StartupFailure::init_failed(status.as_u16())
    })?;
    let mut address = authorization;
    address
        .query_pairs_mut()
        .clear()
        .append_pair("client_id", provider.client_id.as_str())
        .append_pair("request_uri", &pushed.request_uri);
    Ok(address)
}
