//! Whether, and when, the demo members were written (`seed`): once, on the first start.

use chrono::NaiveDate;
use rusqlite::Connection;

pub fn fait(db: &Connection) -> rusqlite::Result<bool> {
    db.query_row("SELECT EXISTS (SELECT 1 FROM seed)", [], |row| row.get(0))
}

/// The members were written on `jour`.
pub fn noter(db: &Connection, jour: NaiveDate) -> rusqlite::Result<()> {
    db.execute("INSERT INTO seed (id, seeded_on) VALUES (1, ?1)", [jour])?;
    Ok(())
}
