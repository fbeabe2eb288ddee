//! What the answers share: where the API is mounted, and the JSON kept by the database.

use actix_web::HttpResponse;
use bytes::Bytes;

/// Where the portal mounts the API.
pub const PREFIX: &str = "/_demo/api";

/// A JSON answer, as the database kept it ([`Database::read_json`]).
///
/// [`Database::read_json`]: crate::member_api::store::database::Database::read_json
pub fn json(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(body)
}
