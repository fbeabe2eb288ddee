//! « Mes documents » (`GET assure/documents`, `PUT assure/documents/envois`,
//! docs/product/member-api.md#paperless): every document the mutual issued to the member, how
//! each was sent, and how each kind is to be sent from now on (`rules/envois.rs`).

use actix_web::{HttpResponse, web};
use serde_json::json;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::envois::{self, Envois};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::envois as store;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/documents").get(lire))
        .service(web::resource("/assure/documents/envois").put(choisir));
}

async fn lire(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let (choix, documents) = context
        .db
        .run(move |db| {
            Ok((envois::du_membre(db, &member.person_number)?, store::emis(db, &member.person_number)?))
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "envois": choix, "documents": documents })))
}

async fn choisir(
    member: Member,
    body: web::Json<Envois>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let choix = body.into_inner();
    let choisis = context.db.run(move |db| envois::choisir(db, &member.person_number, choix)).await?;
    Ok(HttpResponse::Ok().json(choisis))
}
