//! The people the members' contracts cover (`beneficiaires`).

use std::collections::HashSet;

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// Moves the beneficiary's NOEMIE link to `statut` when it is in one of the states `depuis`.
pub fn changer_statut_noemie_depuis(
    db: &Connection,
    beneficiaire: i64,
    statut: &str,
    depuis: [&str; 2],
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE beneficiaires SET statut_noemie = ?1 WHERE id = ?2 AND statut_noemie IN (?3, ?4)",
        params![statut, beneficiaire, depuis[0], depuis[1]],
    )?;
    Ok(())
}

/// A beneficiary as the estimate names them.
#[derive(Serialize)]
pub struct Personne {
    pub id: i64,
    pub prenom: String,
    pub nom: String,
}

/// The beneficiary's member, name and birth day; no owner when nobody has this id.
pub fn pour_estimation(db: &Connection, id: i64) -> rusqlite::Result<(Option<String>, Personne, NaiveDate)> {
    let found = db
        .query_row(
            "SELECT numero_personne, prenom, nom, date_naissance FROM beneficiaires WHERE id = ?1",
            [id],
            |row| Ok((row.get(0)?, Personne { id, prenom: row.get(1)?, nom: row.get(2)? }, row.get(3)?)),
        )
        .optional()?;
    Ok(found.unwrap_or_else(|| {
        (None, Personne { id, prenom: String::new(), nom: String::new() }, NaiveDate::MIN)
    }))
}

/// The member's beneficiaries that a contract covers or covered, the member first, with their
/// birth day.
pub fn couverts_un_jour(
    db: &Connection,
    numero_personne: &str,
) -> rusqlite::Result<Vec<(Personne, NaiveDate)>> {
    let mut statement = db.prepare(
        "SELECT b.id, b.prenom, b.nom, b.date_naissance FROM beneficiaires b
         WHERE b.numero_personne = ?1
           AND EXISTS (SELECT 1 FROM contrat_beneficiaires cb WHERE cb.beneficiaire_id = b.id)
         ORDER BY b.lien != 'ASSURE_PRINCIPAL', b.id",
    )?;
    statement
        .query_map([numero_personne], |row| {
            Ok((Personne { id: row.get(0)?, prenom: row.get(1)?, nom: row.get(2)? }, row.get(3)?))
        })?
        .collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Beneficiaire {
    pub id: i64,
    /// ASSURE_PRINCIPAL, CONJOINT or ENFANT.
    pub lien: String,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: String,
    pub rang_naissance: i64,
    pub caisse_assurance_maladie: String,
    /// Whether the Sécurité sociale forwards statements to the mutual (NOEMIE link):
    /// RACCORDE, EN_COURS_DE_RACCORDEMENT or NON_RACCORDE.
    pub statut_noemie: String,
}

impl Beneficiaire {
    /// The people a member's contracts cover, the member first.
    pub fn all(db: &Connection, person_number: &str) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare(
            "SELECT id, lien, prenom, nom, date_naissance, numero_securite_sociale, rang_naissance, caisse, statut_noemie
             FROM beneficiaires WHERE numero_personne = ?1
             ORDER BY CASE lien WHEN 'ASSURE_PRINCIPAL' THEN 0 WHEN 'CONJOINT' THEN 1 ELSE 2 END, date_naissance",
        )?;
        let rows = statement.query_map([person_number], |row| {
            Ok(Self {
                id: row.get(0)?,
                lien: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                numero_securite_sociale: row.get(5)?,
                rang_naissance: row.get(6)?,
                caisse_assurance_maladie: row.get(7)?,
                statut_noemie: row.get(8)?,
            })
        })?;
        rows.collect()
    }
}

/// The beneficiary `id`, their member and their link to them.
pub fn titulaire_et_lien(db: &Connection, id: i64) -> rusqlite::Result<Option<(i64, String, String)>> {
    db.query_row("SELECT id, numero_personne, lien FROM beneficiaires WHERE id = ?1", [id], |row| {
        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
    })
    .optional()
}

