//! « Depuis votre dernière visite » (`GET assure/nouveautes`): what happened to the member
//! since their previous sign-in (the last one is the visit under way), newest first, with what
//! the home page shows of each: the payment, the request, the document.

use actix_web::{HttpResponse, web};

use super::context::Context;
use super::reponses::json;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::evenements::depuis_la_derniere_visite;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/nouveautes").get(nouveautes));
}

async fn nouveautes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    // What happened since the member's visit is the member's: a beneficiary's own space has
    // its own care to read instead.
    if member.seulement.is_some() {
        return Ok(HttpResponse::Ok().json(serde_json::json!({ "depuis": null, "evenements": [] })));
    }
    let key = format!("nouveautes {}", member.person_number);
    context
        .db
        .read_json(key, move |db| Ok(depuis_la_derniere_visite(db, &member.person_number)?))
        .await
        .map(json)
}
