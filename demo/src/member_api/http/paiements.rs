//! « Payer en ligne » (`assure/paiements`, docs/product/member-api.md#paying-online): the order
//! a member pays by card, and the payment provider's notification that settles it
//! (`paiements/notification`, trusted for its signature: no member's token).

use actix_web::{HttpResponse, web};
use bytes::Bytes;
use chrono::Utc;
use serde::Deserialize;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::paiement_en_ligne::{self, Issue};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/paiements").post(commander))
        .service(web::resource("/assure/paiements/{commande}").get(lire))
        .service(web::resource("/paiements/notification").post(notification));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemandePaiement {
    numero_contrat: String,
}

async fn commander(
    member: Member,
    body: web::Json<DemandePaiement>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let DemandePaiement { numero_contrat } = body.into_inner();
    let (paiement, nouveau) = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let commande =
                paiement_en_ligne::commander(&tx, &member.person_number, &numero_contrat, Utc::now())?;
            tx.commit()?;
            Ok(commande)
        })
        .await?;
    Ok(if nouveau { HttpResponse::Created() } else { HttpResponse::Ok() }.json(paiement))
}

async fn lire(
    member: Member,
    commande: web::Path<String>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let commande = commande.into_inner();
    let paiement =
        context.db.run(move |db| paiement_en_ligne::lire(db, &member.person_number, &commande)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(paiement))
}

/// The provider's notification: recorded whatever becomes of it, then answered (200 for what
/// was taken into account, even again, so that the provider stops repeating it).
async fn notification(body: Bytes, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let Some(boutique) = context.boutique.clone() else {
        return Err(ApiFailure::missing("Aucun paiement en ligne n’est ouvert ici."));
    };
    let champs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
        .map_err(|_| ApiFailure::bad_request("La notification de paiement est incomplète."))?;
    let issue = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let issue = paiement_en_ligne::notifier(&tx, &boutique, &champs, Utc::now())?;
            tx.commit()?;
            Ok(issue)
        })
        .await?;
    match issue {
        Ok(Issue::Traitee | Issue::Doublon) => Ok(HttpResponse::Ok().content_type("text/plain").body("OK")),
        Ok(Issue::Rejouee) => Ok(HttpResponse::Ok().content_type("text/plain").body("Déjà traitée")),
        Err(refus) => Err(refus.into()),
    }
}
