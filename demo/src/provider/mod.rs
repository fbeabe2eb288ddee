//! The embedded OpenID provider of the demo: standard OpenID Connect (discovery, JWKS,
//! authorization code flow with PKCE S256, token, userinfo, RP-initiated and back-channel
//! logout, revocation), so that any client library can use it in place of Keycloak, with what
//! FAPI 2.0 asks of a provider: pushed authorization requests, the issuer in the authorization
//! response, `private_key_jwt` and DPoP-bound tokens. Members sign in by picking one of the
//! fictitious members of `personas`: there is no password.

mod authorize;
mod claims;
mod client_auth;
mod config;
mod dpop_nonce;
mod idp;
mod keys;
mod logout;
mod metadata;
mod oauth_error;
pub(crate) mod pages;
mod routes;
mod store;
mod token;
mod userinfo;

pub use self::config::{ClientRegistration, IdpConfig};
pub use self::idp::Idp;
pub use self::routes::scope;
