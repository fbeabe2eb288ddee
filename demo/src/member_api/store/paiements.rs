//! The reimbursements: payments (`paiements`), what was paid on one day for one beneficiary to
//! one payee, and their lines (`lignes_prestation`), the acts of care.

use chrono::NaiveDate;
use rusqlite::types::FromSql;
use rusqlite::{Connection, params_from_iter};

use super::montant::Cents;

/// What the mutual paid the beneficiary for these acts, cared for between `du` and `au`.
pub fn rembourse(
    db: &Connection,
    beneficiaire: i64,
    actes: &[&str],
    du: NaiveDate,
    au: NaiveDate,
) -> rusqlite::Result<Cents> {
    lignes_payees(db, "coalesce(sum(l.montant_mutuelle), 0)", beneficiaire, actes, (du, au))
}

/// The last day of care of these acts the mutual paid the beneficiary, between `du` and `au`.
pub fn dernier_soin(
    db: &Connection,
    beneficiaire: i64,
    actes: &[&str],
    du: NaiveDate,
    au: NaiveDate,
) -> rusqlite::Result<Option<NaiveDate>> {
    lignes_payees(db, "max(l.date_soins)", beneficiaire, actes, (du, au))
}

/// `select` over the beneficiary's paid lines of these acts, cared for within `periode`.
fn lignes_payees<T: FromSql>(
    db: &Connection,
    select: &str,
    beneficiaire: i64,
    actes: &[&str],
    (du, au): (NaiveDate, NaiveDate),
) -> rusqlite::Result<T> {
    let marques = vec!["?"; actes.len()].join(", ");
    let sql = format!(
        "SELECT {select} FROM lignes_prestation l JOIN paiements p ON p.id = l.paiement_id
         WHERE p.beneficiaire_id = ? AND l.statut = 'PAYE' AND l.date_soins BETWEEN ? AND ?
           AND l.code_acte IN ({marques})"
    );
    let mut parametres: Vec<rusqlite::types::Value> =
        vec![beneficiaire.into(), du.to_string().into(), au.to_string().into()];
    parametres.extend(actes.iter().map(|acte| rusqlite::types::Value::from((*acte).to_owned())));
    db.query_row(&sql, params_from_iter(parametres), |row| row.get(0))
}
