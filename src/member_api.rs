//! The one client of the member API. The proxy, `/api/home`, the sign-in and the termination
//! all call it through here, so that the base URL, the identifiers put in a path, the total
//! timeout, the request id, the bearer token, the 401 rule (one refresh, one retry) and what a
//! failed answer means are each written once.

use std::sync::Mutex;
use std::time::Duration;

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use async_trait::async_trait;
use bytes::Bytes;
use reqwest::header::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use url::Url;

use crate::error::ApiError;
use crate::identifier::is_plain_identifier;

pub struct MemberApiClient {
    http: reqwest::Client,
    /// `path` of a call is joined to this (it ends with `/`).
    base: Url,
    /// Total time of one call, connection and answer headers included.
    timeout: Duration,
}

/// Where a call's bearer token comes from: the member's session, which refreshes it when it
/// is short, and replaces one the member API refused. Calls run on actix's per-thread
/// runtimes, so the futures need not be `Send`.
#[async_trait(?Send)]
pub trait Bearer {
    async fn token(&self) -> Result<String, ApiError>;
    /// A token other than `refused`, to which the member API has just answered 401.
    async fn replacing(&self, refused: &str) -> Result<String, ApiError>;
}

/// What a call sends.
pub enum Body {
    Empty,
    /// Held in memory, so it can be sent again after a refresh.
    Buffered(Bytes),
    /// An upload streamed from the browser: it can go out once only.
    Streamed(Mutex<Option<reqwest::Body>>),
}

impl Body {
    pub fn streamed(body: reqwest::Body) -> Self {
        Self::Streamed(Mutex::new(Some(body)))
    }

    /// A body for one attempt; `None` once a stream has gone.
    fn for_attempt(&self) -> Option<Option<reqwest::Body>> {
        match self {
            Self::Empty => Some(None),
            Self::Buffered(bytes) if bytes.is_empty() => Some(None),
            Self::Buffered(bytes) => Some(Some(reqwest::Body::from(bytes.clone()))),
            Self::Streamed(stream) => stream.lock().expect("body lock").take().map(Some),
        }
    }
}

/// One call: method, path relative to the base (see `path_with_id`), optional query, the
/// request id to pass on, the headers of its own and its body.
pub struct Call<'a> {
    pub method: reqwest::Method,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub request_id: Option<&'a str>,
    pub headers: HeaderMap,
    pub body: Body,
}

impl<'a> Call<'a> {
    /// A GET that expects `accept` back.
    pub fn get(path: &'a str, request_id: Option<&'a str>, accept: &'static str) -> Self {
        let mut headers = HeaderMap::new();
        headers.insert(reqwest::header::ACCEPT, reqwest::header::HeaderValue::from_static(accept));
        Self { method: reqwest::Method::GET, path, query: None, request_id, headers, body: Body::Empty }
    }

    /// A JSON document sent, JSON expected back.
    pub fn json(method: reqwest::Method, path: &'a str, request_id: Option<&'a str>, body: Bytes) -> Self {
        let mut headers = HeaderMap::new();
        let json = reqwest::header::HeaderValue::from_static("application/json");
        headers.insert(reqwest::header::CONTENT_TYPE, json.clone());
        headers.insert(reqwest::header::ACCEPT, json);
        Self { method, path, query: None, request_id, headers, body: Body::Buffered(body) }
    }
}

/// A path of the member API with its `{id}` replaced, when the identifier is plain: nothing a
/// browser sends can change which call is made.
pub fn path_with_id(template: &str, id: &str) -> Result<String, ApiError> {
    if is_plain_identifier(id) {
        Ok(template.replace("{id}", id))
    } else {
        Err(ApiError::BadRequest("identifier".into()))
    }
}

/// The sign-in answer (`POST compte/auth`, SPEC.md §7): all a session keeps of the member.
#[derive(Clone, Serialize, Deserialize)]
pub struct SignedInMember {
    #[serde(rename = "User")]
    pub user: Value,
    #[serde(rename = "VersionNum", default)]
    pub version_num: Value,
    #[serde(rename = "smartCarteUrl", default)]
    pub smart_carte_url: Value,
}

/// Why the sign-in call gave no member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInError {
    Unreachable,
    /// The member API answered this failure status.
    Refused(u16),
    /// A success without a `User`.
    Malformed,
}

