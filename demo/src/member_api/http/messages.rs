//! The conversation on a request, both ways: the member's reply (`demande/{id}/messages`),
//! what they have read of the mutual's messages (`demande/{id}/messages/lus`) and what they
//! have not (`demandes/nonLus`). The mutual writes from its back office.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use super::reponses::json;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::demandes::{self, Selection};
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::messages;
use crate::member_api::store;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/demandes/nonLus").get(non_lus))
        .service(web::resource("/demande/{id}/messages").post(repondre))
        .service(web::resource("/demande/{id}/messages/lus").post(marquer_lus));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NouveauMessage {
    texte: String,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

/// The member's reply. It reopens a done request, since the mutual now has something to
/// read, and sends the member no alert: they know what they wrote.
async fn repondre(
    member: Member,
    id: web::Path<i64>,
    body: web::Json<NouveauMessage>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let NouveauMessage { texte, id_documents } = body.into_inner();
    let (texte, id_documents) = messages::message(texte, id_documents)?;
    let message =
        context.db.run(move |db| messages::repondre(db, &member, id, &texte, &id_documents)).await?;
    Ok(HttpResponse::Created().json(message))
}

/// The member has read the mutual's messages on the request; each keeps when it was first read.
async fn marquer_lus(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    context.db.run(move |db| messages::marquer_lus(db, &member, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The mutual's messages the member has not read: the sidebar's and the home page's count.
async fn non_lus(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("demandes/nonLus {}", member.vue());
    context
        .db
        .read_json(key, move |db| {
            let mut non_lus = store::messages::non_lus(db, &member.person_number)?;
            if member.seulement.is_some() {
                let siennes: Vec<i64> = demandes::liste(db, &member.person_number, Selection::Toutes)?
                    .into_iter()
                    .filter(|demande| member.voit_demande(demande))
                    .map(|demande| demande.id)
                    .collect();
                non_lus.demandes.retain(|demande| siennes.contains(&demande.id));
                non_lus.total = non_lus.demandes.iter().map(|demande| demande.non_lus).sum();
            }
            Ok::<_, ApiFailure>(non_lus)
        })
        .await
        .map(json)
}
