//! « Mes garanties et mes services »: what is left of each allowance (`GET assure/plafonds`),
//! per beneficiary covered today, by the estimate's own rules.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use super::context::Context;
use super::estimation::{Plafond, Renouvellement};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::estimation;
use crate::member_api::rules::estimation::calcul::PlafondDeGarantie;
use crate::member_api::rules::estimation::soins::Soin;
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/plafonds").get(plafonds));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlafondsBeneficiaire {
    id_beneficiaire: i64,
    prenom: String,
    nom: String,
    garanties: Vec<Garantie>,
}

#[derive(Serialize)]
struct Garantie {
    categorie: &'static str,
    libelle: &'static str,
    regle: String,
    soin: Option<Soin>,
    plafond: Plafond,
    renouvellement: Option<Renouvellement>,
}

impl From<PlafondDeGarantie> for Garantie {
    fn from(garantie: PlafondDeGarantie) -> Self {
        Self {
            categorie: garantie.categorie,
            libelle: garantie.libelle,
            regle: garantie.regle,
            soin: garantie.soin,
            plafond: garantie.plafond.into(),
            renouvellement: garantie.renouvellement.map(Renouvellement::from),
        }
    }
}

async fn plafonds(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let plafonds = context
        .db
        .run(move |db| estimation::plafonds::du_membre(db, &member.person_number, today()))
        .await?
        .into_iter()
        .map(|(personne, garanties)| PlafondsBeneficiaire {
            id_beneficiaire: personne.id,
            prenom: personne.prenom,
            nom: personne.nom,
            garanties: garanties.into_iter().map(Garantie::from).collect(),
        })
        .collect::<Vec<_>>();
    Ok(HttpResponse::Ok().json(plafonds))
}
