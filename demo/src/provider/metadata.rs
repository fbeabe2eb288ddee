//! What clients read before anything else: the discovery document (OpenID Connect Discovery
//! 1.0) and the public signing keys.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde_json::json;

use super::authorize::SUPPORTED_SCOPES;
use super::config::ClientCredentials;
use super::idp::Idp;

/// Clients may cache both documents a little; the key only changes with the data folder.
const CACHE_CONTROL: &str = "public, max-age=300";

pub async fn discovery(idp: web::Data<Idp>) -> HttpResponse {
    let config = &idp.config;
    let document = json!({
        "issuer": config.issuer,
        "authorization_endpoint": config.endpoint("auth"),
        "token_endpoint": config.endpoint("token"),
        "userinfo_endpoint": config.endpoint("userinfo"),
        "jwks_uri": config.endpoint("jwks"),
        "end_session_endpoint": config.endpoint("logout"),
        "revocation_endpoint": config.endpoint("revoke"),
        "pushed_authorization_request_endpoint": config.endpoint("par"),
        "require_pushed_authorization_requests": false,
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["ES256"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": client_auth_methods(&config.client.credentials),
        "token_endpoint_auth_signing_alg_values_supported": ["ES256", "PS256"],
        "revocation_endpoint_auth_methods_supported": client_auth_methods(&config.client.credentials),
        "dpop_signing_alg_values_supported": ["ES256", "PS256", "RS256", "EdDSA"],
        "scopes_supported": SUPPORTED_SCOPES,
        "claims_supported": [
            "iss", "sub", "aud", "azp", "exp", "iat", "auth_time", "sid", "nonce",
            "preferred_username", "given_name", "family_name", "name", "email", "email_verified",
            config.person_number_claim,
        ],
        "authorization_response_iss_parameter_supported": true,
        "backchannel_logout_supported": true,
        "backchannel_logout_session_supported": true,
    });
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, CACHE_CONTROL)).json(document)
}

/// The methods its one client may authenticate with: those it was registered for.
fn client_auth_methods(credentials: &ClientCredentials) -> &'static [&'static str] {
    match credentials {
        ClientCredentials::Secret(_) => &["client_secret_basic", "client_secret_post"],
        ClientCredentials::Keys(_) => &["private_key_jwt"],
    }
}

pub async fn jwks(idp: web::Data<Idp>) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, CACHE_CONTROL)).json(idp.key.jwks())
}
