//! `GET /auth/jwks.json`: the public keys of `private_key_jwt` (`oidc.client_assertion_key_file`
//! and `oidc.client_assertion_published_key_files`), for the provider to check the portal's
//! assertions with (Keycloak's « JWKS URL » of the client). A client authenticated otherwise
//! publishes none: 404.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use super::provider::Credentials;
use super::service::Auth;
use crate::error::ApiError;

/// Providers fetch the set again on an unknown `kid`; a few minutes spare them every request.
const CACHE_CONTROL: &str = "public, max-age=300";

pub async fn published_keys(auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let Credentials::Assertion(keys) = &auth.provider.credentials else { return Err(ApiError::NotFound) };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, CACHE_CONTROL))
        .content_type("application/jwk-set+json")
        .json(keys.jwks()))
}
