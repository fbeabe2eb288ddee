//! Who may act for a member (`delegations`) and what was done under each delegation
//! (`actions_deleguees`).

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::horodatage::horodatage;

/// A delegation as the table keeps it.
#[derive(Debug, Clone)]
pub struct Delegation {
    pub id: i64,
    pub numero_personne: String,
    pub nature: String,
    pub courriel: String,
    /// The rights' codes, as kept (comma-separated).
    pub droits: String,
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    pub retiree_le: Option<String>,
    pub sujet: Option<String>,
    pub nom: Option<String>,
    pub premier_usage: Option<String>,
    /// A beneficiary's own space: whose.
    pub beneficiaire_id: Option<i64>,
}

const COLONNES: &str = "id, numero_personne, nature, courriel, droits, debut, fin, retiree_le, sujet, nom, \
                        premier_usage, beneficiaire_id";

fn lire(row: &Row<'_>) -> rusqlite::Result<Delegation> {
    Ok(Delegation {
        id: row.get(0)?,
        numero_personne: row.get(1)?,
        nature: row.get(2)?,
        courriel: row.get(3)?,
        droits: row.get(4)?,
        debut: row.get(5)?,
        fin: row.get(6)?,
        retiree_le: row.get(7)?,
        sujet: row.get(8)?,
        nom: row.get(9)?,
        premier_usage: row.get(10)?,
        beneficiaire_id: row.get(11)?,
    })
}

/// A delegation to record.
pub struct NouvelleDelegation<'a> {
    pub numero_personne: &'a str,
    pub nature: &'a str,
    pub courriel: &'a str,
    pub droits: &'a str,
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    /// The court decision's file, for a guardianship: its name and content.
    pub jugement: Option<(&'a str, &'a [u8])>,
    /// For a beneficiary's own space: whose.
    pub beneficiaire_id: Option<i64>,
}

pub fn inserer(
    db: &Connection,
    nouvelle: &NouvelleDelegation<'_>,
    at: DateTime<Utc>,
) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO delegations (numero_personne, nature, courriel, droits, debut, fin, cree_le, jugement_nom,
             jugement_contenu, beneficiaire_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            nouvelle.numero_personne,
            nouvelle.nature,
            nouvelle.courriel,
            nouvelle.droits,
            nouvelle.debut,
            nouvelle.fin,
            horodatage(at),
            nouvelle.jugement.map(|(nom, _)| nom),
            nouvelle.jugement.map(|(_, contenu)| contenu),
            nouvelle.beneficiaire_id,
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// How many delegations the member gave (PROCHE) since `depuis`.
pub fn invitations_depuis(
    db: &Connection,
    numero_personne: &str,
    depuis: DateTime<Utc>,
) -> rusqlite::Result<i64> {
    db.query_row(
        "SELECT count(*) FROM delegations WHERE numero_personne = ?1 AND nature = 'PROCHE' AND cree_le >= ?2",
        params![numero_personne, horodatage(depuis)],
        |row| row.get(0),
    )
}

pub fn par_id(db: &Connection, id: i64) -> rusqlite::Result<Option<Delegation>> {
    db.query_row(&format!("SELECT {COLONNES} FROM delegations WHERE id = ?1"), [id], lire).optional()
}

/// The member's delegations not ended before `depuis`, newest first.
pub fn du_membre(
    db: &Connection,
    numero_personne: &str,
    depuis: NaiveDate,
) -> rusqlite::Result<Vec<Delegation>> {
    let mut statement = db.prepare_cached(&format!(
        "SELECT {COLONNES} FROM delegations WHERE numero_personne = ?1 AND fin >= ?2
             AND (retiree_le IS NULL OR retiree_le >= ?2)
         ORDER BY id DESC"
    ))?;
    let rows = statement.query_map(params![numero_personne, depuis], lire)?;
    rows.collect()
}

/// The delegations a person may hold: bound to their account `sujet`, or not bound yet and
/// given to their address `courriel` (in lower case). Withdrawn or ended ones included.
pub fn du_delegue(db: &Connection, sujet: &str, courriel: Option<&str>) -> rusqlite::Result<Vec<Delegation>> {
    let mut statement = db.prepare_cached(&format!(
        "SELECT {COLONNES} FROM delegations WHERE sujet = ?1 OR (sujet IS NULL AND courriel = ?2) ORDER BY id"
    ))?;
    let rows = statement.query_map(params![sujet, courriel], lire)?;
    rows.collect()
}

/// Binds the delegation to the account that first used it, at `at`; whether this call did
/// (a delegation already bound is left as it is).
pub fn lier(
    db: &Connection,
    id: i64,
    sujet: &str,
    nom: Option<&str>,
    at: DateTime<Utc>,
) -> rusqlite::Result<bool> {
    let changed = db.execute(
        "UPDATE delegations SET sujet = ?2, nom = ?3, premier_usage = ?4 WHERE id = ?1 AND sujet IS NULL",
        params![id, sujet, nom, horodatage(at)],
    )?;
    Ok(changed == 1)
}

/// Withdraws the delegation at `at`, unless it already was; whether this call did.
pub fn retirer(db: &Connection, id: i64, at: DateTime<Utc>) -> rusqlite::Result<bool> {
    let changed = db.execute(
        "UPDATE delegations SET retiree_le = ?2 WHERE id = ?1 AND retiree_le IS NULL",
        params![id, horodatage(at)],
    )?;
    Ok(changed == 1)
}

/// The delegations ended (by their date before `aujourdhui`, or withdrawn) whose member was
/// not told yet, each marked as told: `(id, member)`.
pub fn fins_a_annoncer(db: &Connection, aujourdhui: NaiveDate) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut statement = db.prepare_cached(
        "UPDATE delegations SET fin_annoncee = 1
         WHERE fin_annoncee = 0 AND (fin < ?1 OR retiree_le IS NOT NULL)
         RETURNING id, numero_personne",
    )?;
    let rows = statement.query_map([aujourdhui], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// How many things done under one delegation are kept: the member reads the latest.
const ACTIONS_GARDEES: i64 = 200;

/// Records what was done under the delegation, keeping the latest [`ACTIONS_GARDEES`].
pub fn noter_action(
    db: &Connection,
    delegation: i64,
    libelle: &str,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO actions_deleguees (delegation_id, fait_le, libelle) VALUES (?1, ?2, ?3)",
        params![delegation, horodatage(at), libelle],
    )?;
    db.execute(
        "DELETE FROM actions_deleguees WHERE delegation_id = ?1 AND id <= (
             SELECT id FROM actions_deleguees WHERE delegation_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)",
        params![delegation, ACTIONS_GARDEES],
    )?;
    Ok(())
}

/// The latest `combien` things done under the delegation, newest first: `(when, what)`.
pub fn actions(db: &Connection, delegation: i64, combien: i64) -> rusqlite::Result<Vec<(String, String)>> {
    let mut statement = db.prepare_cached(
        "SELECT fait_le, libelle FROM actions_deleguees WHERE delegation_id = ?1 ORDER BY id DESC LIMIT ?2",
    )?;
    let rows = statement.query_map(params![delegation, combien], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// The court decision of a guardianship: its file's name and content.
pub fn jugement(db: &Connection, id: i64) -> rusqlite::Result<Option<(String, Vec<u8>)>> {
    db.query_row(
        "SELECT jugement_nom, jugement_contenu FROM delegations WHERE id = ?1 AND jugement_nom IS NOT NULL",
        [id],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}
