//! Sign-in, sessions and sign-out: the portal is the OpenID Connect client (a
//! backend-for-frontend). The browser only ever holds an opaque session cookie; tokens stay in
//! the server-side session and are refreshed here, once per session however many requests wait.

pub mod acting;
mod backchannel;
mod callback;
pub mod connexions;
mod cookies;
pub mod failure;
mod jwks;
mod login;
mod logout;
mod member;
mod memo;
pub mod provider;
mod pushed;
mod recent_sign_in;
mod refresh;
mod refresher;
pub mod return_to;
mod revoke;
mod service;
mod sign_in_again;
mod sign_in_state;
mod xsrf;

use actix_web::web;

pub use cookies::XSRF_HEADER;
pub use member::claim_text;
pub use refresh::SessionBearer;
pub use service::{Auth, CurrentSession};

pub fn routes(cfg: &mut web::ServiceConfig, auth: &Auth) {
    let sign_in_cookie = || {
        sign_in_state::middleware(
            auth.sign_in_key.clone(),
            auth.cookies.sign_in_name(),
            auth.cookies.is_secure(),
        )
    };
    cfg.service(web::resource("/auth/login").wrap(sign_in_cookie()).get(login::login))
        .service(web::resource("/auth/callback").wrap(sign_in_cookie()).get(login::callback))
        .service(web::resource("/auth/logout").post(logout::logout))
        .service(web::resource("/auth/backchannel-logout").post(backchannel::backchannel_logout))
        .service(web::resource("/auth/jwks.json").get(jwks::published_keys));
}

/// The member's session and open connections, in the `/api` scope.
pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/session").get(member::session))
        .service(web::resource("/session/agir-pour").put(acting::start).delete(acting::stop))
        // A scope of its own: the pattern with an identifier is then tried for the paths under
        // it only, never for every member API call on its way.
        .service(
            web::scope("/connexions")
                .service(web::resource("").get(connexions::list).delete(connexions::close_others))
                .service(web::resource("/{id}").delete(connexions::close)),
        );
}
