//! Reimbursements. A payment (`paymentId`) is what was paid on one day for one beneficiary to
//! one payee; its lines are the acts of care. Field names the home page reads keep the upstream
//! spelling (`paymentDate`, `labelExternalCode`, `expenseAmount`…,
//! docs/product/entities.md#a-payment-and-its-lines), the rest is French.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::reponses::json;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::{confidentialite, validation};
use crate::member_api::store::paiements;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/prestations").get(prestations))
        .service(web::resource("/assure/prestations-pro").get(prestations_pro))
        .service(web::resource("/assure/prestationsClaims").get(prestations_claims))
        .service(web::resource("/assure/prestations-recentes").get(recentes))
        .service(web::resource("/assure/prestation/{paymentId}").get(prestation));
}

/// How many payment days the home page's "Vos derniers remboursements" covers.
const JOURS_RECENTS: i64 = 5;

/// Filters of the reimbursement lists: a period of payment (one day for
/// /mutuelle/remboursements/{date}) and a beneficiary.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Filtre {
    date_debut: Option<NaiveDate>,
    date_fin: Option<NaiveDate>,
    id_beneficiaire: Option<i64>,
}

async fn liste(
    member: Member,
    filtre: Filtre,
    context: web::Data<Context>,
    professionnels_seulement: bool,
) -> Result<HttpResponse, ApiFailure> {
    validation::periode(filtre.date_debut, filtre.date_fin)?;
    let key = format!("prestations {} {professionnels_seulement} {filtre:?}", member.vue());
    context
        .db
        .read_json(key, move |db| {
            let Filtre { date_debut, date_fin, id_beneficiaire } = filtre;
            // A beneficiary's own space reads their payments only, as they are.
            if let Some(seulement) = member.seulement {
                if id_beneficiaire.is_some_and(|id| id != seulement) {
                    return Ok(Vec::new());
                }
                let id_beneficiaire = Some(seulement);
                let filtre =
                    paiements::Filtre { date_debut, date_fin, id_beneficiaire, professionnels_seulement };
                return Ok(paiements::detailles(db, &member.person_number, &filtre)?);
            }
            let filtre =
                paiements::Filtre { date_debut, date_fin, id_beneficiaire, professionnels_seulement };
            let paiements = paiements::detailles(db, &member.person_number, &filtre)?;
            confidentialite::paiements(db, &member.person_number, paiements)
        })
        .await
        .map(json)
}

/// Every payment with its lines, newest first.
async fn prestations(
    member: Member,
    filtre: web::Query<Filtre>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    liste(member, filtre.into_inner(), context, false).await
}

/// The payments made to health professionals under tiers payant.
async fn prestations_pro(
    member: Member,
    filtre: web::Query<Filtre>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    liste(member, filtre.into_inner(), context, true).await
}

/// The payments of the last few payment days, without their lines.
async fn recentes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("prestations-recentes {}", member.vue());
    context
        .db
        .read_json(key, move |db| {
            let mut recents = paiements::recents(db, &member.person_number, JOURS_RECENTS)?;
            recents.retain(|paiement| member.voit(paiement.beneficiaire_id));
            Ok::<_, ApiFailure>(recents)
        })
        .await
        .map(json)
}

#[derive(Serialize)]
struct Detail {
    data: Vec<paiements::Ligne>,
}

/// One payment's lines, in `data`.
async fn prestation(
    member: Member,
    payment_id: web::Path<String>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let payment_id = payment_id.into_inner();
    let key = format!("prestation {} {payment_id}", member.vue());
    context
        .db
        .read_json(key, move |db| {
            let owner = paiements::titulaire(db, &payment_id)?;
            member.check_owner(owner)?;
            let lignes = paiements::lignes(db, &payment_id)?;
            let (beneficiaire, jour) = paiements::beneficiaire_et_jour(db, &payment_id)?
                .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("a payment just read is gone")))?;
            if !member.voit(beneficiaire) {
                return Err(ApiFailure::forbidden());
            }
            let data = if member.seulement.is_some() {
                lignes
            } else {
                confidentialite::lignes(db, &member.person_number, beneficiaire, jour, lignes)?
            };
            Ok(Detail { data })
        })
        .await
        .map(json)
}

async fn prestations_claims(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let claims = context
        .db
        .run(move |db| {
            let mut claims = paiements::lignes_a_plat(db, &member.person_number)?;
            if member.seulement.is_some() {
                claims.retain(|claim| member.voit(claim.beneficiaire_id));
                return Ok(claims);
            }
            confidentialite::claims(db, &member.person_number, claims)
        })
        .await?;
    Ok(HttpResponse::Ok().json(claims))
}
