//! The provider's endpoints, under its mount point.

use actix_web::{Scope, web};

use super::config::MOUNT;
use super::idp::Idp;
use super::{authorize, logout, metadata, pages, token, userinfo};

pub fn scope(idp: web::Data<Idp>) -> Scope {
    // Resources (not bare routes) so that another method on these paths answers 405.
    web::scope(MOUNT)
        .app_data(idp)
        .service(web::resource("/.well-known/openid-configuration").get(metadata::discovery))
        .service(web::resource("/jwks").get(metadata::jwks))
        .service(web::resource("/style.css").get(pages::stylesheet))
        .service(web::resource("/auth").get(authorize::authorize))
        .service(web::resource("/par").post(authorize::pushed))
        .service(web::resource("/sign-in").post(authorize::sign_in))
        .service(web::resource("/token").post(token::token))
        .service(web::resource("/revoke").post(token::revoke))
        .service(web::resource("/userinfo").get(userinfo::userinfo).post(userinfo::userinfo))
        .service(web::resource("/logout").get(logout::end_session).post(logout::end_session))
}
