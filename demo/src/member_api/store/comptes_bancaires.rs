//! The members' bank details (`comptes_bancaires`): where reimbursements are paid and
//! contributions taken. IBANs only ever leave masked.

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompteBancaire {
    pub id: i64,
    /// PRESTATIONS (reimbursements are paid to it) or COTISATIONS (contributions are taken from it).
    pub usage: String,
    pub titulaire: String,
    pub iban_masque: String,
    pub bic: String,
    pub domiciliation: Option<String>,
    pub date_mise_a_jour: NaiveDate,
}

const COMPTE_COLUMNS: &str = "c.id, c.usage, c.titulaire, c.iban, c.bic, c.domiciliation, c.date_mise_a_jour";

impl CompteBancaire {
    pub fn from_row(row: &Row) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            usage: row.get(1)?,
            titulaire: row.get(2)?,
            iban_masque: masquer_iban(&row.get::<_, String>(3)?),
            bic: row.get(4)?,
            domiciliation: row.get(5)?,
            date_mise_a_jour: row.get(6)?,
        })
    }
}

/// The member's own accounts, the one for reimbursements first.
pub fn du_membre(db: &Connection, numero_personne: &str) -> rusqlite::Result<Vec<CompteBancaire>> {
    let mut statement = db.prepare(&format!(
        "SELECT {COMPTE_COLUMNS} FROM comptes_bancaires c
         JOIN beneficiaires b ON b.id = c.beneficiaire_id
         WHERE b.numero_personne = ?1 AND b.lien = 'ASSURE_PRINCIPAL' ORDER BY c.usage DESC"
    ))?;
    let comptes = statement.query_map([numero_personne], CompteBancaire::from_row)?;
    comptes.collect()
}

/// The beneficiary's account for `usage` (PRESTATIONS or COTISATIONS), if they have one.
pub fn de(db: &Connection, beneficiaire: i64, usage: &str) -> rusqlite::Result<Option<CompteBancaire>> {
    db.query_row(
        &format!(
            "SELECT {COMPTE_COLUMNS} FROM comptes_bancaires c WHERE c.beneficiaire_id = ?1 AND c.usage = ?2"
        ),
        params![beneficiaire, usage],
        CompteBancaire::from_row,
    )
    .optional()
}

/// New bank details, as the mutual keeps them (the IBAN in electronic form).
pub struct NouveauCompte<'a> {
    pub beneficiaire: i64,
    pub usage: &'a str,
    pub titulaire: &'a str,
    pub iban: &'a str,
    pub bic: &'a str,
    pub domiciliation: Option<&'a str>,
}

/// Records the beneficiary's account for its usage, replacing the one they had, as of `jour`.
pub fn enregistrer(db: &Connection, compte: &NouveauCompte<'_>, jour: NaiveDate) -> rusqlite::Result<()> {
    let NouveauCompte { beneficiaire, usage, titulaire, iban, bic, domiciliation } = compte;
    db.execute(
        "INSERT INTO comptes_bancaires (beneficiaire_id, usage, titulaire, iban, bic, domiciliation, date_mise_a_jour)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (beneficiaire_id, usage) DO UPDATE SET titulaire = excluded.titulaire,
            iban = excluded.iban, bic = excluded.bic, domiciliation = excluded.domiciliation,
            date_mise_a_jour = excluded.date_mise_a_jour",
        params![beneficiaire, usage, titulaire, iban, bic, domiciliation, jour],
    )?;
    Ok(())
}

/// An IBAN as shown to its owner: country, check digits and the last four characters, the rest
/// hidden, grouped by four: "FR76 **** **** **** **** ***0 189".
pub fn masquer_iban(iban: &str) -> String {
    let visible_tail = iban.len().saturating_sub(4);
    let masked: String = iban
        .chars()
        .enumerate()
        .map(|(index, character)| if index < 4 || index >= visible_tail { character } else { '*' })
        .collect();
    masked
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The holder of the account a beneficiary's reimbursements are paid to: their own, else the
/// member's; `None` when neither has one.
pub fn titulaire_prestations(
    db: &Connection,
    numero_personne: &str,
    beneficiaire: i64,
) -> rusqlite::Result<Option<String>> {
    db.query_row(
        "SELECT c.titulaire FROM comptes_bancaires c JOIN beneficiaires b ON b.id = c.beneficiaire_id
         WHERE c.usage = 'PRESTATIONS' AND b.numero_personne = ?1
           AND (b.id = ?2 OR b.lien = 'ASSURE_PRINCIPAL')
         ORDER BY b.id = ?2 DESC LIMIT 1",
        params![numero_personne, beneficiaire],
        |row| row.get(0),
    )
    .optional()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iban_shows_only_its_country_and_last_digits() {
        assert_eq!(masquer_iban("FR7630006000011234567890189"), "FR76 **** **** **** **** ***0 189");
    }
}
