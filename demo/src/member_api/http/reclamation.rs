//! Complaints (`document/creationReclamation`, TypeCode REC): the rules, and the limits ACPR
//! recommendation 2022-R-01 sets the mutual, are in `rules/reclamation.rs`.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use super::demandes::enregistrer;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::reclamation::{self, Saisie};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/creationReclamation").post(creer));
}

/// What the member writes. Who complains is the token's member; the dates are the mutual's.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreationReclamation {
    motif: String,
    objet: String,
    commentaire: String,
    numero_contrat: Option<String>,
    payment_id: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

async fn creer(
    member: Member,
    body: web::Json<CreationReclamation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationReclamation { motif, objet, commentaire, numero_contrat, payment_id, id_documents } =
        body.into_inner();
    let plainte =
        reclamation::plainte(Saisie { motif, objet, commentaire, numero_contrat, payment_id, id_documents })?;
    enregistrer(context, move |db| reclamation::enregistrer(db, &member, plainte)).await
}
