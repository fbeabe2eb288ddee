//! The members' sign-ins (`connexions`: the last one and the one before) and the devices each
//! signed in with (`appareils_connus`).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::horodatage::horodatage;

/// Records a sign-in at `at`: the previous one becomes the one before.
pub fn enregistrer(db: &Connection, numero_personne: &str, at: DateTime<Utc>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO connexions (numero_personne, derniere) VALUES (?1, ?2)
         ON CONFLICT (numero_personne) DO UPDATE SET precedente = connexions.derniere, derniere = excluded.derniere",
        params![numero_personne, horodatage(at)],
    )?;
    Ok(())
}

/// The sign-in before the last one (RFC 3339, UTC); `None` before a second sign-in.
pub fn precedente(db: &Connection, numero_personne: &str) -> rusqlite::Result<Option<String>> {
    Ok(db
        .query_row("SELECT precedente FROM connexions WHERE numero_personne = ?1", [numero_personne], |row| {
            row.get(0)
        })
        .optional()?
        .flatten())
}

/// How many devices the member signed in with, and whether this one (in its canonical form) is
/// among them.
pub fn appareils_connus(
    db: &Connection,
    numero_personne: &str,
    navigateur: &str,
    systeme: &str,
) -> rusqlite::Result<(i64, bool)> {
    db.query_row(
        "SELECT count(*), coalesce(max(navigateur = ?2 AND systeme = ?3), 0)
         FROM appareils_connus WHERE numero_personne = ?1",
        params![numero_personne, navigateur, systeme],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

/// The member signed in with this device (in its canonical form) at `at`.
pub fn appareil_vu(
    db: &Connection,
    numero_personne: &str,
    navigateur: &str,
    systeme: &str,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO appareils_connus (numero_personne, navigateur, systeme, vu_le) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (numero_personne, navigateur, systeme) DO UPDATE SET vu_le = excluded.vu_le",
        params![numero_personne, navigateur, systeme, horodatage(at)],
    )?;
    Ok(())
}
