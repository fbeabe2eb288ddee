//! `POST compte/auth`: the sign-in call. The portal sends the person number it read in the
//! token, and the device the member signs in with; the answer is the `User`
//! (docs/product/entities.md#the-signed-in-member) with the flags the home page reads, derived
//! from the member's contracts and cards as they stand today. The sign-in is recorded (`rules/connexions.rs`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::connexions::{self, Appareil};
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::situation::Situation;
use crate::member_api::store::adherents::Utilisateur;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/compte/auth").post(sign_in));
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
struct SignIn {
    login: String,
    #[serde(rename = "Type")]
    type_connexion: String,
    /// Absent: the sign-in is recorded without a device, and no device is checked.
    #[serde(rename = "appareil", default, deserialize_with = "super::json::present")]
    appareil: Option<Appareil>,
}

#[derive(Serialize)]
struct SignedIn {
    #[serde(rename = "User")]
    user: User,
    #[serde(rename = "VersionNum")]
    version_num: &'static str,
    #[serde(rename = "smartCarteUrl")]
    smart_carte_url: Option<String>,
}

#[derive(Serialize)]
struct User {
    #[serde(rename = "numeroPersonne")]
    numero_personne: String,
    #[serde(rename = "Civilite")]
    civilite: String,
    #[serde(rename = "Prenom")]
    prenom: String,
    #[serde(rename = "Nom")]
    nom: String,
    email: String,
    #[serde(rename = "dateNaissance")]
    date_naissance: NaiveDate,
    courtier: Option<String>,
    #[serde(flatten)]
    situation: Situation,
}

async fn sign_in(
    member: Member,
    body: web::Json<SignIn>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    connexions::verifier_connexion(&body.type_connexion, &body.login, &member)?;
    let appareil = body.into_inner().appareil.map(Appareil::verifie).transpose()?;
    let (utilisateur, situation, carte) =
        context.db.run(move |db| connexions::connexion(db, &member, appareil.as_ref())).await?;
    let Utilisateur { numero_personne, civilite, prenom, nom, email, date_naissance, courtier } = utilisateur;
    let user = User { numero_personne, civilite, prenom, nom, email, date_naissance, courtier, situation };
    let smart_carte_url = carte.map(|id| {
        context.portal_api.join(&format!("assure/carte-tp-detail/{id}")).expect("relative path").to_string()
    });
    Ok(HttpResponse::Ok().json(SignedIn { user, version_num: env!("CARGO_PKG_VERSION"), smart_carte_url }))
}
