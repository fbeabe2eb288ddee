//! The people the members' contracts cover (`beneficiaires`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// Moves the beneficiary's NOEMIE link to `statut` when it is in one of the states `depuis`.
pub fn changer_statut_noemie_depuis(
    db: &Connection,
    beneficiaire: i64,
    statut: &str,
    depuis: [&str; 2],
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE beneficiaires SET statut_noemie = ?1 WHERE id = ?2 AND statut_noemie IN (?3, ?4)",
        params![statut, beneficiaire, depuis[0], depuis[1]],
    )?;
    Ok(())
}

/// A beneficiary as the estimate names them.
#[derive(Serialize)]
pub struct Personne {
    pub id: i64,
    pub prenom: String,
    pub nom: String,
}

/// The beneficiary's member, name and birth day; no owner when nobody has this id.
pub fn pour_estimation(db: &Connection, id: i64) -> rusqlite::Result<(Option<String>, Personne, NaiveDate)> {
    let found = db
        .query_row(
            "SELECT numero_personne, prenom, nom, date_naissance FROM beneficiaires WHERE id = ?1",
            [id],
            |row| Ok((row.get(0)?, Personne { id, prenom: row.get(1)?, nom: row.get(2)? }, row.get(3)?)),
        )
        .optional()?;
    Ok(found.unwrap_or_else(|| {
        (None, Personne { id, prenom: String::new(), nom: String::new() }, NaiveDate::MIN)
    }))
}

/// The member's beneficiaries that a contract covers or covered, the member first, with their
/// birth day.
pub fn couverts_un_jour(
    db: &Connection,
    numero_personne: &str,
) -> rusqlite::Result<Vec<(Personne, NaiveDate)>> {
    let mut statement = db.prepare(
        "SELECT b.id, b.prenom, b.nom, b.date_naissance FROM beneficiaires b
         WHERE b.numero_personne = ?1
           AND EXISTS (SELECT 1 FROM contrat_beneficiaires cb WHERE cb.beneficiaire_id = b.id)
         ORDER BY b.lien != 'ASSURE_PRINCIPAL', b.id",
    )?;
    statement
        .query_map([numero_personne], |row| {
            Ok((Personne { id: row.get(0)?, prenom: row.get(1)?, nom: row.get(2)? }, row.get(3)?))
        })?
        .collect()
}
