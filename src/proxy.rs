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

use actix_web::http::{StatusCode, header};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;

use crate::auth::CurrentSession;
use crate::error::ApiError;
use crate::member_api::{BodyAlreadySent, Call, no_body};
use crate::state::AppState;
use crate::telemetry::RequestId;

/// The forwarded calls: method, portal path under `/api`, and whether the query is passed on.
const ROUTES: &[(&str, &str)] = &[
    ("GET", "/demandes"),
    ("GET", "/demandes/home"),
    ("GET", "/demande/{id}"),
    ("POST", "/document/upload"),
    ("POST", "/document/creationHospitalisation"),
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
    let path = upstream_path(&request)?;
    let with_query = request.match_pattern().is_some_and(|pattern| WITH_QUERY.contains(&pattern.as_str()));
    let request_id = request.extensions().get::<RequestId>().map(|id| id.0.clone());
    let call = Call {
        method: reqwest::Method::from_bytes(request.method().as_str().as_bytes()).expect("known method"),
        path: &path,
        query: with_query.then(|| request.query_string()),
        request_id: request_id.as_deref(),
    };
    let limit = state.settings.upstream.api.max_body_bytes;
    let body = RequestBody::read(&request, payload, limit).await?;
    let headers = |mut builder: reqwest::RequestBuilder| {
        for name in REQUEST_HEADERS {
            if let Some(value) = request.headers().get(&name) {
                builder = builder.header(name.as_str(), value.as_bytes());
            }
        }
        builder
    };
    let answer = state.member_api.send(&state.auth, &current, &call, &headers, &|| body.replayable()).await;
    relay_answer(body.check_size(answer)?)
}

/// The member API's answer as the browser gets it: a 401 means the member's session is over
/// (the token was refreshed once already), a 5xx is the upstream's failure (502, French
/// message); anything else is passed on.
pub fn relay_answer(upstream: reqwest::Response) -> Result<HttpResponse, ApiError> {
    if upstream.status() == reqwest::StatusCode::UNAUTHORIZED {
        return Err(ApiError::Unauthorized);
    }
    if upstream.status().is_server_error() {
        return Err(ApiError::BadGateway(format!("member API answered {}", upstream.status())));
    }
    Ok(relay(upstream))
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

    /// A body for one upstream call: a copy of a buffered one (none when empty), or the
    /// stream, once.
    fn replayable(&self) -> Result<Option<reqwest::Body>, BodyAlreadySent> {
        match &self.buffered {
            Some(bytes) if bytes.is_empty() => Ok(None),
            Some(bytes) => Ok(Some(reqwest::Body::from(bytes.clone()))),
            None => self.stream.lock().expect("body lock").take().map(Some).ok_or(BodyAlreadySent),
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

/// The upstream answer, streamed back with its status (4xx bodies pass through) and the
/// headers a download needs. Member data is private: never stored by a shared cache. What the
/// member API returns is data, never a page of the portal: a file is always an attachment, and
/// the sandbox policy keeps a document that slipped through (an uploaded HTML/PDF polyglot,
/// say) from running anything with the portal's origin, should it be opened directly.
fn relay(upstream: reqwest::Response) -> HttpResponse {
    let status = StatusCode::from_u16(upstream.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut response = HttpResponse::build(status);
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"));
    for name in RESPONSE_HEADERS {
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
    match upstream.content_length() {
        Some(length) => response.body(actix_web::body::SizedStream::new(length, upstream.bytes_stream())),
        None => response.streaming(upstream.bytes_stream()),
    }
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

/// A member API GET made by the portal itself (the home page's parts), with the same token
/// handling as a forwarded call.
pub async fn get_json(
    state: &AppState,
    request: &HttpRequest,
    current: &CurrentSession,
    path: &str,
) -> Result<serde_json::Value, ApiError> {
    let request_id = request.extensions().get::<RequestId>().map(|id| id.0.clone());
    let call = Call { method: reqwest::Method::GET, path, query: None, request_id: request_id.as_deref() };
    let accept_json = |builder: reqwest::RequestBuilder| builder.header("Accept", "application/json");
    let answer = state.member_api.send(&state.auth, current, &call, &accept_json, &no_body).await?;
    match answer.status().as_u16() {
        200..=299 => answer.json().await.map_err(|e| ApiError::BadGateway(e.to_string())),
        401 => Err(ApiError::Unauthorized),
        403 => Err(ApiError::Forbidden),
        404 => Err(ApiError::NotFound),
        status if status >= 500 => Err(ApiError::BadGateway(format!("member API answered {status}"))),
        status => Err(ApiError::BadRequest(format!("member API answered {status}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::as_attachment;

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
}