impl MemberApiClient {
    pub fn new(http: reqwest::Client, base: Url, timeout: Duration) -> Self {
        Self { http, base, timeout }
    }

    /// A call on behalf of a signed-in member: the token is refreshed first when short; when
    /// the member API still refuses it (401), the token is replaced once and the call made
    /// again, if its body can be sent again. The answer's status is the caller's to read.
    pub async fn send(&self, bearer: &dyn Bearer, call: &Call<'_>) -> Result<reqwest::Response, ApiError> {
        let token = bearer.token().await?;
        let first = call.body.for_attempt().ok_or_else(|| anyhow::anyhow!("request body already sent"))?;
        let answer = self.attempt(call, &token, first).await?;
        if answer.status() != reqwest::StatusCode::UNAUTHORIZED {
            return Ok(answer);
        }
        let token = bearer.replacing(&token).await?;
        match call.body.for_attempt() {
            Some(replay) => self.attempt(call, &token, replay).await,
            // The new token is kept for the member's next try; this upload cannot be replayed.
            None => Err(ApiError::Unavailable("upstream refused a streamed upload's token".into())),
        }
    }

    /// A call whose success the portal reads itself: any failure is an `ApiError`.
    pub async fn expect_success(
        &self,
        bearer: &dyn Bearer,
        call: &Call<'_>,
    ) -> Result<reqwest::Response, ApiError> {
        let answer = self.send(bearer, call).await?;
        match answer.status() {
            status if status.is_success() => Ok(answer),
            status => Err(failure(status)),
        }
    }

    /// A GET of JSON made by the portal itself (the home page's parts).
    pub async fn get_json(
        &self,
        bearer: &dyn Bearer,
        path: &str,
        request_id: Option<&str>,
    ) -> Result<Value, ApiError> {
        let answer = self.expect_success(bearer, &Call::get(path, request_id, "application/json")).await?;
        answer.json().await.map_err(|error| ApiError::BadGateway(error.to_string()))
    }

    /// `POST compte/auth` with `{Login, Type: "ADH"}` (SPEC.md §7), with the token just
    /// received: a refusal here is the sign-in's answer, never a reason to refresh.
    pub async fn sign_in(
        &self,
        access_token: &str,
        person_number: &str,
        request_id: Option<&str>,
    ) -> Result<SignedInMember, SignInError> {
        let body = json!({ "Login": person_number, "Type": "ADH" }).to_string();
        let call = Call::json(reqwest::Method::POST, "compte/auth", request_id, body.into());
        let answer =
            self.attempt(&call, access_token, call.body.for_attempt().flatten()).await.map_err(|error| {
                tracing::warn!(%error, "member API unreachable at sign-in");
                SignInError::Unreachable
            })?;
        let status = answer.status();
        if !status.is_success() {
            tracing::warn!(status = status.as_u16(), "member API refused the sign-in");
            return Err(SignInError::Refused(status.as_u16()));
        }
        match answer.json::<SignedInMember>().await {
            Ok(member) if member.user.is_object() => Ok(member),
            _ => Err(SignInError::Malformed),
        }
    }

    async fn attempt(
        &self,
        call: &Call<'_>,
        token: &str,
        body: Option<reqwest::Body>,
    ) -> Result<reqwest::Response, ApiError> {
        let mut url = self.base.join(call.path).map_err(|error| ApiError::Internal(error.into()))?;
        url.set_query(call.query.filter(|query| !query.is_empty()));
        let mut builder = self
            .http
            .request(call.method.clone(), url)
            .bearer_auth(token)
            .timeout(self.timeout)
            .headers(call.headers.clone());
        if let Some(id) = call.request_id {
            builder = builder.header("X-Request-Id", id);
        }
        if let Some(body) = body {
            builder = builder.body(body);
        }
        builder.send().await.map_err(unreachable)
    }
}

/// A call that got no answer: 504 when it timed out, 502 otherwise (refused, reset).
fn unreachable(error: reqwest::Error) -> ApiError {
    if error.is_timeout() {
        ApiError::GatewayTimeout(error.to_string())
    } else {
        ApiError::BadGateway(error.to_string())
    }
}

