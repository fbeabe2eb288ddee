//! The one layer every request of the portal's listener goes through: its span and id
//! (`telemetry::Observation`), the anti-forgery check before the handler, the member API's
//! forwarded calls passed on without actix's routing (`proxy::forwarded`), then on the answer
//! the JSON error body, the audit trail, the security headers, the metrics, the access line and
//! the request id.
//!
//! Each step is its module's (`security`, `error`, `telemetry`); they run in one layer because
//! each layer of actix middleware costs a boxed future and a poll of its own on every request:
//! as five layers they took about a fifth of a proxied request's CPU (see the benchmarks).

use std::future::{Ready, ready};
use std::rc::Rc;

use actix_web::Error;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{ResponseError as _, web};
use futures_util::future::LocalBoxFuture;
use tracing::Instrument;
use tracing::instrument::Instrumented;

use crate::audit::{Kind, Routes};
use crate::auth::Auth;
use crate::error::{ErrorBody, normalised_error_body};
use crate::member_api::routes;
use crate::metrics::Metrics;
use crate::security;
use crate::telemetry::Observation;

/// The layer, built once per worker.
pub struct Edge(Rc<Shared>);

impl Edge {
    pub fn new(
        auth: web::Data<Auth>,
        metrics: web::Data<Metrics>,
        security_headers: Vec<(HeaderName, HeaderValue)>,
    ) -> Self {
        Self(Rc::new(Shared { auth, metrics, security_headers, audited: Routes::default() }))
    }
}

/// What the layer needs, shared by the requests of its worker.
struct Shared {
    auth: web::Data<Auth>,
    metrics: web::Data<Metrics>,
    security_headers: Vec<(HeaderName, HeaderValue)>,
    /// What the audit trail records of each route.
    audited: Routes,
}

impl Shared {
    fn answer<B>(&self, mut response: ServiceResponse<B>, observation: Observation) -> ServiceResponse<B> {
        let headers = response.headers_mut();
        // A handler's own value wins: a document from the member API keeps its sandboxing policy.
        for (name, value) in &self.security_headers {
            if !headers.contains_key(name) {
                headers.insert(name.clone(), value.clone());
            }
        }
        observation.finish(&self.metrics, &mut response);
        response
    }
}

impl Shared {
    /// Records what the audit trail keeps of the request before its answer leaves. A read whose
    /// record could not be kept becomes a 503: no health data is shown that nobody would know
    /// was read. What was done (a change, a sign-in, a sign-out) keeps its answer, the failure
    /// logged as an error: answering that it failed would have the member do it twice.
    async fn recorded<B>(&self, response: ServiceResponse<EitherBody<B>>) -> ServiceResponse<EitherBody<B>> {
        let status = response.status().as_u16();
        let events = self.audited.events(response.request(), status, &self.auth.trusted_proxies);
        for event in events {
            let read = event.event == Kind::Read;
            if let Err(error) = self.auth.audit.record(event).await
                && read
            {
                let (request, _) = response.into_parts();
                return ServiceResponse::new(request, error.error_response()).map_into_right_body();
            }
        }
        response
    }
}

impl<S, B> Transform<S, ServiceRequest> for Edge
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = Error;
    type Transform = EdgeService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(EdgeService { service, shared: Rc::clone(&self.0) }))
    }
}

pub struct EdgeService<S> {
    service: S,
    shared: Rc<Shared>,
}

impl<S, B> Service<ServiceRequest> for EdgeService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = Error;
    // Boxed first, then put in its span: the other way round, the answer's future (kilobytes)
    // was copied twice.
    type Future = Instrumented<LocalBoxFuture<'static, Result<Self::Response, Error>>>;

    forward_ready!(service);

    fn call(&self, request: ServiceRequest) -> Self::Future {
        let shared = Rc::clone(&self.shared);
        // A member API call is found by one lookup (its span's name); a forwarded one then goes
        // straight to the proxy, the rest to actix's routes.
        let call = routes::find(request.method(), request.match_info().as_str());
        let observation = Observation::start(&request, call.as_ref().map(|call| call.pattern));
        let span = observation.span().clone();
        let handled = span.in_scope(|| {
            if security::is_forged(&request, &shared.auth) {
                return Handled::Refused(request);
            }
            match crate::proxy::forwarded(request, call) {
                Ok(forwarding) => Handled::Forwarded(forwarding),
                Err(request) => Handled::Routed(self.service.call(request)),
            }
        });
        let answered = async move {
            let mut response = match handled {
                Handled::Refused(request) => {
                    let refused = request.into_response(ErrorBody::response(StatusCode::FORBIDDEN));
                    return Ok(shared.answer(refused.map_into_right_body(), observation));
                }
                Handled::Forwarded(forwarding) => {
                    normalised_error_body(forwarding.answer().await).map_body(|_, body| {
                        EitherBody::right(match body {
                            EitherBody::Left { body } | EitherBody::Right { body } => body,
                        })
                    })
                }
                Handled::Routed(handled) => match handled.await {
                    Ok(response) => normalised_error_body(response),
                    Err(error) => {
                        observation.failed(&error);
                        return Err(error);
                    }
                },
            };
            if shared.auth.audit.is_on() {
                // Boxed, as only some portals keep the trail: inline, it made every request's future larger.
                response = Box::pin(shared.recorded(response)).await;
            }
            Ok(shared.answer(response, observation))
        };
        let answered: LocalBoxFuture<'static, _> = Box::pin(answered);
        answered.instrument(span)
    }
}

/// Where a request goes once the edge has seen it.
enum Handled<F> {
    Refused(ServiceRequest),
    Forwarded(crate::proxy::Forwarding),
    Routed(F),
}
