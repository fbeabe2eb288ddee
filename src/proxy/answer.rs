//! The member API's answer as the browser gets it: what the proxy and the portal's own handlers
//! of member API calls send back.

use actix_web::HttpResponse;
use actix_web::body::BoxBody;
use actix_web::http::header::HeaderValue;
use actix_web::http::{StatusCode, header};

use crate::compression::is_json;
use crate::error::ApiError;
use crate::member_api::{Answer, failure};

/// Answer headers the browser gets, by their name in hyper's types and in actix's; everything
/// else (cookies, hop-by-hop) stays here.
const RELAYED_HEADERS: [(hyper::header::HeaderName, header::HeaderName); 4] = [
    (hyper::header::CONTENT_TYPE, header::CONTENT_TYPE),
    (hyper::header::CONTENT_DISPOSITION, header::CONTENT_DISPOSITION),
    (hyper::header::ETAG, header::ETAG),
    (hyper::header::LAST_MODIFIED, header::LAST_MODIFIED),
];

/// The member API's answer as the browser gets it, streamed, its 4xx bodies (French messages
/// of the member API's own rules) passed on; a 401 or a 5xx becomes the portal's own answer
/// (see `failure`). Member data is private: never stored by a shared cache. What the member
/// API returns is data, never a page of the portal: a file is always an attachment, and the
/// sandbox policy keeps a document that slipped through (an uploaded HTML/PDF polyglot, say)
/// from running anything with the portal's origin, should it be opened directly.
///
/// Headers are set in the answer's map directly, the constant ones from static values: through
/// the response builder, each was converted and checked again (docs/benchmarks.md#member-api-proxy).
pub fn to_browser(upstream: Answer) -> Result<HttpResponse, ApiError> {
    if upstream.status() == hyper::StatusCode::UNAUTHORIZED || upstream.status().is_server_error() {
        return Err(failure(upstream.status()));
    }
    let status = StatusCode::from_u16(upstream.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut response = HttpResponse::new(status);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox; default-src 'none'"));
    for (upstream_name, name) in RELAYED_HEADERS {
        if let Some(Ok(value)) =
            upstream.headers().get(upstream_name).map(|value| HeaderValue::from_bytes(value.as_bytes()))
        {
            headers.insert(name, value);
        }
    }
    let is_json =
        upstream.headers().get(hyper::header::CONTENT_TYPE).is_some_and(|value| is_json(value.as_bytes()));
    if !is_json {
        let disposition =
            upstream.headers().get(hyper::header::CONTENT_DISPOSITION).and_then(|value| value.to_str().ok());
        if let Ok(value) = HeaderValue::try_from(as_attachment(disposition)) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    let (length, chunks) = upstream.into_stream();
    Ok(match length {
        Some(length) => response.set_body(BoxBody::new(actix_web::body::SizedStream::new(length, chunks))),
        None => {
            // As actix's streaming answers: a body of no declared type is a stream of bytes.
            if !response.headers().contains_key(header::CONTENT_TYPE) {
                let octets = HeaderValue::from_static("application/octet-stream");
                response.headers_mut().insert(header::CONTENT_TYPE, octets);
            }
            response.set_body(BoxBody::new(actix_web::body::BodyStream::new(chunks)))
        }
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
}
