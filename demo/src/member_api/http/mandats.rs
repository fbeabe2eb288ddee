//! « Mandat de prélèvement SEPA » (`assure/mandats`, docs/product/member-api.md#sepa-mandate):
//! a mandate for a new account to take contributions from, signed by a one-time code sent to
//! the member's address on file.

use actix_web::{HttpResponse, web};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::mandat_sepa::{self, Compte, Signature};
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/mandats").get(lister).post(preparer))
        .service(web::resource("/assure/mandats/{rum}/signature").post(signer));
}

async fn lister(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let mutuelle = context.mutuelle.clone();
    let mandats = context
        .db
        .run(move |db| mandat_sepa::lister(db, &member.person_number, &mutuelle, Utc::now()))
        .await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({ "mandats": mandats })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NouveauMandat {
    titulaire: Option<String>,
    iban: Option<String>,
    bic: Option<String>,
}

async fn preparer(
    member: Member,
    body: web::Json<NouveauMandat>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let NouveauMandat { titulaire, iban, bic } = body.into_inner();
    let mutuelle = context.mutuelle.clone();
    // Six digits drawn evenly: 1 in 1 000 000 to guess, 5 tries.
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    let mandat = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let mandat = mandat_sepa::preparer(
                &tx,
                &member.person_number,
                Compte { titulaire, iban, bic },
                &code,
                &mutuelle,
                Utc::now(),
            )?;
            tx.commit()?;
            Ok(mandat)
        })
        .await?;
    Ok(HttpResponse::Created().json(mandat))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeSaisi {
    code: String,
}

async fn signer(
    member: Member,
    rum: web::Path<String>,
    body: web::Json<CodeSaisi>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let rum = rum.into_inner();
    let code = body.into_inner().code;
    let mutuelle = context.mutuelle.clone();
    let signature = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let signature = mandat_sepa::signer(&tx, &member, &rum, &code, &mutuelle, Utc::now())?;
            // A wrong code is counted: kept with the refusal.
            tx.commit()?;
            Ok(signature)
        })
        .await?;
    match signature {
        Signature::Signe(mandat) => Ok(HttpResponse::Ok().json(mandat)),
        Signature::CodeFaux { restants } => Err(ApiFailure::unprocessable(match restants {
            0 => "Ce code n’est pas le bon. Recommencez pour recevoir un nouveau code.".to_owned(),
            1 => "Ce code n’est pas le bon. Il vous reste 1 essai.".to_owned(),
            n => format!("Ce code n’est pas le bon. Il vous reste {n} essais."),
        })),
    }
}
