//! The members' contracts (`contrats`), the people each covers (`contrat_beneficiaires`) and
//! their contribution schedules (`echeances`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};

/// A contract of a beneficiary: its number, product, first and last day.
pub struct ContratDuBeneficiaire {
    pub numero: String,
    pub code_produit: String,
    pub libelle_produit: String,
    pub debut: NaiveDate,
    pub fin: Option<NaiveDate>,
}

/// The contract covering the beneficiary on `jour`, else the one to come, else the last one.
pub fn du_beneficiaire(
    db: &Connection,
    beneficiaire: i64,
    jour: NaiveDate,
) -> rusqlite::Result<Option<ContratDuBeneficiaire>> {
    db.query_row(
        "SELECT c.numero_contrat, c.code_produit, p.libelle, c.date_debut, c.date_fin
             FROM contrat_beneficiaires cb
             JOIN contrats c ON c.id = cb.contrat_id
             JOIN produits p ON p.code = c.code_produit
             WHERE cb.beneficiaire_id = ?1
             ORDER BY (c.date_debut <= ?2 AND (c.date_fin IS NULL OR c.date_fin >= ?2)) DESC,
                      c.date_debut > ?2 DESC, c.date_debut DESC
             LIMIT 1",
        rusqlite::params![beneficiaire, jour],
        |row| {
            Ok(ContratDuBeneficiaire {
                numero: row.get(0)?,
                code_produit: row.get(1)?,
                libelle_produit: row.get(2)?,
                debut: row.get(3)?,
                fin: row.get(4)?,
            })
        },
    )
    .optional()
}

/// The member's contracts, counted: all of them, those in force on `jour` (and among them the
/// individual ones), those that start later.
pub struct Decompte {
    pub contrats: i64,
    pub actifs: i64,
    pub actifs_individuels: i64,
    pub futurs: i64,
}

pub fn decompte(db: &Connection, numero_personne: &str, jour: NaiveDate) -> rusqlite::Result<Decompte> {
    db.query_row(
        "SELECT count(*),
                count(*) FILTER (WHERE date_debut <= ?2 AND (date_fin IS NULL OR date_fin >= ?2)),
                count(*) FILTER (WHERE date_debut <= ?2 AND (date_fin IS NULL OR date_fin >= ?2)
                                   AND type_contrat = 'INDIVIDUEL'),
                count(*) FILTER (WHERE date_debut > ?2)
         FROM contrats WHERE numero_personne = ?1",
        params![numero_personne, jour],
        |row| {
            Ok(Decompte {
                contrats: row.get(0)?,
                actifs: row.get(1)?,
                actifs_individuels: row.get(2)?,
                futurs: row.get(3)?,
            })
        },
    )
}
