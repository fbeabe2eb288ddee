//! The id of the request being served: made (or taken from a trusted proxy) by
//! `telemetry::ServerSpan`, sent back as `X-Request-Id`, passed on to the member API, and
//! read by handlers as `Option<web::ReqData<RequestId>>`.

use actix_web::http::header::HeaderName;

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

#[derive(Debug, Clone)]
pub struct RequestId(pub String);
