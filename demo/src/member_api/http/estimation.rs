//! « Estimer mon remboursement » (`POST assure/estimation`): what a quote will cost the member,
//! computed by the mutual from the guarantees of the contract that covers the beneficiary today
//! and what the beneficiary was already paid. The rules are in [`calcul`], the care in [`soins`];
//! what is left of each ceiling (`GET assure/plafonds`) is [`plafonds`], by the same rules.
//!
//! [`calcul`]: crate::member_api::rules::estimation::calcul
//! [`soins`]: crate::member_api::rules::estimation::soins
//! [`plafonds`]: super::plafonds

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::context::Context;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression::date;
use crate::member_api::rules::estimation::calcul::{PlafondUtilise, RenouvellementVu};
use crate::member_api::rules::estimation::devis;
use crate::member_api::rules::estimation::soins::Soin;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::beneficiaires::Personne;
use crate::member_api::store::montant::Euros;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/estimation").post(estimer));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemandeEstimation {
    #[serde(deserialize_with = "super::json::entier::un")]
    id_beneficiaire: i64,
    soin: Soin,
    cent_pour_cent_sante: bool,
    prix: f64,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    quantite: Option<i64>,
    base_secu: Option<f64>,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    taux_secu: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Estimation {
    beneficiaire: Personne,
    soin: Soin,
    libelle_soin: &'static str,
    cent_pour_cent_sante: bool,
    prix: Euros,
    quantite: i64,
    base_secu: Euros,
    taux_secu: i64,
    montant_secu: Euros,
    montant_mutuelle: Euros,
    reste_a_charge: Euros,
    garantie: Option<GarantieAppliquee>,
    plafond: Option<Plafond>,
    renouvellement: Option<Renouvellement>,
    regles: Vec<String>,
    mention: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GarantieAppliquee {
    libelle: &'static str,
    regle: String,
    numero_contrat: String,
    libelle_produit: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Plafond {
    montant: Euros,
    periodicite: &'static str,
    depuis: NaiveDate,
    deja_utilise: Euros,
    disponible: Euros,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Renouvellement {
    annees: u32,
    dernier_equipement: Option<NaiveDate>,
    possible_le: Option<NaiveDate>,
}

impl From<PlafondUtilise> for Plafond {
    fn from(plafond: PlafondUtilise) -> Self {
        Self {
            montant: Euros(plafond.montant),
            periodicite: plafond.periodicite,
            depuis: plafond.depuis,
            deja_utilise: Euros(plafond.deja_utilise),
            disponible: Euros(plafond.disponible),
        }
    }
}

impl From<RenouvellementVu> for Renouvellement {
    fn from(vu: RenouvellementVu) -> Self {
        Self { annees: vu.annees, dernier_equipement: vu.dernier_equipement, possible_le: vu.possible_le }
    }
}

async fn estimer(
    member: Member,
    demande: web::Json<DemandeEstimation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let DemandeEstimation {
        id_beneficiaire,
        soin,
        cent_pour_cent_sante,
        prix,
        quantite,
        base_secu,
        taux_secu,
    } = demande.into_inner();
    let saisie = devis::Saisie { soin, cent_pour_cent_sante, prix, quantite, base_secu, taux_secu };
    let devis = devis::devis(&saisie)?;
    let estimation = context
        .db
        .run(move |db| {
            let aujourdhui = today();
            let (personne, calcul) = devis::estimer(db, &member, id_beneficiaire, &devis, aujourdhui)?;
            Ok(Estimation {
                beneficiaire: personne,
                soin: devis.soin,
                libelle_soin: calcul.libelle_soin,
                cent_pour_cent_sante: devis.cent_pour_cent_sante,
                prix: Euros(devis.prix),
                quantite: devis.quantite,
                base_secu: Euros(calcul.base),
                taux_secu: calcul.taux,
                montant_secu: Euros(calcul.secu),
                montant_mutuelle: Euros(calcul.mutuelle),
                reste_a_charge: Euros(calcul.reste),
                garantie: calcul.garantie.map(|garantie| GarantieAppliquee {
                    libelle: garantie.libelle,
                    regle: garantie.regle,
                    numero_contrat: garantie.numero_contrat,
                    libelle_produit: garantie.libelle_produit,
                }),
                plafond: calcul.plafond.map(Plafond::from),
                renouvellement: calcul.renouvellement.map(Renouvellement::from),
                regles: calcul.regles,
                mention: format!(
                    "Estimation indicative, établie le {} selon vos garanties et les tarifs de la Sécurité sociale : le remboursement dépendra de la facture et de votre situation au jour des soins.",
                    date(aujourdhui)
                ),
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(estimation))
}
