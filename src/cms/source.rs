//! The content service over HTTP: what it answers (content found or not, or a failure) and the
//! calls to its base URL, shared by the portal's own format, Strapi and Strapi's media.

use std::time::Duration;

use serde_json::Value;

use crate::error::ApiError;

/// An answer of the content service worth keeping: found (sanitised JSON) or not found.
#[derive(Debug, Clone)]
pub enum Content {
    Found(serde_json::Value),
    NotFound,
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    #[error("content service timed out")]
    Timeout,
    #[error("content service unreachable or failing: {0}")]
    Failed(String),
}

impl From<&FetchError> for ApiError {
    fn from(error: &FetchError) -> Self {
        match error {
            FetchError::Timeout => Self::GatewayTimeout(error.to_string()),
            FetchError::Failed(_) => Self::BadGateway(error.to_string()),
        }
    }
}

/// Calls to the content service's base URL, each within the configured time.
#[derive(Clone)]
pub struct HttpSource {
    http: reqwest::Client,
    base: url::Url,
    timeout: Duration,
}

impl HttpSource {
    pub fn new(http: reqwest::Client, base: url::Url, timeout: Duration) -> Self {
        Self { http, base, timeout }
    }

    pub fn url(&self, path: &str) -> Result<url::Url, FetchError> {
        self.base.join(path).map_err(|e| FetchError::Failed(e.to_string()))
    }

    /// The JSON at `url`; `None` for a 404. Any other status is a failure, named by its number
    /// only: the answer of a refused token is not worth a log line, the token never is.
    pub async fn get_json(&self, url: url::Url, bearer: Option<&str>) -> Result<Option<Value>, FetchError> {
        let mut call = self.http.get(url).header("Accept", "application/json");
        if let Some(token) = bearer {
            call = call.bearer_auth(token);
        }
        match self.send(call).await? {
            Some(answer) => answer.json().await.map(Some).map_err(|e| FetchError::Failed(e.to_string())),
            None => Ok(None),
        }
    }

    /// The answer at `url` without credentials (Strapi's uploads are public); `None` for a 404.
    pub async fn get(&self, url: url::Url) -> Result<Option<reqwest::Response>, FetchError> {
        self.send(self.http.get(url)).await
    }

    async fn send(&self, call: reqwest::RequestBuilder) -> Result<Option<reqwest::Response>, FetchError> {
        // The span of the call (the content cache's), or the request's for a media file.
        let call = call.headers(crate::telemetry::traces::trace_headers(&tracing::Span::current()));
        let answer = call.timeout(self.timeout).send().await.map_err(|e| {
            if e.is_timeout() { FetchError::Timeout } else { FetchError::Failed(e.without_url().to_string()) }
        })?;
        match answer.status().as_u16() {
            200 => Ok(Some(answer)),
            404 => Ok(None),
            status => Err(FetchError::Failed(format!("status {status}"))),
        }
    }
}
