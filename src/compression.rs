//! JSON answers compressed for the browser: the member API's (the payments of a year, 30 KB)
//! and the content service's (the legal notices, 5 KB) cross a phone's network in a fifth to a
//! sixth of their bytes (docs/benchmarks.md#page-speed). The front end's files are compressed
//! once, when the binary is built (`assets`). Neither kind of answer carries a secret beside
//! something another site could choose, which an attack on compressed lengths needs.

use actix_http::encoding::Encoder;
use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding};
use actix_web::{HttpMessage, HttpRequest, HttpResponse};

/// The smallest answer worth compressing: below it, the encoding's own bytes and work outweigh
/// what it saves.
const COMPRESSED_FROM_BYTES: u64 = 1024;

/// The encodings a JSON answer may be sent in, preferred first.
const ENCODINGS: [Encoding; 3] = [Encoding::brotli(), Encoding::gzip(), Encoding::identity()];

/// `response` compressed for the browser that sent `request`, when it is JSON of a kilobyte or
/// more (or of a length not declared) and the browser accepts brotli or gzip. Files are sent as
/// they are: a PDF or an image is compressed already. actix's encoder (brotli at quality 3,
/// gzip at level 6) marks the answer `Vary: Accept-Encoding`.
pub fn compressed_for(request: &HttpRequest, response: HttpResponse) -> HttpResponse {
    if !request.headers().contains_key(header::ACCEPT_ENCODING) {
        return response;
    }
    let worth_it = match response.body().size() {
        BodySize::Sized(length) => length >= COMPRESSED_FROM_BYTES,
        BodySize::Stream => true,
        BodySize::None => false,
    };
    let is_json = response.headers().get(header::CONTENT_TYPE).is_some_and(|value| is_json(value.as_bytes()));
    if !worth_it || !is_json {
        return response;
    }
    let encoding = request
        .get_header::<AcceptEncoding>()
        .and_then(|accepted| accepted.negotiate(ENCODINGS.iter()))
        .and_then(|encoding| match encoding {
            Encoding::Known(encoding) if encoding != ContentEncoding::Identity => Some(encoding),
            _ => None,
        });
    match encoding {
        Some(encoding) => {
            response.map_body(|head, body| Encoder::response(encoding, head, body)).map_into_boxed_body()
        }
        None => response,
    }
}

/// Whether a `Content-Type` names JSON, in whatever case it is written (a media type's is not
/// significant), with or without parameters.
pub fn is_json(content_type: &[u8]) -> bool {
    const JSON: &[u8] = b"application/json";
    content_type.get(..JSON.len()).is_some_and(|start| start.eq_ignore_ascii_case(JSON))
}

/// A scope's `answer` through `compressed_for`: its middleware, for `wrap_fn`.
pub async fn compressed_answer<B: MessageBody + 'static>(
    answer: impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>>,
) -> Result<ServiceResponse, actix_web::Error> {
    let (request, response) = answer.await?.into_parts();
    let response = compressed_for(&request, response.map_into_boxed_body());
    Ok(ServiceResponse::new(request, response))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_recognised_in_any_case_and_with_parameters() {
        assert!(is_json(b"application/json"));
        assert!(is_json(b"Application/JSON; charset=utf-8"));
        assert!(!is_json(b"application/pdf"));
        assert!(!is_json(b"application/js"));
        assert!(!is_json(b""));
    }
}