/// What a failed answer of the member API means for the portal: a 401 after the retry ends the
/// member's session; a 5xx is the upstream's failure, shown as a 502 with the portal's French
/// message; the others keep their meaning.
pub fn failure(status: reqwest::StatusCode) -> ApiError {
    match status.as_u16() {
        401 => ApiError::Unauthorized,
        403 => ApiError::Forbidden,
        404 => ApiError::NotFound,
        status if status >= 500 => ApiError::BadGateway(format!("member API answered {status}")),
        status => ApiError::BadRequest(format!("member API answered {status}")),
    }
}

/// Answer headers the browser gets; everything else (cookies, hop-by-hop) stays here.
const RELAYED_HEADERS: [header::HeaderName; 4] =
    [header::CONTENT_TYPE, header::CONTENT_DISPOSITION, header::ETAG, header::LAST_MODIFIED];

/// The member API's answer as the browser gets it, streamed, its 4xx bodies (French messages
/// of the member API's own rules) passed on; a 401 or a 5xx becomes the portal's own answer
/// (see `failure`). Member data is private: never stored by a shared cache. What the member
/// API returns is data, never a page of the portal: a file is always an attachment, and the
/// sandbox policy keeps a document that slipped through (an uploaded HTML/PDF polyglot, say)
/// from running anything with the portal's origin, should it be opened directly.
pub fn to_browser(upstream: reqwest::Response) -> Result<HttpResponse, ApiError> {
    if upstream.status() == reqwest::StatusCode::UNAUTHORIZED || upstream.status().is_server_error() {
        return Err(failure(upstream.status()));
    }
    let status = StatusCode::from_u16(upstream.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut response = HttpResponse::build(status);
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"));
    for name in RELAYED_HEADERS {
        if let Some(value) = upstream.headers().get(name.as_str()) {
            response.insert_header((name, value.as_bytes()));
        }
    }
    let is_json = upstream
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !is_json {
        let disposition = upstream
            .headers()
            .get(reqwest::header::CONTENT_DISPOSITION)
            .and_then(|value| value.to_str().ok());
        response.insert_header((header::CONTENT_DISPOSITION, as_attachment(disposition)));
    }
    Ok(match upstream.content_length() {
        Some(length) => response.body(actix_web::body::SizedStream::new(length, upstream.bytes_stream())),
        None => response.streaming(upstream.bytes_stream()),
    })
}

/// The upstream's `Content-Disposition` with its file name kept and its type made
/// `attachment` (an `inline`, or none at all, would let the browser render the file).
fn as_attachment(disposition: Option<&str>) -> String {
    let parameters = disposition
        .and_then(|value| value.split_once(';'))
        .map(|(_, parameters)| parameters.trim())
        .filter(|parameters| !parameters.is_empty());
    match parameters {
        Some(parameters) => format!("attachment; {parameters}"),
        None => "attachment".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_always_attachments_with_their_name_kept() {
        assert_eq!(as_attachment(None), "attachment");
        assert_eq!(as_attachment(Some("inline")), "attachment");
        assert_eq!(
            as_attachment(Some("inline; filename=\"rib.pdf\"; filename*=UTF-8''rib.pdf")),
            "attachment; filename=\"rib.pdf\"; filename*=UTF-8''rib.pdf"
        );
        assert_eq!(as_attachment(Some("attachment; filename=\"a.pdf\"")), "attachment; filename=\"a.pdf\"");
    }

    #[test]
    fn an_identifier_that_could_change_the_path_is_refused() {
        assert_eq!(path_with_id("demande/{id}", "A-12_b").unwrap(), "demande/A-12_b");
        for forged in ["..", "a/b", "a%2Fb", "", "a b"] {
            assert!(path_with_id("demande/{id}", forged).is_err(), "{forged}");
        }
    }

    #[test]
    fn a_streamed_body_goes_out_once_and_a_buffered_one_again() {
        let buffered = Body::Buffered(Bytes::from_static(b"{}"));
        assert!(buffered.for_attempt().unwrap().is_some());
        assert!(buffered.for_attempt().unwrap().is_some());
        let streamed = Body::streamed(reqwest::Body::from("upload"));
        assert!(streamed.for_attempt().is_some());
        assert!(streamed.for_attempt().is_none());
    }
}
