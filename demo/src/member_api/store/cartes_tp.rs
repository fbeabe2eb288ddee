//! The tiers-payant cards (`cartes_tp`) and the care domains each opens (`carte_tp_domaines`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};

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
