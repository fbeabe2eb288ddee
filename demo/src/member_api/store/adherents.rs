//! The members (`adherents`): who they are, how to reach them, where they live.

use rusqlite::Connection;

/// Whether `numero_personne` is a member.
pub fn existe(db: &Connection, numero_personne: &str) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM adherents WHERE numero_personne = ?1)",
        [numero_personne],
        |row| row.get::<_, bool>(0),
    )
}
