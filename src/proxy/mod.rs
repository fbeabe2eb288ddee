//! The member API under `/api`, built from its table of calls (`member_api::calls`): each call
//! the table marks forwarded is passed through (`forward`), reached from the edge by one lookup
//! (`forwarded`, `member_api::routes`) and registered with actix with its method too; the
//! termination (`resiliation`) and a card payment (`paiement`) are handled; `/api/home` combines
//! the calls marked `on_home` (`home`), and `/api/mes-donnees` every read, in an archive
//! (`mes_donnees`). Anything else under `/api` is a JSON 404 (a wrong method 405). The upstream
//! URL is rebuilt from the call and its validated parameters, never from the raw path, so `..`,
//! `//`, encoded slashes or backslashes cannot reach the upstream.
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

use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;

use crate::compression::compressed_for;
use crate::error::ApiError;
use crate::member_api::calls::{CALLS, Exposed, MemberCall};
use crate::member_api::{self, Body, Call, routes};
use crate::request_id::RequestId;
use crate::state::AppState;

/// Request headers passed on; everything else (cookies, authorization, hop-by-hop,
/// X-Forwarded-*) stays here.
const REQUEST_HEADERS: [(header::HeaderName, hyper::header::HeaderName); 3] = [
    (header::CONTENT_TYPE, hyper::header::CONTENT_TYPE),
    (header::ACCEPT, hyper::header::ACCEPT),
    (header::ACCEPT_LANGUAGE, hyper::header::ACCEPT_LANGUAGE),
];

/// The home and the member API's calls, in the `/api` scope: the edge passes the forwarded
/// ones on before actix's routing; these routes name their patterns for the audit trail and
/// serve the handled ones. Paths with an identifier come last: the static ones are matched by
/// comparison, the others by a pattern, tried in turn.
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
            _ => route.to(move |request, payload, state| forward(call, request, payload, state)),
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

/// A forwarded call of the member API, taken by the edge before actix's walk of its routes
/// (see `member_api::routes`).
pub struct Forwarding {
    call: &'static MemberCall,
    request: HttpRequest,
    payload: actix_web::dev::Payload,
}

/// The forwarded call `request` is, when `found` is one; the request back when it is none.
pub fn forwarded(
    mut request: ServiceRequest,
    found: Option<routes::Found>,
) -> Result<Forwarding, ServiceRequest> {
    let Some(found) = found.filter(|found| found.call.exposed == Exposed::Forwarded) else {
        return Err(request);
    };
    // Where actix's routing would have put it: `upstream_path` and the audit trail read it there.
    if let Some(id) = found.id {
        request.match_info_mut().add_static("id", id);
    }
    let (request, payload) = request.into_parts();
    Ok(Forwarding { call: found.call, request, payload })
}

impl Forwarding {
    /// The member API's answer, or the error's. Made inside the edge's one boxed future: made
    /// outside, the call's future (kilobytes) was copied into it.
    pub async fn answer(mut self) -> ServiceResponse {
        let answer = match self.request.app_data::<web::Data<AppState>>() {
            Some(state) => match web::Payload::from_request(&self.request, &mut self.payload).into_inner() {
                Ok(payload) => forward(self.call, self.request.clone(), payload, state.clone()).await,
                Err(error) => Err(ApiError::BadRequest(error.to_string())),
            },
            None => Err(ApiError::Internal(anyhow::anyhow!("the portal's state is not registered"))),
        };
        ServiceResponse::new(self.request, answer.unwrap_or_else(HttpResponse::from_error))
    }
}

async fn forward(
    route: &'static MemberCall,
    request: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request_id = request.extensions().get::<RequestId>().map(|id| id.0.clone());
    let request_id = request_id.as_deref();
    let current = session_for(route, &request, &state).await?;
    let path = upstream_path(route, &request)?;
    // The rare paths' futures are boxed: held inline, they made every call's future larger.
    if route.captcha {
        Box::pin(state.captcha.require(&request, &current)).await?;
    }
    let mut headers = hyper::HeaderMap::new();
    for (name, upstream_name) in REQUEST_HEADERS {
        let value = request.headers().get(name);
        if let Some(Ok(value)) = value.map(|value| hyper::header::HeaderValue::from_bytes(value.as_bytes())) {
            headers.insert(upstream_name, value);
        }
    }
    let limit = state.settings.upstream.api.max_body_bytes;
    let (body, too_large) = read_body(&request, payload, limit).await?;
    let call = Call {
        of: route,
        path: &path,
        query: route.query.then(|| request.query_string()),
        request_id,
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
        Box::pin(crate::auth::acting::take_back_if_ended(
            &request,
            &state.auth,
            &state.member_api,
            &current,
            request_id,
        ))
        .await?;
    }
    to_browser(answer).map(|response| compressed_for(&request, response))
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
