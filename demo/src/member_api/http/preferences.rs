//! « Mes préférences » (`GET`/`PUT assure/preferences`): which email alerts the member wants,
//! « zéro papier », and where the alerts go. A member who never chose has every alert on,
//! paper documents and the contact email: the table holds a row only once they choose. A change
//! of the alerts' address is told to the address it replaces (`rules/preferences.rs`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::{self, validation};
use crate::member_api::store::preferences::{self, Alertes};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/preferences").get(lire).put(changer));
}

async fn lire(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let preferences =
        context.db.run(move |db| Ok(preferences::Preferences::de(db, &member.person_number)?)).await?;
    Ok(HttpResponse::Ok().json(preferences))
}

/// What « Mes préférences » sends: every choice at once. The contact email is not among them.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NouvellesPreferences {
    alertes: Alertes,
    zero_papier: bool,
    #[serde(default)]
    email_alertes: Option<String>,
}

async fn changer(
    member: Member,
    body: web::Json<NouvellesPreferences>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let NouvellesPreferences { alertes, zero_papier, email_alertes } = body.into_inner();
    let email_alertes = validation::email_des_alertes(email_alertes.as_deref())?;
    let preferences = context
        .db
        .run(move |db| {
            rules::preferences::enregistrer(
                db,
                &member.person_number,
                &alertes,
                zero_papier,
                email_alertes.as_deref(),
                member.signed_in_at,
                chrono::Utc::now(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(preferences))
}
