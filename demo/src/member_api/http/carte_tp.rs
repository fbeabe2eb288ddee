//! Tiers-payant cards: the cards valid today and for the next period (`assure/carte-tp`), and
//! one card as a PDF to show a professional (`assure/carte-tp-detail/{id}`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::context::Context;
use super::reponses::{fichier, json};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf;
use crate::member_api::pdf::impression;
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/carte-tp").get(cartes))
        .service(web::resource("/assure/carte-tp-detail/{id}").get(carte_pdf));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CarteTp {
    pub id: i64,
    /// EN_COURS (valid today) or SUIVANTE (not begun yet).
    pub periode: &'static str,
    /// The supplementary insurer (AMC) professionals bill.
    pub numero_amc: String,
    pub libelle_amc: String,
    pub type_convention: String,
    /// Routes the professional's bill to the right third-party payment operator.
    pub critere_aiguillage: String,
    pub numero_adherent: String,
    pub date_debut_validite: NaiveDate,
    pub date_fin_validite: NaiveDate,
    pub beneficiaires: Vec<PorteurCarte>,
    pub domaines: Vec<Domaine>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PorteurCarte {
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: String,
    pub rang_naissance: i64,
}

/// A care domain and what the mutual pays there directly ("100 %", or "PEC" when the
/// professional asks for a prior agreement).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Domaine {
    pub code: String,
    pub libelle: String,
    pub taux: String,
}

const CARTE_COLUMNS: &str = "id, numero_amc, type_convention, critere_aiguillage, numero_adherent, date_debut, date_fin, numero_personne";

impl CarteTp {
    /// The member's cards that are still of use: today's and the next period's.
    fn read(db: &Connection, id: i64, mutuelle: &str) -> rusqlite::Result<Self> {
        db.query_row(&format!("SELECT {CARTE_COLUMNS} FROM cartes_tp WHERE id = ?1"), [id], |row| {
            Self::from_row(db, row, mutuelle)
        })
    }

    pub fn valides(db: &Connection, person_number: &str, mutuelle: &str) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare(&format!(
            "SELECT {CARTE_COLUMNS} FROM cartes_tp WHERE numero_personne = ?1 AND date_fin >= ?2 ORDER BY date_debut"
        ))?;
        let rows =
            statement.query_map(params![person_number, today()], |row| Self::from_row(db, row, mutuelle))?;
        rows.collect()
    }

    /// What the card's 2D code carries, the same text as the card on screen draws (the front
    /// end's `carteTpCode`): the fields a professional keys in to bill the mutual, one
    /// `NAME:value` per line, dates as YYYYMMDD.
    fn code(&self) -> String {
        let compact = |date: NaiveDate| date.format("%Y%m%d");
        format!(
            "AMC:{}\nCONV:{}\nAIG:{}\nADH:{}\nVAL:{}-{}",
            self.numero_amc,
            self.type_convention,
            self.critere_aiguillage,
            self.numero_adherent,
            compact(self.date_debut_validite),
            compact(self.date_fin_validite)
        )
    }

    fn from_row(db: &Connection, row: &Row, mutuelle: &str) -> rusqlite::Result<Self> {
        let id: i64 = row.get(0)?;
        let date_debut: NaiveDate = row.get(5)?;
        let person_number: String = row.get(7)?;
        Ok(Self {
            id,
            periode: if date_debut > today() { "SUIVANTE" } else { "EN_COURS" },
            numero_amc: row.get(1)?,
            libelle_amc: mutuelle.to_owned(),
            type_convention: row.get(2)?,
            critere_aiguillage: row.get(3)?,
            numero_adherent: row.get(4)?,
            date_debut_validite: date_debut,
            date_fin_validite: row.get(6)?,
            beneficiaires: porteurs(db, &person_number)?,
            domaines: domaines(db, id)?,
        })
    }
}

fn porteurs(db: &Connection, person_number: &str) -> rusqlite::Result<Vec<PorteurCarte>> {
    Ok(crate::member_api::store::beneficiaires::Beneficiaire::all(db, person_number)?
        .into_iter()
        .map(|beneficiaire| PorteurCarte {
            prenom: beneficiaire.prenom,
            nom: beneficiaire.nom,
            date_naissance: beneficiaire.date_naissance,
            numero_securite_sociale: beneficiaire.numero_securite_sociale,
            rang_naissance: beneficiaire.rang_naissance,
        })
        .collect())
}

fn domaines(db: &Connection, carte: i64) -> rusqlite::Result<Vec<Domaine>> {
    let mut statement = db.prepare_cached(
        "SELECT code, libelle, taux FROM carte_tp_domaines WHERE carte_id = ?1 ORDER BY ordre",
    )?;
    let rows = statement.query_map([carte], |row| {
        Ok(Domaine { code: row.get(0)?, libelle: row.get(1)?, taux: row.get(2)? })
    })?;
    rows.collect()
}

async fn cartes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let mutuelle = context.mutuelle.clone();
    // The cards in force are those of today.
    let key = format!("cartes {} {}", member.person_number, today());
    context
        .db
        .read_json(key, move |db| Ok(CarteTp::valides(db, &member.person_number, &mutuelle)?))
        .await
        .map(json)
}

/// One card as a PDF (where `smartCarteUrl` points).
async fn carte_pdf(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let mutuelle = context.mutuelle.clone();
    let carte = context
        .db
        .run(move |db| {
            let owner = db
                .query_row("SELECT numero_personne FROM cartes_tp WHERE id = ?1", [id], |row| row.get(0))
                .optional()?;
            member.check_owner(owner)?;
            let adherent: String = db.query_row(
                "SELECT civilite || ' ' || prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
                [&member.person_number],
                |row| row.get(0),
            )?;
            let carte = CarteTp::read(db, id, &mutuelle)?;
            let code = carte.code();
            Ok(pdf::carte_tp::CarteTp {
                mutuelle: carte.libelle_amc,
                adherent,
                numero_adherent: carte.numero_adherent,
                numero_amc: carte.numero_amc,
                type_convention: carte.type_convention,
                critere_aiguillage: carte.critere_aiguillage,
                debut_validite: impression::date(carte.date_debut_validite),
                fin_validite: impression::date(carte.date_fin_validite),
                code,
                beneficiaires: carte
                    .beneficiaires
                    .into_iter()
                    .map(|porteur| pdf::carte_tp::BeneficiaireCarte {
                        nom: format!("{} {}", porteur.prenom, porteur.nom),
                        date_naissance: impression::date(porteur.date_naissance),
                        rang: u8::try_from(porteur.rang_naissance).unwrap_or(u8::MAX),
                    })
                    .collect(),
                domaines: carte
                    .domaines
                    .into_iter()
                    .map(|domaine| pdf::carte_tp::DomaineSoins {
                        code: domaine.code,
                        libelle: domaine.libelle,
                        taux: domaine.taux,
                    })
                    .collect(),
            })
        })
        .await?;
    let nom = format!("carte-tiers-payant-{}.pdf", &carte.fin_validite[6..]);
    let contenu = web::block(move || pdf::carte_tp::carte_tp(&carte))
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?;
    Ok(fichier("application/pdf", &nom, contenu))
}
