//! Adding someone to the member's individual contract (`document/ajoutBeneficiaire`, TypeCode
//! ABE): the rules, checked by the mutual, are in `rules/ajout_beneficiaire.rs`.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::Deserialize;

use super::context::Context;
use super::demandes::enregistrer;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::ajout_beneficiaire::{self, Saisie};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::formulaires::{Civilite, Lien};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/ajoutBeneficiaire").post(creer));
}

/// What the member sends. Who asks is the token's member; the start date is the mutual's.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Ajout {
    lien: Lien,
    civilite: Civilite,
    prenom: String,
    nom: String,
    date_naissance: NaiveDate,
    numero_securite_sociale: Option<String>,
    commentaire: Option<String>,
    #[serde(deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

async fn creer(
    member: Member,
    body: web::Json<Ajout>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let Ajout {
        lien,
        civilite,
        prenom,
        nom,
        date_naissance,
        numero_securite_sociale,
        commentaire,
        id_documents,
    } = body.into_inner();
    let demande = ajout_beneficiaire::demande(Saisie {
        lien,
        civilite,
        prenom,
        nom,
        date_naissance,
        numero_securite_sociale,
        commentaire,
        id_documents,
    })?;
    enregistrer(context, move |db| ajout_beneficiaire::enregistrer(db, &member, demande)).await
}
