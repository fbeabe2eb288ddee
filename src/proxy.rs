//! The member API pass-through. Only the calls of SPEC.md §7 ("Documents and requests",
//! "Insured person", plus the home page's recent payments and payment detail) are forwarded,
//! each registered with its method; anything else under `/api` is a JSON 404 (a wrong method
//! 405). The upstream URL is rebuilt from the route and its validated parameters, never from
//! the raw path, so `..`, `//`, encoded slashes or backslashes cannot reach the upstream.
//!
//! Bodies are streamed both ways. The browser's `Cookie` and `Authorization` never leave: the
//! upstream sees the member's bearer token (refreshed first when needed) and the request id.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;

use crate::auth::CurrentSession;
use crate::error::ApiError;
use crate::state::AppState;
use crate::telemetry::RequestId;

/// The forwarded calls: method, portal path under `/api`, and whether the query is passed on.
const ROUTES: &[(&str, &str)] = &[
    ("GET", "/demandes"),
    ("GET", "/demandes/home"),
    ("GET", "/demande/{id}"),
    ("POST", "/document/upload"),
    ("POST", "/document/creationHospitalisation"),
    ("POST", "/document/creationResiliation"),
    ("POST", "/document/documentGedCegedim"),
    ("GET", "/document/pdf/{id}"),
    ("PUT", "/assure/adresse"),
    ("POST", "/assure/beneficiaire/banque"),
    ("GET", "/assure/droitsAdherent"),
    ("GET", "/assure/droitsCompletAdherent"),
    ("GET", "/assure/prestations"),
    ("GET", "/assure/prestations-pro"),
    ("GET", "/assure/prestationsClaims"),
    ("GET", "/assure/prestation/{id}"),
    ("GET", "/assure/prestations-recentes"),
    ("GET", "/assure/livret"),
    ("GET", "/assure/contrats"),
    ("GET", "/assure/echeance-prochaine"),
    ("GET", "/assure/banques"),
    ("GET", "/assure/infos"),
    ("GET", "/assure/carte-tp"),
    ("GET", "/assure/carte-tp-detail/{id}"),
    ("GET", "/assure/referentiel/communes-postale"),
    ("GET", "/assure/"),
    ("GET", "/assure/beneficiaires"),
    ("GET", "/assure/beneficiairesInfosBancaires"),
];

/// The calls whose query string the upstream needs: the postal code of the communes lookup,
/// the period and beneficiary filters of the reimbursement lists.
const WITH_QUERY: [&str; 3] =
    ["/api/assure/referentiel/communes-postale", "/api/assure/prestations", "/api/assure/prestations-pro"];
/// Request headers passed on; everything else (cookies, authorization, hop-by-hop,
/// X-Forwarded-*) stays here.
const REQUEST_HEADERS: [header::HeaderName; 3] =
    [header::CONTENT_TYPE, header::ACCEPT, header::ACCEPT_LANGUAGE];
const RESPONSE_HEADERS: [header::HeaderName; 4] =
    [header::CONTENT_TYPE, header::CONTENT_DISPOSITION, header::ETAG, header::LAST_MODIFIED];

pub fn routes(cfg: &mut web::ServiceConfig) {
    let mut scope = web::scope("/api");
    for (method, path) in ROUTES {
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).expect("static method");
        scope = scope.service(web::resource(*path).route(web::method(method).to(forward)));
    }
    cfg.service(scope);
}

