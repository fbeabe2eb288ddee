//! The member a call is made for: the one of a valid access token ([`jetons`]) whose person
//! number is a known member. A token bound to a DPoP key (`cnf.jkt`) is taken only with the
//! `DPoP` scheme and a proof of that key for this very call; an unbound one as a bearer token.
//! Handlers that take a [`Member`] are protected.
//!
//! [`jetons`]: super::jetons

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use sha2::{Digest, Sha256};

use super::context::Context;
use super::jetons::refused;
use crate::dpop;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::adherents;

impl FromRequest for Member {
    type Error = ApiFailure;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let context = request.app_data::<web::Data<Context>>().cloned();
        let now = chrono::Utc::now().timestamp();
        // The proof is checked here, with the request it is for.
        let presented = presented(request);
        Box::pin(async move {
            let context = context.ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("no API context")))?;
            let Presented { token, bound_to } = presented?;
            let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
            let verified = match context.tokens.remembered(&digest, now) {
                Some(verified) => verified,
                None => {
                    let verified = context.tokens.person_number(&token).await?;
                    let lookup = verified.person_number.clone();
                    let known = context.db.run(move |db| Ok(adherents::existe(db, &lookup)?)).await?;
                    if !known {
                        return Err(refused("unknown member", "-"));
                    }
                    context.tokens.remember(digest, verified.clone());
                    verified
                }
            };
            if verified.bound_to != bound_to {
                return Err(refused("a token presented without a proof of the key it is bound to", "-"));
            }
            Ok(Member { person_number: verified.person_number, signed_in_at: verified.auth_time })
        })
    }
}

/// What a request presents: its token, and the thumbprint of the key it proves it holds for
/// this call (`dpop::proven_key`), which must be the key the token is bound to.
struct Presented {
    token: String,
    bound_to: Option<String>,
}

fn presented(request: &HttpRequest) -> Result<Presented, ApiFailure> {
    let refused_proof = |why: dpop::Refusal| refused("invalid DPoP proof", format!("{why:?}"));
    let presented = dpop::presented(request).map_err(refused_proof)?;
    let presented = presented.ok_or_else(|| refused("no access token", "-"))?;
    let context = request
        .app_data::<web::Data<Context>>()
        .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("no API context")))?;
    let bound_to = dpop::proven_key(
        &context.proofs,
        &presented,
        request.method().as_str(),
        &dpop::target_of(request),
        chrono::Utc::now().timestamp(),
    )
    .map_err(refused_proof)?;
    Ok(Presented { token: presented.token.to_owned(), bound_to })
}
