//! The member a call is made for: the one of a valid bearer token ([`jetons`]) whose person
//! number is a known member. Handlers that take a [`Member`] are protected.
//!
//! [`jetons`]: super::jetons

use std::future::Future;
use std::pin::Pin;

use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use sha2::{Digest, Sha256};

use super::context::Context;
use super::jetons::refused;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::adherents;

impl FromRequest for Member {
    type Error = ApiFailure;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let context = request.app_data::<web::Data<Context>>().cloned();
        let token = bearer_token(request);
        Box::pin(async move {
            let context = context.ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("no API context")))?;
            let token = token.ok_or_else(|| refused("no bearer token", "-"))?;
            let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
            let now = chrono::Utc::now().timestamp();
            if let Some(verified) = context.tokens.remembered(&digest, now) {
                return Ok(Member {
                    person_number: verified.person_number,
                    signed_in_at: verified.auth_time,
                });
            }
            let verified = context.tokens.person_number(&token).await?;
            let lookup = verified.person_number.clone();
            let known = context.db.run(move |db| Ok(adherents::existe(db, &lookup)?)).await?;
            if !known {
                return Err(refused("unknown member", "-"));
            }
            context.tokens.remember(digest, verified.clone());
            Ok(Member { person_number: verified.person_number, signed_in_at: verified.auth_time })
        })
    }
}

fn bearer_token(request: &HttpRequest) -> Option<String> {
    let value = request.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim().to_owned())
}
