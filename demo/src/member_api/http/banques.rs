//! Bank details: the member's accounts (`assure/banques`), each beneficiary's account for
//! reimbursements (`assure/beneficiairesInfosBancaires`) and their change
//! (`POST assure/beneficiaire/banque`), which always sends the member a security email. IBANs
//! always leave masked.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use iban::{Iban, IbanLike};
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

use super::context::Context;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::validation;
use crate::member_api::store::comptes_bancaires::masquer_iban;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/banques").get(banques))
        .service(web::resource("/assure/beneficiairesInfosBancaires").get(par_beneficiaire))
        .service(web::resource("/assure/beneficiaire/banque").post(enregistrer));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CompteBancaire {
    id: i64,
    /// PRESTATIONS (reimbursements are paid to it) or COTISATIONS (contributions are taken from it).
    usage: String,
    titulaire: String,
    iban_masque: String,
    bic: String,
    domiciliation: Option<String>,
    date_mise_a_jour: NaiveDate,
}

const COMPTE_COLUMNS: &str = "c.id, c.usage, c.titulaire, c.iban, c.bic, c.domiciliation, c.date_mise_a_jour";

impl CompteBancaire {
    fn from_row(row: &Row) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            usage: row.get(1)?,
            titulaire: row.get(2)?,
            iban_masque: masquer_iban(&row.get::<_, String>(3)?),
            bic: row.get(4)?,
            domiciliation: row.get(5)?,
            date_mise_a_jour: row.get(6)?,
        })
    }
}

async fn banques(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let comptes = context
        .db
        .run(move |db| {
            let mut statement = db.prepare(&format!(
                "SELECT {COMPTE_COLUMNS} FROM comptes_bancaires c
                 JOIN beneficiaires b ON b.id = c.beneficiaire_id
                 WHERE b.numero_personne = ?1 AND b.lien = 'ASSURE_PRINCIPAL' ORDER BY c.usage DESC"
            ))?;
            let comptes = statement.query_map([&member.person_number], CompteBancaire::from_row)?;
            Ok(comptes.collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await?;
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
                        coordonnees_bancaires: compte_prestations(db, beneficiaire.id)?,
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

fn compte_prestations(db: &Connection, beneficiaire: i64) -> rusqlite::Result<Option<CompteBancaire>> {
    db.query_row(
        &format!(
            "SELECT {COMPTE_COLUMNS} FROM comptes_bancaires c WHERE c.beneficiaire_id = ?1 AND c.usage = 'PRESTATIONS'"
        ),
        [beneficiaire],
        CompteBancaire::from_row,
    )
    .optional()
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
    let saisie = body.into_inner();
    if !matches!(saisie.usage.as_str(), "PRESTATIONS" | "COTISATIONS") {
        return Err(ApiFailure::bad_request("L’usage du compte doit être PRESTATIONS ou COTISATIONS."));
    }
    let titulaire = validation::texte_requis(saisie.titulaire.as_deref(), "Le titulaire du compte", 70)?;
    let iban: Iban = validation::iban(saisie.iban.as_deref().unwrap_or_default())?;
    let bic = validation::bic(saisie.bic.as_deref().unwrap_or_default(), &iban)?;
    let domiciliation =
        validation::texte_facultatif(saisie.domiciliation.as_deref(), "La domiciliation", 70)?;
    let iban = iban.electronic_str().to_owned();
    let compte = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let beneficiaire: Option<(i64, String, String)> = match saisie.id_beneficiaire {
                Some(id) => tx
                    .query_row("SELECT id, numero_personne, lien FROM beneficiaires WHERE id = ?1", [id], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                    })
                    .optional()?,
                None => tx
                    .query_row(
                        "SELECT id, numero_personne, lien FROM beneficiaires
                         WHERE numero_personne = ?1 AND lien = 'ASSURE_PRINCIPAL'",
                        [&member.person_number],
                        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
                    )
                    .optional()?,
            };
            let Some((beneficiaire, owner, lien)) = beneficiaire else {
                return Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas sur vos contrats."));
            };
            if owner != member.person_number {
                return Err(ApiFailure::forbidden());
            }
            if saisie.usage == "COTISATIONS" && lien != "ASSURE_PRINCIPAL" {
                return Err(ApiFailure::unprocessable("Les cotisations sont prélevées sur le compte de l’assuré principal."));
            }
            tx.execute(
                "INSERT INTO comptes_bancaires (beneficiaire_id, usage, titulaire, iban, bic, domiciliation, date_mise_a_jour)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (beneficiaire_id, usage) DO UPDATE SET titulaire = excluded.titulaire,
                    iban = excluded.iban, bic = excluded.bic, domiciliation = excluded.domiciliation,
                    date_mise_a_jour = excluded.date_mise_a_jour",
                params![beneficiaire, saisie.usage, titulaire, iban, bic, domiciliation, today()],
            )?;
            let compte = tx.query_row(
                &format!(
                    "SELECT {COMPTE_COLUMNS} FROM comptes_bancaires c WHERE c.beneficiaire_id = ?1 AND c.usage = ?2"
                ),
                params![beneficiaire, saisie.usage],
                CompteBancaire::from_row,
            )?;
            // Whoever changed them, the member hears of it, whatever their preferences.
            let avis = Courriel { nature: Nature::CoordonneesBancaires, lien: INFORMATIONS_PERSONNELLES, appareil: None };
            courriels::mettre_en_file(&tx, &member.person_number, &avis, chrono::Utc::now())?;
            tx.commit()?;
            Ok(compte)
        })
        .await?;
    Ok(HttpResponse::Ok().json(compte))
}
