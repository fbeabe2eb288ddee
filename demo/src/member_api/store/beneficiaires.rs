//! The people the members' contracts cover (`beneficiaires`).

use rusqlite::{Connection, params};

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
