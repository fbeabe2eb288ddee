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

use actix_web::http::header;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;

use crate::error::ApiError;
use crate::member_api::{self, Body, Call};
use crate::request_id::RequestId;
use crate::state::AppState;

/// The forwarded calls: method, portal path under `/api`, and whether the query is passed on.
const ROUTES: &[(&str, &str)] = &[
    ("GET", "/demandes"),
    ("GET", "/demandes/home"),
    ("GET", "/demande/{id}"),
    ("POST", "/document/upload"),
    ("POST", "/document/creationHospitalisation"),
    ("POST", "/document/creationReclamation"),
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
    ("POST", "/assure/estimation"),
    ("GET", "/assure/attestation"),
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
/// the period and beneficiary filters of the reimbursement lists, the certificate's kind and
/// person.
const WITH_QUERY: [&str; 4] = [
    "/api/assure/referentiel/communes-postale",
    "/api/assure/prestations",
    "/api/assure/prestations-pro",
    "/api/assure/attestation",
];
/// The calls that create a request, guarded by the captcha (see `captcha`).
const WITH_CAPTCHA: [&str; 3] = [
    "/api/document/documentGedCegedim",
    "/api/document/creationHospitalisation",
    "/api/document/creationReclamation",
];
/// Request headers passed on; everything else (cookies, authorization, hop-by-hop,
/// X-Forwarded-*) stays here.
const REQUEST_HEADERS: [header::HeaderName; 3] =
    [header::CONTENT_TYPE, header::ACCEPT, header::ACCEPT_LANGUAGE];

pub fn routes(cfg: &mut web::ServiceConfig) {
    let mut scope = web::scope("/api");
    for (method, path) in ROUTES {
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).expect("static method");
        scope = scope.service(web::resource(*path).route(web::method(method).to(forward)));
    }
    cfg.service(scope);
}

/// The upstream path for a matched route, from its pattern and validated parameters.
fn upstream_path(request: &HttpRequest) -> Result<String, ApiError> {
    let pattern = request.match_pattern().ok_or(ApiError::NotFound)?;
    let relative = pattern.trim_start_matches("/api/");
    match request.match_info().get("id") {
        None => Ok(relative.to_owned()),
        Some(id) => member_api::path_with_id(relative, id),
    }
}

async fn forward(
    request: HttpRequest,
    payload: web::Payload,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let path = upstream_path(&request)?;
    let pattern = request.match_pattern().unwrap_or_default();
    if WITH_CAPTCHA.contains(&pattern.as_str()) {
        state.captcha.require(&request).await?;
    }
    let with_query = WITH_QUERY.contains(&pattern.as_str());
    let mut headers = reqwest::header::HeaderMap::new();
    for name in REQUEST_HEADERS {
        let value = request.headers().get(&name).map(|value| value.as_bytes());
        if let (Some(Ok(value)), Ok(name)) = (
            value.map(reqwest::header::HeaderValue::from_bytes),
            reqwest::header::HeaderName::from_bytes(name.as_str().as_bytes()),
        ) {
            headers.insert(name, value);
        }
    }
    let limit = state.settings.upstream.api.max_body_bytes;
    let (body, too_large) = read_body(&request, payload, limit).await?;
    let call = Call {
        method: reqwest::Method::from_bytes(request.method().as_str().as_bytes()).expect("known method"),
        path: &path,
        query: with_query.then(|| request.query_string()),
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
        headers,
        body,
    };
    let answer = state.member_api.send(&state.auth.bearer(&current), &call).await;
    // An upstream failure caused by our own cut-off of an oversized upload is a 413.
    if too_large.load(Ordering::Relaxed) {
        return Err(ApiError::PayloadTooLarge);
    }
    member_api::to_browser(answer?)
}

/// Bodies that are not uploads are small JSON documents: reading them makes retries possible.
const BUFFER_LIMIT: usize = 1024 * 1024;

/// The request body: small ones are read (so a 401 can be retried), uploads are streamed with
/// the size limit enforced on the way; the flag tells when the stream was cut for its size.
async fn read_body(
    request: &HttpRequest,
    mut payload: web::Payload,
    limit: u64,
) -> Result<(Body, Arc<AtomicBool>), ApiError> {
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
        return Ok((Body::streamed(stream), too_large));
    }
    let mut body = bytes::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| ApiError::BadRequest(error.to_string()))?;
        if (body.len() + chunk.len()) as u64 > limit.min(BUFFER_LIMIT as u64) {
            return Err(ApiError::PayloadTooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok((Body::Buffered(body.freeze()), too_large))
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