/// The member as a beneficiary of their own contracts, their member and their link.
pub fn principal(db: &Connection, numero_personne: &str) -> rusqlite::Result<Option<(i64, String, String)>> {
    db.query_row(
        "SELECT id, numero_personne, lien FROM beneficiaires
         WHERE numero_personne = ?1 AND lien = 'ASSURE_PRINCIPAL'",
        [numero_personne],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
    .optional()
}

/// A person as a certificate names them.
pub struct PersonneCouverte {
    pub nom: String,
    pub lien: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: String,
}

pub fn personne_couverte(db: &Connection, id: i64) -> rusqlite::Result<PersonneCouverte> {
    db.query_row(
        "SELECT prenom || ' ' || nom, lien, date_naissance, numero_securite_sociale FROM beneficiaires WHERE id = ?1",
        [id],
        |row| {
            Ok(PersonneCouverte {
                nom: row.get(0)?,
                lien: row.get(1)?,
                date_naissance: row.get(2)?,
                numero_securite_sociale: row.get(3)?,
            })
        },
    )
}

/// The member of the beneficiary `id`; `None` when there is no such beneficiary.
pub fn titulaire(db: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT numero_personne FROM beneficiaires WHERE id = ?1", [id], |row| row.get(0)).optional()
}

/// The people of the member's household as they are kept: link, first name, birth day.
pub fn du_foyer(
    db: &Connection,
    numero_personne: &str,
) -> rusqlite::Result<Vec<(String, String, NaiveDate)>> {
    let mut statement =
        db.prepare("SELECT lien, prenom, date_naissance FROM beneficiaires WHERE numero_personne = ?1")?;
    statement.query_map([numero_personne], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?.collect()
}

/// The member's social security number and health insurance fund.
pub fn nir_et_caisse_du_principal(
    db: &Connection,
    numero_personne: &str,
) -> rusqlite::Result<(String, String)> {
    db.query_row(
        "SELECT numero_securite_sociale, caisse FROM beneficiaires
         WHERE numero_personne = ?1 AND lien = 'ASSURE_PRINCIPAL'",
        [numero_personne],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

/// The rank of birth a new beneficiary of this number and birth day takes: one more than those
/// already there (twins share a number).
pub fn rang_de_naissance(
    db: &Connection,
    numero_personne: &str,
    numero_securite_sociale: &str,
    date_naissance: NaiveDate,
) -> rusqlite::Result<i64> {
    db.query_row(
        "SELECT count(*) + 1 FROM beneficiaires
         WHERE numero_personne = ?1 AND numero_securite_sociale = ?2 AND date_naissance = ?3",
        params![numero_personne, numero_securite_sociale, date_naissance],
        |row| row.get(0),
    )
}

/// A person to add to the member's household.
pub struct NouveauBeneficiaire<'a> {
    pub numero_personne: &'a str,
    /// ASSURE_PRINCIPAL, CONJOINT or ENFANT.
    pub lien: &'a str,
    pub prenom: &'a str,
    pub nom: &'a str,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: &'a str,
    pub rang_naissance: i64,
    pub caisse: &'a str,
    pub statut_noemie: &'a str,
}

/// Adds the person to the member's household; their id.
pub fn inserer(db: &Connection, beneficiaire: &NouveauBeneficiaire<'_>) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO beneficiaires (numero_personne, lien, prenom, nom, date_naissance, numero_securite_sociale,
            rang_naissance, caisse, statut_noemie)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            beneficiaire.numero_personne,
            beneficiaire.lien,
            beneficiaire.prenom,
            beneficiaire.nom,
            beneficiaire.date_naissance,
            beneficiaire.numero_securite_sociale,
            beneficiaire.rang_naissance,
            beneficiaire.caisse,
            beneficiaire.statut_noemie,
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// The NOEMIE link of the beneficiary `id` of the member `numero_personne`; `None` when the
/// member has no such beneficiary.
pub fn statut_noemie(db: &Connection, id: i64, numero_personne: &str) -> rusqlite::Result<Option<String>> {
    db.query_row(
        "SELECT statut_noemie FROM beneficiaires WHERE id = ?1 AND numero_personne = ?2",
        params![id, numero_personne],
        |row| row.get(0),
    )
    .optional()
}

pub fn changer_statut_noemie(db: &Connection, id: i64, statut: &str) -> rusqlite::Result<()> {
    db.execute("UPDATE beneficiaires SET statut_noemie = ?1 WHERE id = ?2", params![statut, id])?;
    Ok(())
}

/// A beneficiary as the mutual's back office follows them, NOEMIE link included.
pub struct BeneficiaireSuivi {
    pub id: i64,
    pub lien: String,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub statut_noemie: String,
    /// Whether their care is kept from the holder's eyes (`rules/confidentialite.rs`).
    pub soins_confidentiels: bool,
}

/// The member's beneficiaries, in the order they were added.
pub fn suivis(db: &Connection, numero: &str) -> rusqlite::Result<Vec<BeneficiaireSuivi>> {
    let mut statement = db.prepare(
        "SELECT id, lien, prenom, nom, date_naissance, statut_noemie, soins_confidentiels FROM beneficiaires
         WHERE numero_personne = ?1 ORDER BY id",
    )?;
    statement
        .query_map([numero], |row| {
            Ok(BeneficiaireSuivi {
                id: row.get(0)?,
                lien: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                statut_noemie: row.get(5)?,
                soins_confidentiels: row.get(6)?,
            })
        })?
        .collect()
}

/// The member's beneficiaries whose care is kept from the holder's eyes.
pub fn confidentiels(db: &Connection, numero: &str) -> rusqlite::Result<HashSet<i64>> {
    let mut statement =
        db.prepare_cached("SELECT id FROM beneficiaires WHERE numero_personne = ?1 AND soins_confidentiels")?;
    statement.query_map([numero], |row| row.get(0))?.collect()
}

/// Keeps the beneficiary `id`'s care from the holder's eyes, or shows it again.
pub fn rendre_confidentiels(db: &Connection, id: i64, confidentiels: bool) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE beneficiaires SET soins_confidentiels = ?2 WHERE id = ?1",
        params![id, confidentiels],
    )?;
    Ok(())
}
