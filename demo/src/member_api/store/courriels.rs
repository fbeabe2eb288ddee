//! The emails the mutual owes its members, queued (`courriels`) until the mail queue sends them.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::horodatage::horodatage;

/// Whether an alert of this nature and link waits, not yet tried.
pub fn alerte_en_attente(
    db: &Connection,
    numero_personne: &str,
    nature: &str,
    lien: &str,
) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM courriels WHERE numero_personne = ?1 AND nature = ?2 AND lien = ?3
             AND envoye_le IS NULL AND tentatives = 0)",
        params![numero_personne, nature, lien],
        |row| row.get(0),
    )
}

/// An email to queue for the member.
pub struct NouveauCourriel<'a> {
    pub numero_personne: &'a str,
    pub nature: &'a str,
    pub lien: &'a str,
    pub appareil: Option<&'a str>,
    pub destinataire: Option<&'a str>,
    pub piece_jointe: Option<i64>,
    /// A one-time code it carries.
    pub code: Option<&'a str>,
}

/// Queues an email for the member, created `at`.
pub fn inserer(db: &Connection, courriel: &NouveauCourriel<'_>, at: DateTime<Utc>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO courriels (numero_personne, nature, lien, appareil, destinataire, document_id, cree_le, code)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            courriel.numero_personne,
            courriel.nature,
            courriel.lien,
            courriel.appareil,
            courriel.destinataire,
            courriel.piece_jointe,
            horodatage(at),
            courriel.code
        ],
    )?;
    Ok(())
}

/// A row of `courriels` to send, with its member's addresses.
pub struct EnAttente {
    pub id: i64,
    pub nature: String,
    pub lien: String,
    pub appareil: Option<String>,
    pub code: Option<String>,
    /// The address it goes to when it is not one of the member's current ones.
    pub destinataire: Option<String>,
    /// A document it carries.
    pub piece_jointe: Option<i64>,
    pub cree_le: String,
    pub email_contact: String,
    pub email_alertes: Option<String>,
}

/// The emails to send, oldest first, at most `limite`: those tried fewer than `tentatives_max`
/// times, and among alerts only those created by `alertes_jusqua`.
pub fn a_envoyer(
    db: &Connection,
    tentatives_max: i64,
    limite: i64,
    alertes_jusqua: DateTime<Utc>,
) -> rusqlite::Result<Vec<EnAttente>> {
    let mut statement = db.prepare_cached(
        "SELECT c.id, c.nature, c.lien, c.appareil, c.cree_le, a.email, p.email_alertes, c.destinataire,
                c.document_id, c.code
         FROM courriels c
         JOIN adherents a ON a.numero_personne = c.numero_personne
         LEFT JOIN preferences p ON p.numero_personne = c.numero_personne
         WHERE c.envoye_le IS NULL AND c.tentatives < ?1
           AND (c.nature NOT IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT') OR c.cree_le <= ?3)
         ORDER BY c.id LIMIT ?2",
    )?;
    let groupees_jusqua = horodatage(alertes_jusqua);
    statement
        .query_map(params![tentatives_max, limite, groupees_jusqua], |row| {
            Ok(EnAttente {
                id: row.get(0)?,
                nature: row.get(1)?,
                lien: row.get(2)?,
                appareil: row.get(3)?,
                cree_le: row.get(4)?,
                email_contact: row.get(5)?,
                email_alertes: row.get(6)?,
                destinataire: row.get(7)?,
                piece_jointe: row.get(8)?,
                code: row.get(9)?,
            })
        })?
        .collect()
}

/// The email left, `at`.
pub fn envoye(db: &Connection, id: i64, at: DateTime<Utc>) -> rusqlite::Result<()> {
    db.execute("UPDATE courriels SET envoye_le = ?2 WHERE id = ?1", params![id, horodatage(at)])?;
    Ok(())
}

/// One attempt more for an email that could not leave; how many it has had.
pub fn tentative_echouee(db: &Connection, id: i64) -> rusqlite::Result<i64> {
    db.query_row(
        "UPDATE courriels SET tentatives = tentatives + 1 WHERE id = ?1 RETURNING tentatives",
        [id],
        |row| row.get(0),
    )
}

/// The member an email was for, and its nature; `None` when there is no such email.
pub fn destinataire(db: &Connection, id: i64) -> rusqlite::Result<Option<(String, String)>> {
    db.query_row("SELECT numero_personne, nature FROM courriels WHERE id = ?1", [id], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}
