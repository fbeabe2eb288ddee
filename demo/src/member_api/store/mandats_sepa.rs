//! The SEPA mandates members sign online (`mandats_sepa`).

use rusqlite::{Connection, OptionalExtension, params};

/// A mandate as kept.
#[derive(Debug, Clone)]
pub struct Mandat {
    pub id: i64,
    pub rum: String,
    pub titulaire: String,
    pub iban: String,
    pub bic: String,
    pub cree_le: String,
    pub texte_empreinte: String,
    pub code_empreinte: String,
    pub code_expire_le: String,
    pub code_envoye_a: String,
    pub essais: i64,
    pub signe_le: Option<String>,
    pub debut: Option<String>,
    pub fin: Option<String>,
    pub document_id: Option<i64>,
}

const COLONNES: &str =
    "id, rum, titulaire, iban, bic, cree_le, texte_empreinte, code_empreinte, code_expire_le,
    code_envoye_a, essais, signe_le, debut, fin, document_id";

fn lu(row: &rusqlite::Row<'_>) -> rusqlite::Result<Mandat> {
    Ok(Mandat {
        id: row.get(0)?,
        rum: row.get(1)?,
        titulaire: row.get(2)?,
        iban: row.get(3)?,
        bic: row.get(4)?,
        cree_le: row.get(5)?,
        texte_empreinte: row.get(6)?,
        code_empreinte: row.get(7)?,
        code_expire_le: row.get(8)?,
        code_envoye_a: row.get(9)?,
        essais: row.get(10)?,
        signe_le: row.get(11)?,
        debut: row.get(12)?,
        fin: row.get(13)?,
        document_id: row.get(14)?,
    })
}

/// A mandate to sign.
pub struct NouveauMandat<'a> {
    pub rum: &'a str,
    pub numero_personne: &'a str,
    pub titulaire: &'a str,
    pub iban: &'a str,
    pub bic: &'a str,
    pub cree_le: &'a str,
    pub texte_empreinte: &'a str,
    pub code_empreinte: &'a str,
    pub code_expire_le: &'a str,
    pub code_envoye_a: &'a str,
}

pub fn inserer(db: &Connection, mandat: &NouveauMandat<'_>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO mandats_sepa (rum, numero_personne, titulaire, iban, bic, cree_le, texte_empreinte,
            code_empreinte, code_expire_le, code_envoye_a)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            mandat.rum,
            mandat.numero_personne,
            mandat.titulaire,
            mandat.iban,
            mandat.bic,
            mandat.cree_le,
            mandat.texte_empreinte,
            mandat.code_empreinte,
            mandat.code_expire_le,
            mandat.code_envoye_a
        ],
    )?;
    Ok(())
}

/// How many mandates `numero_personne` asked for since `depuis`.
pub fn prepares_depuis(db: &Connection, numero_personne: &str, depuis: &str) -> rusqlite::Result<i64> {
    db.query_row(
        "SELECT count(*) FROM mandats_sepa WHERE numero_personne = ?1 AND cree_le >= ?2",
        params![numero_personne, depuis],
        |row| row.get(0),
    )
}

/// The mandate `rum` of `numero_personne`.
pub fn de_la_personne(db: &Connection, numero_personne: &str, rum: &str) -> rusqlite::Result<Option<Mandat>> {
    db.query_row(
        &format!("SELECT {COLONNES} FROM mandats_sepa WHERE rum = ?1 AND numero_personne = ?2"),
        params![rum, numero_personne],
        lu,
    )
    .optional()
}

/// The member's mandates, the latest first.
pub fn du_membre(db: &Connection, numero_personne: &str) -> rusqlite::Result<Vec<Mandat>> {
    let mut statement = db.prepare(&format!(
        "SELECT {COLONNES} FROM mandats_sepa WHERE numero_personne = ?1 ORDER BY id DESC"
    ))?;
    let rows = statement.query_map([numero_personne], lu)?;
    rows.collect()
}

/// A wrong code typed for the mandate `id`.
pub fn essai_manque(db: &Connection, id: i64) -> rusqlite::Result<()> {
    db.execute("UPDATE mandats_sepa SET essais = essais + 1 WHERE id = ?1", [id])?;
    Ok(())
}

/// The mandate `id` is signed at `le` by `par`, in force from `debut`, printed as `document`;
/// the member's mandate in force until then ends on `debut`. Whether it was still to sign.
pub fn signer(
    db: &Connection,
    id: i64,
    numero_personne: &str,
    le: &str,
    par: &str,
    debut: &str,
    document: i64,
) -> rusqlite::Result<bool> {
    let signe = db.execute(
        "UPDATE mandats_sepa SET signe_le = ?2, signe_par = ?3, debut = ?4, document_id = ?5
         WHERE id = ?1 AND signe_le IS NULL",
        params![id, le, par, debut, document],
    )?;
    if signe == 1 {
        db.execute(
            "UPDATE mandats_sepa SET fin = ?3
             WHERE numero_personne = ?1 AND id <> ?2 AND signe_le IS NOT NULL AND fin IS NULL",
            params![numero_personne, id, debut],
        )?;
    }
    Ok(signe == 1)
}
