//! « Agir pour un proche » (`assure/delegations`, `assure/procurations`,
//! docs/product/member-api.md#acting-for-a-member): the delegations a member gives, lists and
//! withdraws, and the members a person may act for. What a delegate may then do is checked on
//! every call, where the member is read (`auth.rs`).

use actix_web::{HttpResponse, web};
use chrono::{NaiveDate, Utc};
use serde::Deserialize;
use serde_json::json;

use super::context::Context;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::delegations::{self, Acteur, Droit, Invitation};
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/delegations").get(lister).post(inviter))
        .service(web::resource("/assure/delegations/{id}/retrait").post(retirer))
        .service(web::resource("/assure/procurations").get(procurations));
}

async fn lister(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let vues =
        context.db.run(move |db| Ok(delegations::du_membre(db, &member.person_number, today())?)).await?;
    Ok(HttpResponse::Ok().json(json!({ "delegations": vues })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NouvelleDelegation {
    courriel: Option<String>,
    droits: Vec<Droit>,
    fin: NaiveDate,
}

async fn inviter(
    member: Member,
    body: web::Json<NouvelleDelegation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let NouvelleDelegation { courriel, droits, fin } = body.into_inner();
    // The contract's bounds on the list: one right at least, each once, four at most.
    let distincts = droits.iter().enumerate().all(|(i, droit)| !droits[..i].contains(droit));
    if droits.is_empty() || droits.len() > 4 || !distincts {
        return Err(ApiFailure::bad_request("Choisissez au moins un droit, chacun une seule fois."));
    }
    let vue = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let (at, aujourdhui) = (Utc::now(), today());
            let invitation = Invitation { courriel: courriel.as_deref(), droits: &droits, fin };
            let id = delegations::inviter(&tx, &member.person_number, &invitation, at, aujourdhui)?;
            let vue = delegations::une(&tx, &member.person_number, id, aujourdhui)?;
            tx.commit()?;
            Ok(vue)
        })
        .await?;
    Ok(HttpResponse::Created().json(vue))
}

async fn retirer(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let vue = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let aujourdhui = today();
            delegations::retirer(&tx, &member.person_number, id, false, Utc::now(), aujourdhui)?;
            let vue = delegations::une(&tx, &member.person_number, id, aujourdhui)?;
            tx.commit()?;
            Ok(vue)
        })
        .await?;
    Ok(HttpResponse::Ok().json(vue))
}

async fn procurations(acteur: Acteur, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let procurations = context.db.run(move |db| Ok(delegations::procurations(db, &acteur, today())?)).await?;
    Ok(HttpResponse::Ok().json(json!({ "procurations": procurations })))
}
