//! The conversation on each request (`messages_demande`), both ways: the mutual's messages and
//! the member's.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};
use serde::Serialize;

use super::documents::DocumentInfo;
use super::horodatage::horodatage;

/// The mutual's messages.
pub const MUTUELLE: &str = "MUTUELLE";
/// The member's messages.
pub const ADHERENT: &str = "ADHERENT";

/// One message of a request's conversation, the mutual's or the member's.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    /// MUTUELLE or ADHERENT.
    pub auteur: String,
    pub texte: String,
    /// RFC 3339, UTC.
    pub envoye_le: String,
    /// Whether the member has read it: always, for their own.
    pub lu: bool,
    pub documents: Vec<DocumentInfo>,
}

impl Message {
    /// The conversation on `demande`, oldest first.
    pub fn of_demande(db: &Connection, demande: i64) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare_cached(
            "SELECT id, auteur, texte, envoye_le, auteur <> ?2 OR lu_le IS NOT NULL
             FROM messages_demande WHERE demande_id = ?1 ORDER BY envoye_le, id",
        )?;
        let rows = statement.query_map(params![demande, MUTUELLE], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })?;
        rows.map(|row| {
            let (id, auteur, texte, envoye_le, lu) = row?;
            Ok(Self { id, auteur, texte, envoye_le, lu, documents: DocumentInfo::of_message(db, id)? })
        })
        .collect()
    }
}

/// How many messages `auteur` wrote on the request.
pub fn envoyes(db: &Connection, demande: i64, auteur: &str) -> rusqlite::Result<i64> {
    db.query_row(
        "SELECT count(*) FROM messages_demande WHERE demande_id = ?1 AND auteur = ?2",
        params![demande, auteur],
        |row| row.get(0),
    )
}

/// Adds `auteur`'s message to the request's conversation, sent `envoye_le`, read at once when
/// `lu`; its id.
pub fn inserer(
    db: &Connection,
    demande: i64,
    auteur: &str,
    texte: &str,
    envoye_le: DateTime<Utc>,
    lu: bool,
) -> rusqlite::Result<i64> {
    let envoye_le = horodatage(envoye_le);
    db.execute(
        "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le, lu_le) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![demande, auteur, texte, envoye_le, lu.then_some(&envoye_le)],
    )?;
    Ok(db.last_insert_rowid())
}

/// The member read the mutual's messages on the request, `at`; each keeps when it was first read.
pub fn marquer_lus(db: &Connection, demande: i64, at: DateTime<Utc>) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE messages_demande SET lu_le = ?1 WHERE demande_id = ?2 AND auteur = ?3 AND lu_le IS NULL",
        params![horodatage(at), demande, MUTUELLE],
    )?;
    Ok(())
}

#[derive(Serialize)]
pub struct NonLus {
    pub total: i64,
    pub demandes: Vec<NonLusDemande>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NonLusDemande {
    pub id: i64,
    pub non_lus: i64,
}

/// The mutual's messages the member has not read, per request.
pub fn non_lus(db: &Connection, numero_personne: &str) -> rusqlite::Result<NonLus> {
    let mut statement = db.prepare_cached(
        "SELECT m.demande_id, count(*) FROM messages_demande m JOIN demandes d ON d.id = m.demande_id
         WHERE d.numero_personne = ?1 AND m.auteur = ?2 AND m.lu_le IS NULL
         GROUP BY m.demande_id ORDER BY m.demande_id DESC",
    )?;
    let demandes = statement
        .query_map(params![numero_personne, MUTUELLE], |row| {
            Ok(NonLusDemande { id: row.get(0)?, non_lus: row.get(1)? })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(NonLus { total: demandes.iter().map(|demande| demande.non_lus).sum(), demandes })
}
