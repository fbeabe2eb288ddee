//! The member a call is made for: the one of a valid access token ([`jetons`]) whose person
//! number is a known member, or the member a delegate names (`X-Agir-Pour`), within the rights
//! of the delegation (`rules::delegations`). A token bound to a DPoP key (`cnf.jkt`) is taken only with the
//! `DPoP` scheme and a proof of that key for this very call; an unbound one as a bearer token.
//! Handlers that take a [`Member`] are protected.
//!
//! [`jetons`]: super::jetons

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use sha2::{Digest, Sha256};

use super::context::Context;
use super::jetons::{Verified, refused};
use super::reponses::PREFIX;
use crate::dpop;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::delegations::{self, Acteur};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::adherents;

impl FromRequest for Member {
    type Error = ApiFailure;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let context = request.app_data::<web::Data<Context>>().cloned();
        let now = chrono::Utc::now();
        // The proof is checked here, with the request it is for.
        let presented = presented(request);
        let acting_for = acting_for(request);
        let route = unnamed_route(request);
        let exigence = delegations::exigence(request.method().as_str(), &route);
        let espace_personnel = delegations::dans_l_espace_personnel(request.method().as_str(), &route);
        Box::pin(async move {
            let context = context.ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("no API context")))?;
            let verified = verified(&context, presented?, now.timestamp()).await?;
            let signed_in_at = verified.auth_time;
            let Some(numero) = acting_for? else {
                let person_number = verified.person_number.ok_or_else(|| refused("not a member", "-"))?;
                return Ok(Member::own(person_number, signed_in_at));
            };
            let acteur = Acteur { sujet: verified.subject, courriel: verified.email, nom: verified.name };
            let pour = numero.clone();
            let autorisation = context
                .db
                .run(move |db| {
                    let tx = db.transaction()?;
                    let autorisation = delegations::autoriser(
                        &tx,
                        &acteur,
                        &pour,
                        exigence,
                        espace_personnel,
                        now,
                        today(),
                    )?;
                    tx.commit()?;
                    Ok(autorisation)
                })
                .await?;
            Ok(Member {
                person_number: numero,
                signed_in_at,
                delegation: Some(autorisation.delegation),
                seulement: autorisation.seulement,
            })
        })
    }
}

/// The person a token is of, whatever member they may act for: whom `assure/procurations`
/// answers about.
impl FromRequest for Acteur {
    type Error = ApiFailure;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let context = request.app_data::<web::Data<Context>>().cloned();
        let presented = presented(request);
        Box::pin(async move {
            let context = context.ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("no API context")))?;
            let verified = verified(&context, presented?, chrono::Utc::now().timestamp()).await?;
            Ok(Acteur { sujet: verified.subject, courriel: verified.email, nom: verified.name })
        })
    }
}

/// The token presented, checked (or remembered as checked), and bound to the key its proof
/// shows when it is bound to one. Its person number is kept only when it is a known member.
async fn verified(context: &Context, presented: Presented, now: i64) -> Result<Verified, ApiFailure> {
    let Presented { token, bound_to } = presented;
    let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
    let verified = match context.tokens.remembered(&digest, now) {
        Some(verified) => verified,
        None => {
            let verified = context.tokens.verify(&token).await?;
            if let Some(lookup) = verified.person_number.clone() {
                let known = context.db.run(move |db| Ok(adherents::existe(db, &lookup)?)).await?;
                if !known {
                    return Err(refused("unknown member", "-"));
                }
            }
            context.tokens.remember(digest, verified.clone());
            verified
        }
    };
    if verified.bound_to != bound_to {
        return Err(refused("a token presented without a proof of the key it is bound to", "-"));
    }
    Ok(verified)
}

/// The member a delegate acts for (`X-Agir-Pour`), when the request names one: a person number.
fn acting_for(request: &HttpRequest) -> Result<Option<String>, ApiFailure> {
    let Some(value) = request.headers().get(AGIR_POUR) else { return Ok(None) };
    match value.to_str() {
        Ok(numero) if (1..=20).contains(&numero.len()) && numero.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Some(numero.to_owned()))
        }
        _ => Err(ApiFailure::bad_request("L’en-tête X-Agir-Pour doit être un numéro de personne.")),
    }
}

/// The header by which a delegate names the member they act for.
const AGIR_POUR: &str = "x-agir-pour";

/// The route of the request under the API's base, its parameter written `{}`, as the
/// delegation rules name calls; an unknown one names no call, and so is never a delegate's.
fn unnamed_route(request: &HttpRequest) -> String {
    let pattern = request.match_pattern().unwrap_or_default();
    let Some(route) = pattern.strip_prefix(PREFIX) else { return String::new() };
    route
        .split('/')
        .map(|segment| if segment.starts_with('{') { "{}" } else { segment })
        .collect::<Vec<_>>()
        .join("/")
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
