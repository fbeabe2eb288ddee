//! The members' documents (`documents`): their uploads, which wait for a request to take them,
//! and the documents the mutual prints or issues, each kept with its request.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::horodatage::horodatage;

/// The nature of a file the member uploaded (the column's default).
pub const PIECE_JOINTE: &str = "PIECE_JOINTE";
/// The nature of the termination acknowledgement the mutual prints.
pub const ACCUSE_RECEPTION_RESILIATION: &str = "ACCUSE_RECEPTION_RESILIATION";
/// The nature of a document the mutual issues to a member from its back office.
pub const DOCUMENT_MUTUELLE: &str = "DOCUMENT_MUTUELLE";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInfo {
    pub id: i64,
    pub nom_fichier: String,
    /// application/pdf, image/jpeg or image/png, as detected from the content.
    pub type_mime: String,
    /// Bytes.
    pub taille: i64,
    pub date_depot: NaiveDate,
    /// `PIECE_JOINTE` (uploaded by the member) or `ACCUSE_RECEPTION_RESILIATION` (printed by
    /// the mutual): what an acknowledgement email may attach is decided by this, not by order.
    pub nature: String,
    /// The request holding the document; `null` until a request takes it.
    pub id_demande: Option<i64>,
}

impl DocumentInfo {
    /// Every document of a request, those sent with its messages included.
    pub fn of_demande(db: &Connection, demande: i64) -> rusqlite::Result<Vec<Self>> {
        Self::lister(db, "demande_id", demande)
    }

    /// The documents sent with one message of a request's conversation.
    pub fn of_message(db: &Connection, message: i64) -> rusqlite::Result<Vec<Self>> {
        Self::lister(db, "message_id", message)
    }

    /// `colonne` is one of the two names above, never a member's value.
    fn lister(db: &Connection, colonne: &str, id: i64) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare_cached(&format!(
            "SELECT id, nom_fichier, type_mime, taille, date_depot, demande_id, nature FROM documents WHERE {colonne} = ?1 ORDER BY id",
        ))?;
        let rows = statement.query_map([id], |row| {
            Ok(Self {
                id: row.get(0)?,
                nom_fichier: row.get(1)?,
                type_mime: row.get(2)?,
                taille: row.get(3)?,
                date_depot: row.get(4)?,
                id_demande: row.get(5)?,
                nature: row.get(6)?,
            })
        })?;
        rows.collect()
    }
}

/// A document to keep.
pub struct NouveauDocument<'a> {
    pub numero_personne: &'a str,
    /// The request holding it; none for an upload no request took yet.
    pub demande_id: Option<i64>,
    pub nom_fichier: &'a str,
    pub type_mime: &'a str,
    pub contenu: &'a [u8],
    pub date_depot: NaiveDate,
    /// One of [`PIECE_JOINTE`], [`ACCUSE_RECEPTION_RESILIATION`] and [`DOCUMENT_MUTUELLE`].
    pub nature: &'a str,
    /// When it was received, for an upload or a document the mutual issues.
    pub depose_le: Option<DateTime<Utc>>,
}

/// Keeps a document; its id.
pub fn inserer(db: &Connection, document: &NouveauDocument<'_>) -> rusqlite::Result<i64> {
    let taille = i64::try_from(document.contenu.len())
        .map_err(|error| rusqlite::Error::ToSqlConversionFailure(Box::new(error)))?;
    db.execute(
        "INSERT INTO documents (numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot,
            nature, depose_le)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            document.numero_personne,
            document.demande_id,
            document.nom_fichier,
            document.type_mime,
            taille,
            document.contenu,
            document.date_depot,
            document.nature,
            document.depose_le.map(horodatage),
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// A document's member, name, type and content.
pub struct Fichier {
    pub numero_personne: String,
    pub nom: String,
    pub type_mime: String,
    pub contenu: Vec<u8>,
}

/// The document `id`; `None` when there is no such document.
pub fn fichier(db: &Connection, id: i64) -> rusqlite::Result<Option<Fichier>> {
    db.query_row(
        "SELECT numero_personne, nom_fichier, type_mime, contenu FROM documents WHERE id = ?1",
        [id],
        |row| {
            Ok(Fichier {
                numero_personne: row.get(0)?,
                nom: row.get(1)?,
                type_mime: row.get(2)?,
                contenu: row.get(3)?,
            })
        },
    )
    .optional()
}

/// The document `id` held by the request `demande` of the member `numero_personne`; `None` when
/// the request holds no such document.
pub fn de_la_demande(
    db: &Connection,
    numero_personne: &str,
    demande: i64,
    id: i64,
) -> rusqlite::Result<Option<Fichier>> {
    db.query_row(
        "SELECT numero_personne, nom_fichier, type_mime, contenu FROM documents
         WHERE id = ?1 AND demande_id = ?2 AND numero_personne = ?3",
        params![id, demande, numero_personne],
        |row| {
            Ok(Fichier {
                numero_personne: row.get(0)?,
                nom: row.get(1)?,
                type_mime: row.get(2)?,
                contenu: row.get(3)?,
            })
        },
    )
    .optional()
}

/// The member of the document `id`, and the request holding it; `None` when there is no such
/// document.
pub fn titulaire_et_demande(db: &Connection, id: i64) -> rusqlite::Result<Option<(String, Option<i64>)>> {
    db.query_row("SELECT numero_personne, demande_id FROM documents WHERE id = ?1", [id], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}

/// The request `demande` holds the document `id` from now on.
pub fn attacher(db: &Connection, demande: i64, id: i64) -> rusqlite::Result<()> {
    db.execute("UPDATE documents SET demande_id = ?1 WHERE id = ?2", [demande, id])?;
    Ok(())
}

/// The message `message` of the request `demande` holds the document `id` from now on.
pub fn attacher_au_message(db: &Connection, demande: i64, message: i64, id: i64) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE documents SET demande_id = ?1, message_id = ?2 WHERE id = ?3",
        [demande, message, id],
    )?;
    Ok(())
}

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
