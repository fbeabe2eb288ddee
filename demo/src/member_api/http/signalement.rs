//! « Je ne reconnais pas ce soin » (`document/signalementSoin`, TypeCode SNR): the member
//! reports a line of one of their payments (`rules/signalement.rs`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use super::demandes::enregistrer;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::signalement::{self, Saisie};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/signalementSoin").post(signaler));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SignalementSoin {
    payment_id: String,
    #[serde(deserialize_with = "super::json::entier::un")]
    id_ligne: i64,
    motif: String,
    #[serde(default)]
    commentaire: Option<String>,
}

async fn signaler(
    member: Member,
    body: web::Json<SignalementSoin>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let SignalementSoin { payment_id, id_ligne, motif, commentaire } = body.into_inner();
    let rapport = signalement::rapport(Saisie { payment_id, id_ligne, motif, commentaire })?;
    enregistrer(context, move |db| signalement::enregistrer(db, &member, rapport)).await
}
