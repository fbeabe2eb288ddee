//! The one client of the member API. The proxy, `/api/home` and the sign-in call all go
//! through it, so that the base URL, the total timeout, the request id, the bearer token and
//! the 401 rule (one refresh, one retry) are written once.

use std::time::Duration;

use url::Url;

use crate::auth::{Auth, CurrentSession};
use crate::error::ApiError;

pub struct MemberApiClient {
    http: reqwest::Client,
    /// `path` of a call is joined to this (it ends with `/`).
    base: Url,
    /// Total time of one call, connection and answer headers included.
    timeout: Duration,
}

/// A streamed body (an upload) goes out once: it cannot be sent again for a retry.
#[derive(Debug, Clone, Copy)]
pub struct BodyAlreadySent;

/// A call's body, asked for again for the retry: `None` when there is none.
pub type BodySource<'a> = &'a dyn Fn() -> Result<Option<reqwest::Body>, BodyAlreadySent>;

/// Adds a call's own headers (those passed on from the browser, say).
pub type Headers<'a> = &'a dyn Fn(reqwest::RequestBuilder) -> reqwest::RequestBuilder;

/// One call: method, path relative to the base, optional query, and the request id to pass on.
pub struct Call<'a> {
    pub method: reqwest::Method,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub request_id: Option<&'a str>,
}

impl MemberApiClient {
    pub fn new(http: reqwest::Client, base: Url, timeout: Duration) -> Self {
        Self { http, base, timeout }
    }

    /// A request carrying `token`, ready for headers and a body.
    pub fn request(&self, call: &Call<'_>, token: &str) -> Result<reqwest::RequestBuilder, ApiError> {
        let mut url = self.base.join(call.path).map_err(|error| ApiError::Internal(error.into()))?;
        url.set_query(call.query.filter(|query| !query.is_empty()));
        let mut builder =
            self.http.request(call.method.clone(), url).bearer_auth(token).timeout(self.timeout);
        if let Some(id) = call.request_id {
            builder = builder.header("X-Request-Id", id);
        }
        Ok(builder)
    }

    /// A call on behalf of a signed-in member: the token is refreshed first when short; when
    /// the member API still refuses it (401), the token is refreshed once more and the call
    /// made again, if its body can be sent again. The answer's status is the caller's to read.
    pub async fn send(
        &self,
        auth: &Auth,
        current: &CurrentSession,
        call: &Call<'_>,
        headers: Headers<'_>,
        body: BodySource<'_>,
    ) -> Result<reqwest::Response, ApiError> {
        let token = auth.access_token(current).await?;
        let answer = self.attempt(call, &token, headers, body).await?;
        if answer.status() != reqwest::StatusCode::UNAUTHORIZED {
            return Ok(answer);
        }
        let token = auth.access_token_replacing(current, Some(&token)).await?;
        match body() {
            Ok(replay) => self.attempt_with(call, &token, headers, replay).await,
            // The new token is kept for the member's next try; this upload cannot be replayed.
            Err(BodyAlreadySent) => {
                Err(ApiError::Unavailable("upstream refused a streamed upload's token".into()))
            }
        }
    }

    async fn attempt(
        &self,
        call: &Call<'_>,
        token: &str,
        headers: Headers<'_>,
        body: BodySource<'_>,
    ) -> Result<reqwest::Response, ApiError> {
        let body = body().map_err(|_| ApiError::Internal(anyhow::anyhow!("request body already sent")))?;
        self.attempt_with(call, token, headers, body).await
    }

    async fn attempt_with(
        &self,
        call: &Call<'_>,
        token: &str,
        headers: Headers<'_>,
        body: Option<reqwest::Body>,
    ) -> Result<reqwest::Response, ApiError> {
        let mut builder = headers(self.request(call, token)?);
        if let Some(body) = body {
            builder = builder.body(body);
        }
        builder.send().await.map_err(upstream_error)
    }
}

/// A failed call: 504 when it timed out, 502 otherwise (refused, reset, unreadable).
pub fn upstream_error(error: reqwest::Error) -> ApiError {
    if error.is_timeout() {
        ApiError::GatewayTimeout(error.to_string())
    } else {
        ApiError::BadGateway(error.to_string())
    }
}

/// No body to send (a GET).
pub fn no_body() -> Result<Option<reqwest::Body>, BodyAlreadySent> {
    Ok(None)
}
