//! The member API under `/api`, built from its table of calls (`member_api::calls`): each call
//! the table marks forwarded is passed through, registered with its method; the termination
//! (`resiliation`) and a card payment (`paiement`) are handled; `/api/home` combines the calls marked `on_home` (`home`), and
//! `/api/mes-donnees` every read, in an archive (`mes_donnees`).
//! Anything else under `/api` is a JSON 404 (a wrong method 405). The upstream URL is rebuilt
//! from the call and its validated parameters, never from the raw path, so `..`, `//`, encoded
//! slashes or backslashes cannot reach the upstream.
//!
//! Bodies are streamed both ways. The browser's `Cookie` and `Authorization` never leave: the
//! upstream sees the member's bearer token (refreshed first when needed) and the request id.

mod answer;
mod home;
mod mes_donnees;
mod paiement;
mod resiliation;
mod session;

pub use self::answer::to_browser;
pub use self::home::PaymentLines;
pub use self::mes_donnees::EnPreparation;

use self::session::session_for;

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use actix_web::http::header;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;

use crate::error::ApiError;
use crate::member_api::calls::{CALLS, Exposed, MemberCall};
use crate::member_api::{self, Body, Call};
use crate::request_id::RequestId;
use crate::state::AppState;

/// Request headers passed on; everything else (cookies, authorization, hop-by-hop,
/// X-Forwarded-*) stays here.
const REQUEST_HEADERS: [hyper::header::HeaderName; 3] =
    [hyper::header::CONTENT_TYPE, hyper::header::ACCEPT, hyper::header::ACCEPT_LANGUAGE];

/// The home and the member API's calls, in the `/api` scope. Paths with an identifier come
/// last: the static ones are matched by comparison, the others by a pattern, tried in turn.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/home").get(home::home));
    cfg.service(web::resource("/mes-donnees").get(mes_donnees::mes_donnees));
    let exposed = CALLS.iter().filter(|call| call.exposed != Exposed::Internal);
    let (with_id, static_paths): (Vec<&'static MemberCall>, Vec<_>) = exposed.partition(|call| call.has_id());
    // One resource per path, with a route per method: a second resource for the same path
    // would never be reached, the first answering 405 to the methods it lacks.
    let mut by_path: Vec<(&'static str, Vec<actix_web::Route>)> = Vec::new();
    for call in static_paths.into_iter().chain(with_id) {
        let method = actix_web::http::Method::from_bytes(call.method.as_str().as_bytes()).expect("a method");
        let route = web::method(method);
        let route = match call.exposed {
            Exposed::Handled if call.path == crate::member_api::calls::PAIEMENTS.path => {
                paiement::handler(call, route)
            }
            Exposed::Handled => resiliation::handler(call, route),
            _ => route.to(move |request, payload, request_id, state| {
                forward(call, request, payload, request_id, state)
            }),
        };
        match by_path.iter_mut().find(|(path, _)| *path == call.path) {
            Some((_, routes)) => routes.push(route),
            None => by_path.push((call.path, vec![route])),
        }
    }
    for (path, routes) in by_path {
        cfg.service(routes.into_iter().fold(web::resource(path), actix_web::Resource::route));
    }
}

/// The upstream path of `call`, with the request's validated `{id}`.
fn upstream_path(call: &MemberCall, request: &HttpRequest) -> Result<Cow<'static, str>, ApiError> {
    match request.match_info().get("id") {
        None => Ok(Cow::Borrowed(call.relative())),
        Some(id) => member_api::path_with_id(call.relative(), id).map(Cow::Owned),
    }
}

async fn forward(
    route: &'static MemberCall,
    request: HttpRequest,
    payload: web::Payload,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let current = session_for(route, &request, &state).await?;
    let path = upstream_path(route, &request)?;
    if route.captcha {
        state.captcha.require(&request, &current).await?;
    }
    let mut headers = hyper::HeaderMap::new();
    for name in REQUEST_HEADERS {
        let value = request.headers().get(name.as_str());
        if let Some(Ok(value)) = value.map(|value| hyper::header::HeaderValue::from_bytes(value.as_bytes())) {
            headers.insert(name, value);
        }
    }
    let limit = state.settings.upstream.api.max_body_bytes;
    let (body, too_large) = read_body(&request, payload, limit).await?;
    let call = Call {
        of: route,
        path: &path,
        query: route.query.then(|| request.query_string()),
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
        headers,
        body,
    };
    let answer = state.member_api.send(&state.auth.bearer(&current), &call).await;
    // An upstream failure caused by our own cut-off of an oversized upload is a 413.
    if too_large.load(Ordering::Relaxed) {
        return Err(ApiError::PayloadTooLarge);
    }
    let answer = answer?;
    if answer.status() == hyper::StatusCode::FORBIDDEN {
        let request_id = request_id.as_deref().map(|id| id.0.as_str());
        crate::auth::acting::take_back_if_ended(
            &request,
            &state.auth,
            &state.member_api,
            &current,
            request_id,
        )
        .await?;
    }
    to_browser(answer)
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
        return Ok((stream, too_large));
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
/// that the member API's client can read, cutting the upload off as soon as it passes `limit`.
fn stream_with_limit(mut payload: web::Payload, limit: u64, too_large: Arc<AtomicBool>) -> Body {
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
    Body::streamed(tokio_stream::wrappers::ReceiverStream::new(receiver))
}