/// `{id}`: a plain identifier, nothing that could change the upstream path.
pub fn is_plain_identifier(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The upstream path for a matched route, from its pattern and validated parameters.
fn upstream_path(request: &HttpRequest) -> Result<String, ApiError> {
    let pattern = request.match_pattern().ok_or(ApiError::NotFound)?;
    let relative = pattern.trim_start_matches("/api/");
    match request.match_info().get("id") {
        None => Ok(relative.to_owned()),
        Some(id) if is_plain_identifier(id) => Ok(relative.replace("{id}", id)),
        Some(_) => Err(ApiError::BadRequest("identifier".into())),
    }
}

async fn forward(
    request: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let mut url =
        state.endpoints.api_base.join(&upstream_path(&request)?).map_err(|e| ApiError::Internal(e.into()))?;
    if request.match_pattern().is_some_and(|pattern| WITH_QUERY.contains(&pattern.as_str())) {
        url.set_query(Some(request.query_string()).filter(|query| !query.is_empty()));
    }
    let limit = state.settings.upstream.api.max_body_bytes;
    let body = RequestBody::read(&request, payload, limit).await?;
    let first =
        send(&state, &request, &current, url.clone(), body.replayable().map_err(internal)?, None).await;
    let answer = body.check_size(first)?;
    let answer = if answer.0.status() == reqwest::StatusCode::UNAUTHORIZED {
        // The upstream refused a token we thought valid: one refresh, one retry, then 401.
        match body.replayable() {
            Ok(replay) => send(&state, &request, &current, url, replay, Some(&answer.1)).await?,
            Err(_) => {
                state.auth.access_token_replacing(&current, Some(&answer.1)).await?;
                return Err(ApiError::Unavailable("upstream refused a streamed upload's token".into()));
            }
        }
    } else {
        answer
    };
    let (upstream, _) = answer;
    if upstream.status() == reqwest::StatusCode::UNAUTHORIZED {
        return Err(ApiError::Unauthorized);
    }
    if upstream.status().is_server_error() {
        return Err(ApiError::BadGateway(format!("member API answered {}", upstream.status())));
    }
    Ok(relay(upstream))
}

fn internal(_: ()) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("request body already sent"))
}

/// The request body: small ones are read (so a 401 can be retried), uploads are streamed with
/// the size limit enforced on the way.
struct RequestBody {
    buffered: Option<Bytes>,
    stream: std::sync::Mutex<Option<reqwest::Body>>,
    too_large: Arc<AtomicBool>,
}

/// Bodies that are not uploads are small JSON documents: reading them makes retries possible.
const BUFFER_LIMIT: usize = 1024 * 1024;

impl RequestBody {
    async fn read(request: &HttpRequest, mut payload: web::Payload, limit: u64) -> Result<Self, ApiError> {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok());
        if declared.is_some_and(|length| length > limit) {
            return Err(ApiError::PayloadTooLarge);
        }
        let too_large = Arc::new(AtomicBool::new(false));
        if request.content_type().starts_with("multipart/") {
            let stream = stream_with_limit(payload, limit, too_large.clone());
            return Ok(Self { buffered: None, stream: std::sync::Mutex::new(Some(stream)), too_large });
        }
        let mut body = bytes::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|error| ApiError::BadRequest(error.to_string()))?;
            if (body.len() + chunk.len()) as u64 > limit.min(BUFFER_LIMIT as u64) {
                return Err(ApiError::PayloadTooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Self { buffered: Some(body.freeze()), stream: std::sync::Mutex::new(None), too_large })
    }

    /// An upstream failure caused by our own cut-off of an oversized upload is a 413.
    fn check_size<T>(&self, result: Result<T, ApiError>) -> Result<T, ApiError> {
        if self.too_large.load(Ordering::Relaxed) { Err(ApiError::PayloadTooLarge) } else { result }
    }

    /// A body for one upstream call: a copy of a buffered one, or the stream, once.
    fn replayable(&self) -> Result<reqwest::Body, ()> {
        match &self.buffered {
            Some(bytes) => Ok(reqwest::Body::from(bytes.clone())),
            None => self.stream.lock().expect("body lock").take().ok_or(()),
        }
    }
}

/// Chunks in flight between the browser and the upstream: memory stays flat however large the
/// upload (backpressure holds the browser while the upstream is slower).
const CHUNKS_IN_FLIGHT: usize = 8;

/// actix's payload lives on its worker thread; a local task pumps it into a bounded channel
/// that reqwest can read, cutting the upload off as soon as it passes `limit`.
fn stream_with_limit(mut payload: web::Payload, limit: u64, too_large: Arc<AtomicBool>) -> reqwest::Body {
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(CHUNKS_IN_FLIGHT);
    actix_web::rt::spawn(async move {
        let mut seen: u64 = 0;
        while let Some(chunk) = payload.next().await {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(error) => {
                    let _ = sender.send(Err(std::io::Error::other(error.to_string()))).await;
                    return;
                }
            };
            seen += chunk.len() as u64;
            if seen > limit {
                too_large.store(true, Ordering::Relaxed);
                let _ = sender.send(Err(std::io::Error::other("request body over the limit"))).await;
                return;
            }
            if sender.send(Ok(chunk)).await.is_err() {
                return; // the upstream call ended; nothing more to pump
            }
        }
    });
    reqwest::Body::wrap_stream(tokio_stream::wrappers::ReceiverStream::new(receiver))
}

