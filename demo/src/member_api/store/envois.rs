//! How each member wants each kind of document the mutual issues (`envois`), and the documents
//! the mutual issued, with how each was sent (`documents.categorie`, `documents.canal`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// The member's choice for `categorie`, when they chose by kind.
pub fn choisi(db: &Connection, numero_personne: &str, categorie: &str) -> rusqlite::Result<Option<String>> {
    db.query_row(
        "SELECT canal FROM envois WHERE numero_personne = ?1 AND categorie = ?2",
        params![numero_personne, categorie],
        |row| row.get(0),
    )
    .optional()
}

/// Records the member's choice for one kind.
pub fn choisir(db: &Connection, numero_personne: &str, categorie: &str, canal: &str) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO envois (numero_personne, categorie, canal) VALUES (?1, ?2, ?3)
         ON CONFLICT (numero_personne, categorie) DO UPDATE SET canal = excluded.canal",
        params![numero_personne, categorie, canal],
    )?;
    Ok(())
}

/// Forgets the choices by kind, so that « zéro papier » decides for every kind again.
pub fn oublier(db: &Connection, numero_personne: &str) -> rusqlite::Result<()> {
    db.execute("DELETE FROM envois WHERE numero_personne = ?1", [numero_personne])?;
    Ok(())
}

/// Records how the document `id` was sent.
pub fn envoye(db: &Connection, id: i64, categorie: &str, canal: &str) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE documents SET categorie = ?2, canal = ?3 WHERE id = ?1",
        params![id, categorie, canal],
    )?;
    Ok(())
}

/// A document the mutual issued to the member.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentEmis {
    pub id: i64,
    pub nom_fichier: String,
    pub type_mime: String,
    pub taille: i64,
    pub date_emission: NaiveDate,
    pub categorie: String,
    /// How it was sent; `None` for a document issued before the channel was recorded.
    pub canal: Option<String>,
    pub id_demande: Option<i64>,
    /// The subject of its request.
    pub objet_demande: Option<String>,
}

/// Every document the mutual issued to the member, newest first.
pub fn emis(db: &Connection, numero_personne: &str) -> rusqlite::Result<Vec<DocumentEmis>> {
    let mut statement = db.prepare(
        "SELECT d.id, d.nom_fichier, d.type_mime, d.taille, d.date_depot, d.categorie, d.canal, d.demande_id, r.objet
         FROM documents d LEFT JOIN demandes r ON r.id = d.demande_id
         WHERE d.numero_personne = ?1 AND d.categorie IS NOT NULL
         ORDER BY d.date_depot DESC, d.id DESC",
    )?;
    let rows = statement.query_map([numero_personne], |row| {
        Ok(DocumentEmis {
            id: row.get(0)?,
            nom_fichier: row.get(1)?,
            type_mime: row.get(2)?,
            taille: row.get(3)?,
            date_emission: row.get(4)?,
            categorie: row.get(5)?,
            canal: row.get(6)?,
            id_demande: row.get(7)?,
            objet_demande: row.get(8)?,
        })
    })?;
    rows.collect()
}
