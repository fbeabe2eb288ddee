//! The members' documents (`documents`): their uploads, which wait for a request to take them,
//! and the documents the mutual prints or issues, each kept with its request.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::horodatage::horodatage;

/// How many of the member's uploads no request holds yet, and their bytes in all.
pub fn en_attente(db: &Connection, numero_personne: &str) -> rusqlite::Result<(i64, i64)> {
    db.query_row(
        "SELECT count(*), coalesce(sum(taille), 0) FROM documents WHERE numero_personne = ?1 AND demande_id IS NULL",
        [numero_personne],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

/// Deletes the uploads no request took that were received before `limite`; how many.
pub fn supprimer_en_attente_deposes_avant(db: &Connection, limite: DateTime<Utc>) -> rusqlite::Result<usize> {
    db.execute("DELETE FROM documents WHERE demande_id IS NULL AND depose_le < ?1", [horodatage(limite)])
}
