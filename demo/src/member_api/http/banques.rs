//! Bank details: the member's accounts (`assure/banques`), each beneficiary's account for
//! reimbursements (`assure/beneficiairesInfosBancaires`) and their change
//! (`POST assure/beneficiaire/banque`), which always sends the member a security email. IBANs
//! always leave masked.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::coordonnees_bancaires::{self, CompteSaisi};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::comptes_bancaires::{self, CompteBancaire};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/banques").get(banques))
        .service(web::resource("/assure/beneficiairesInfosBancaires").get(par_beneficiaire))
        .service(web::resource("/assure/beneficiaire/banque").post(enregistrer));
}

async fn banques(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let comptes =
        context.db.run(move |db| Ok(comptes_bancaires::du_membre(db, &member.person_number)?)).await?;
    Ok(HttpResponse::Ok().json(comptes))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InfosBancairesBeneficiaire {
    id_beneficiaire: i64,
    prenom: String,
    nom: String,
    lien: String,
    /// The account reimbursements for this person are paid to; `null` when they go to the
    /// member's own account.
    coordonnees_bancaires: Option<CompteBancaire>,
}

async fn par_beneficiaire(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let infos = context
        .db
        .run(move |db| {
            let beneficiaires =
                crate::member_api::store::beneficiaires::Beneficiaire::all(db, &member.person_number)?;
            beneficiaires
                .into_iter()
                .map(|beneficiaire| {
                    Ok(InfosBancairesBeneficiaire {
                        coordonnees_bancaires: comptes_bancaires::de(db, beneficiaire.id, "PRESTATIONS")?,
                        id_beneficiaire: beneficiaire.id,
                        prenom: beneficiaire.prenom,
                        nom: beneficiaire.nom,
                        lien: beneficiaire.lien,
                    })
                })
                .collect::<Result<Vec<_>, ApiFailure>>()
        })
        .await?;
    Ok(HttpResponse::Ok().json(infos))
}

/// New bank details for one beneficiary (the member when `idBeneficiaire` is absent).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NouveauCompte {
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    id_beneficiaire: Option<i64>,
    #[serde(default = "prestations")]
    usage: String,
    titulaire: Option<String>,
    iban: Option<String>,
    bic: Option<String>,
    domiciliation: Option<String>,
}

fn prestations() -> String {
    "PRESTATIONS".to_owned()
}

async fn enregistrer(
    member: Member,
    body: web::Json<NouveauCompte>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let NouveauCompte { id_beneficiaire, usage, titulaire, iban, bic, domiciliation } = body.into_inner();
    let compte = coordonnees_bancaires::verifier(CompteSaisi {
        id_beneficiaire,
        usage,
        titulaire,
        iban,
        bic,
        domiciliation,
    })?;
    let compte = context
        .db
        .run(move |db| coordonnees_bancaires::enregistrer(db, &member.person_number, compte))
        .await?;
    Ok(HttpResponse::Ok().json(compte))
}
