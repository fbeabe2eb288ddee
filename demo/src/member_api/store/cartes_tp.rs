//! The tiers-payant cards (`cartes_tp`) and the care domains each opens (`carte_tp_domaines`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::beneficiaires::Beneficiaire;
use crate::member_api::clock::today;

/// The card valid on `jour`, else the next one.
pub fn a_montrer(db: &Connection, numero_personne: &str, jour: NaiveDate) -> rusqlite::Result<Option<i64>> {
    db.query_row(
        "SELECT id FROM cartes_tp WHERE numero_personne = ?1 AND date_fin >= ?2
         ORDER BY date_debut LIMIT 1",
        params![numero_personne, jour],
        |row| row.get(0),
    )
    .optional()
}

/// Whether the member has a card valid on `jour`, and one for a period that has not begun.
pub fn en_cours_et_suivante(
    db: &Connection,
    numero_personne: &str,
    jour: NaiveDate,
) -> rusqlite::Result<(bool, bool)> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut <= ?2 AND date_fin >= ?2),
                EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut > ?2)",
        params![numero_personne, jour],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
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
    pub fn read(db: &Connection, id: i64, mutuelle: &str) -> rusqlite::Result<Self> {
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
    Ok(Beneficiaire::all(db, person_number)?
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

/// The member the card `id` is for; `None` when there is no such card.
pub fn titulaire(db: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT numero_personne FROM cartes_tp WHERE id = ?1", [id], |row| row.get(0)).optional()
}

/// A card to write.
pub struct NouvelleCarte<'a> {
    pub numero_personne: &'a str,
    pub numero_amc: &'a str,
    pub type_convention: &'a str,
    pub critere_aiguillage: &'a str,
    pub numero_adherent: &'a str,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
}

/// Writes the card; its id.
pub fn inserer(db: &Connection, carte: &NouvelleCarte<'_>) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO cartes_tp (numero_personne, numero_amc, type_convention, critere_aiguillage,
            numero_adherent, date_debut, date_fin)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            carte.numero_personne,
            carte.numero_amc,
            carte.type_convention,
            carte.critere_aiguillage,
            carte.numero_adherent,
            carte.date_debut,
            carte.date_fin
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// A care domain the card opens to tiers payant (code, label, rate), in its place.
pub fn ajouter_domaine(
    db: &Connection,
    carte: i64,
    (code, libelle, taux): (&str, &str, &str),
    ordre: i64,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO carte_tp_domaines (carte_id, code, libelle, taux, ordre) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![carte, code, libelle, taux, ordre],
    )?;
    Ok(())
}

/// Whether the member had a card valid on `date`.
pub fn valide_le(db: &Connection, numero_personne: &str, date: NaiveDate) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut <= ?2 AND date_fin >= ?2)",
        params![numero_personne, date],
        |row| row.get(0),
    )
}