async fn send(
    state: &AppState,
    request: &HttpRequest,
    current: &CurrentSession,
    url: url::Url,
    body: reqwest::Body,
    refused: Option<&str>,
) -> Result<(reqwest::Response, String), ApiError> {
    let token = state.auth.access_token_replacing(current, refused).await?;
    let method = reqwest::Method::from_bytes(request.method().as_str().as_bytes()).expect("known method");
    let mut upstream = state
        .http
        .request(method, url)
        .bearer_auth(&token)
        .timeout(Duration::from_millis(state.settings.upstream.api.timeout_ms))
        .body(body);
    for name in REQUEST_HEADERS {
        if let Some(value) = request.headers().get(&name) {
            upstream = upstream.header(name.as_str(), value.as_bytes());
        }
    }
    if let Some(RequestId(id)) = request.extensions().get::<RequestId>() {
        upstream = upstream.header("X-Request-Id", id.as_str());
    }
    let answer = upstream.send().await.map_err(upstream_error)?;
    Ok((answer, token))
}

pub fn upstream_error(error: reqwest::Error) -> ApiError {
    if error.is_timeout() {
        ApiError::GatewayTimeout(error.to_string())
    } else {
        ApiError::BadGateway(error.to_string())
    }
}

/// The upstream answer, streamed back with its status (4xx bodies pass through) and the
/// headers a download needs. Member data is private: never stored by a shared cache.
fn relay(upstream: reqwest::Response) -> HttpResponse {
    let status = StatusCode::from_u16(upstream.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut response = HttpResponse::build(status);
    response.insert_header((header::CACHE_CONTROL, "no-store"));
    for name in RESPONSE_HEADERS {
        if let Some(value) = upstream.headers().get(name.as_str()) {
            response.insert_header((name, value.as_bytes()));
        }
    }
    match upstream.content_length() {
        Some(length) => response.body(actix_web::body::SizedStream::new(length, upstream.bytes_stream())),
        None => response.streaming(upstream.bytes_stream()),
    }
}

/// A member API GET made by the portal itself (the home page's parts), with the same token
/// handling as a forwarded call: refreshed when short, one retry after a 401.
pub async fn get_json(
    state: &AppState,
    request: &HttpRequest,
    current: &CurrentSession,
    path: &str,
) -> Result<serde_json::Value, ApiError> {
    let url = state.endpoints.api_base.join(path).map_err(|e| ApiError::Internal(e.into()))?;
    let get = |refused: Option<String>| {
        let url = url.clone();
        async move {
            let token = state.auth.access_token_replacing(current, refused.as_deref()).await?;
            let answer = state
                .http
                .get(url)
                .bearer_auth(&token)
                .header("Accept", "application/json")
                .header(
                    "X-Request-Id",
                    request.extensions().get::<RequestId>().map(|id| id.0.clone()).unwrap_or_default(),
                )
                .timeout(Duration::from_millis(state.settings.upstream.api.timeout_ms))
                .send()
                .await
                .map_err(upstream_error)?;
            Ok::<_, ApiError>((answer, token))
        }
    };
    let (mut answer, token) = get(None).await?;
    if answer.status() == reqwest::StatusCode::UNAUTHORIZED {
        answer = get(Some(token)).await?.0;
    }
    match answer.status().as_u16() {
        200..=299 => answer.json().await.map_err(|e| ApiError::BadGateway(e.to_string())),
        401 => Err(ApiError::Unauthorized),
        403 => Err(ApiError::Forbidden),
        404 => Err(ApiError::NotFound),
        status if status >= 500 => Err(ApiError::BadGateway(format!("member API answered {status}"))),
        status => Err(ApiError::BadRequest(format!("member API answered {status}"))),
    }
}
