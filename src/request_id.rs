//! The id of the request being served: made (or taken from a trusted proxy) by
//! `telemetry::ServerSpan`, sent back as `X-Request-Id`, passed on to the member API, and
//! read by handlers as `Option<web::ReqData<RequestId>>`.

#[derive(Debug, Clone)]
pub struct RequestId(pub String);
