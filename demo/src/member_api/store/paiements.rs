//! The reimbursements: payments (`paiements`), what was paid on one day for one beneficiary to
//! one payee, and their lines (`lignes_prestation`), the acts of care.

use chrono::NaiveDate;
use rusqlite::types::FromSql;
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};
use serde::Serialize;

use super::montant::{Cents, Euros};

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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Paiement {
    #[serde(rename = "paymentId")]
    pub payment_id: String,
    #[serde(rename = "paymentDate")]
    pub payment_date: NaiveDate,
    #[serde(rename = "beneficiaryFirstName")]
    pub beneficiary_first_name: String,
    #[serde(rename = "beneficiaryLastName")]
    pub beneficiary_last_name: String,
    /// ASSURE (paid to the member's account) or PROFESSIONNEL_DE_SANTE (tiers payant).
    pub destinataire: String,
    pub nom_destinataire: String,
    pub montant_depense: Euros,
    pub montant_secu: Euros,
    pub montant_rembourse: Euros,
    pub reste_a_charge: Euros,
    /// The lines; absent from the recent-payments list, which loads them per payment.
    #[serde(rename = "detailRemboursement", skip_serializing_if = "Option::is_none")]
    pub detail_remboursement: Option<Vec<Ligne>>,
    /// Whose care it paid, for the rules that read it (`rules/confidentialite.rs`).
    #[serde(skip)]
    pub beneficiaire_id: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ligne {
    pub id_ligne: i64,
    pub code_acte: String,
    /// The act's label.
    #[serde(rename = "labelExternalCode")]
    pub label_external_code: String,
    /// The day of care.
    #[serde(rename = "startDate")]
    pub start_date: NaiveDate,
    pub professionnel_sante: String,
    /// What the member spent.
    #[serde(rename = "expenseAmount")]
    pub expense_amount: Euros,
    pub base_remboursement: Euros,
    pub taux_secu: i64,
    pub montant_secu: Euros,
    /// What the mutual paid.
    #[serde(rename = "refundableAmount")]
    pub refundable_amount: Euros,
    pub reste_a_charge: Euros,
    pub tiers_payant: bool,
    /// PAYE or REJETE.
    pub statut: String,
    pub motif_rejet: Option<String>,
}

const PAIEMENT_SELECT: &str =
    "SELECT p.id, p.date_paiement, b.prenom, b.nom, p.destinataire, p.nom_destinataire,
        sum(l.montant_depense), sum(l.montant_secu), sum(l.montant_mutuelle), sum(l.reste_a_charge),
        p.beneficiaire_id
    FROM paiements p
    JOIN beneficiaires b ON b.id = p.beneficiaire_id
    JOIN lignes_prestation l ON l.paiement_id = p.id";

const PAIEMENT_GROUP: &str = "GROUP BY p.id ORDER BY p.date_paiement DESC, p.id DESC";

fn paiement(row: &Row) -> rusqlite::Result<Paiement> {
    Ok(Paiement {
        payment_id: row.get(0)?,
        payment_date: row.get(1)?,
        beneficiary_first_name: row.get(2)?,
        beneficiary_last_name: row.get(3)?,
        destinataire: row.get(4)?,
        nom_destinataire: row.get(5)?,
        montant_depense: row.get(6)?,
        montant_secu: row.get(7)?,
        montant_rembourse: row.get(8)?,
        reste_a_charge: row.get(9)?,
        detail_remboursement: None,
        beneficiaire_id: row.get(10)?,
    })
}

pub fn lignes(db: &Connection, payment_id: &str) -> rusqlite::Result<Vec<Ligne>> {
    let mut statement = db.prepare_cached(
        "SELECT id, code_acte, libelle_acte, date_soins, professionnel_sante, montant_depense, base_remboursement,
                taux_secu, montant_secu, montant_mutuelle, reste_a_charge, tiers_payant, statut, motif_rejet
         FROM lignes_prestation WHERE paiement_id = ?1 ORDER BY date_soins, id",
    )?;
    let rows = statement.query_map([payment_id], |row| {
        Ok(Ligne {
            id_ligne: row.get(0)?,
            code_acte: row.get(1)?,
            label_external_code: row.get(2)?,
            start_date: row.get(3)?,
            professionnel_sante: row.get(4)?,
            expense_amount: row.get(5)?,
            base_remboursement: row.get(6)?,
            taux_secu: row.get(7)?,
            montant_secu: row.get(8)?,
            refundable_amount: row.get(9)?,
            reste_a_charge: row.get(10)?,
            tiers_payant: row.get(11)?,
            statut: row.get(12)?,
            motif_rejet: row.get(13)?,
        })
    })?;
    rows.collect()
}

/// Filters of the payment lists: a period of payment, a beneficiary, and whether only those paid
/// to health professionals under tiers payant.
pub struct Filtre {
    pub date_debut: Option<NaiveDate>,
    pub date_fin: Option<NaiveDate>,
    pub id_beneficiaire: Option<i64>,
    pub professionnels_seulement: bool,
}

/// The member's payments within the filter, newest first, each with its lines.
pub fn detailles(db: &Connection, person_number: &str, filtre: &Filtre) -> rusqlite::Result<Vec<Paiement>> {
    let mut statement = db.prepare(&format!(
        "{PAIEMENT_SELECT}
         WHERE p.numero_personne = ?1
           AND (?2 IS NULL OR p.date_paiement >= ?2)
           AND (?3 IS NULL OR p.date_paiement <= ?3)
           AND (?4 IS NULL OR p.beneficiaire_id = ?4)
           AND (NOT ?5 OR p.destinataire = 'PROFESSIONNEL_DE_SANTE')
         {PAIEMENT_GROUP}"
    ))?;
    let paiements = statement
        .query_map(
            params![
                person_number,
                filtre.date_debut,
                filtre.date_fin,
                filtre.id_beneficiaire,
                filtre.professionnels_seulement
            ],
            paiement,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    paiements
        .into_iter()
        .map(|mut paiement| {
            paiement.detail_remboursement = Some(lignes(db, &paiement.payment_id)?);
            Ok(paiement)
        })
        .collect()
}

/// The member's payments of their last `jours` payment days, without their lines.
pub fn recents(db: &Connection, numero_personne: &str, jours: i64) -> rusqlite::Result<Vec<Paiement>> {
    let mut statement = db.prepare(&format!(
        "{PAIEMENT_SELECT}
         WHERE p.numero_personne = ?1 AND p.date_paiement IN (
             SELECT DISTINCT date_paiement FROM paiements WHERE numero_personne = ?1
             ORDER BY date_paiement DESC LIMIT ?2)
         {PAIEMENT_GROUP}"
    ))?;
    let paiements = statement.query_map(params![numero_personne, jours], paiement)?;
    paiements.collect()
}

/// Whose care the payment `id` paid, and the day it was paid; `None` when there is no such payment.
pub fn beneficiaire_et_jour(db: &Connection, id: &str) -> rusqlite::Result<Option<(i64, NaiveDate)>> {
    db.query_row("SELECT beneficiaire_id, date_paiement FROM paiements WHERE id = ?1", [id], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}

/// The member of the payment `id`; `None` when there is no such payment.
pub fn titulaire(db: &Connection, id: &str) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT numero_personne FROM paiements WHERE id = ?1", [id], |row| row.get(0)).optional()
}

/// The former flat list, one entry per line, kept for older clients.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub numero_decompte: String,
    pub date_soins: NaiveDate,
    pub date_paiement: NaiveDate,
    pub beneficiaire: String,
    pub code_acte: String,
    pub libelle_acte: String,
    pub montant_depense: Euros,
    pub montant_secu: Euros,
    pub montant_rembourse: Euros,
    pub reste_a_charge: Euros,
    pub statut: String,
    /// Whose care it was, for the rules that read it (`rules/confidentialite.rs`).
    #[serde(skip)]
    pub beneficiaire_id: i64,
}

/// Every line of the member's payments, the latest care first.
pub fn lignes_a_plat(db: &Connection, numero_personne: &str) -> rusqlite::Result<Vec<Claim>> {
    let mut statement = db.prepare(
        "SELECT p.id, l.date_soins, p.date_paiement, b.prenom || ' ' || b.nom, l.code_acte, l.libelle_acte,
                l.montant_depense, l.montant_secu, l.montant_mutuelle, l.reste_a_charge, l.statut, p.beneficiaire_id
         FROM lignes_prestation l
         JOIN paiements p ON p.id = l.paiement_id
         JOIN beneficiaires b ON b.id = p.beneficiaire_id
         WHERE p.numero_personne = ?1 ORDER BY l.date_soins DESC, l.id DESC",
    )?;
    let claims = statement.query_map([numero_personne], |row| {
        Ok(Claim {
            numero_decompte: row.get(0)?,
            date_soins: row.get(1)?,
            date_paiement: row.get(2)?,
            beneficiaire: row.get(3)?,
            code_acte: row.get(4)?,
            libelle_acte: row.get(5)?,
            montant_depense: row.get(6)?,
            montant_secu: row.get(7)?,
            montant_rembourse: row.get(8)?,
            reste_a_charge: row.get(9)?,
            statut: row.get(10)?,
            beneficiaire_id: row.get(11)?,
        })
    })?;
    claims.collect()
}

/// The payment a statement line belongs to, and its beneficiary; `None` when there is no such
/// line.
pub fn ligne(db: &Connection, id_ligne: i64) -> rusqlite::Result<Option<(String, i64)>> {
    db.query_row(
        "SELECT l.paiement_id, p.beneficiaire_id FROM lignes_prestation l
         JOIN paiements p ON p.id = l.paiement_id WHERE l.id = ?1",
        [id_ligne],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}

/// A payment to write.
pub struct NouveauPaiement<'a> {
    pub id: &'a str,
    pub numero_personne: &'a str,
    pub beneficiaire_id: i64,
    pub date_paiement: NaiveDate,
    /// ASSURE or PROFESSIONNEL_DE_SANTE.
    pub destinataire: &'a str,
    pub nom_destinataire: &'a str,
}

pub fn inserer(db: &Connection, paiement: &NouveauPaiement<'_>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO paiements (id, numero_personne, beneficiaire_id, date_paiement, destinataire, nom_destinataire)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            paiement.id,
            paiement.numero_personne,
            paiement.beneficiaire_id,
            paiement.date_paiement,
            paiement.destinataire,
            paiement.nom_destinataire
        ],
    )?;
    Ok(())
}

/// A line of a payment to write: what was spent on an act of care, and who paid what.
pub struct NouvelleLigne<'a> {
    pub paiement_id: &'a str,
    pub date_soins: NaiveDate,
    pub code_acte: &'a str,
    pub libelle_acte: &'a str,
    pub professionnel_sante: &'a str,
    pub montant_depense: Cents,
    pub base_remboursement: Cents,
    pub taux_secu: i64,
    pub montant_secu: Cents,
    pub montant_mutuelle: Cents,
    pub tiers_payant: bool,
    /// PAYE or REJETE.
    pub statut: &'a str,
    pub motif_rejet: Option<&'a str>,
}

/// Writes the line; what is left to the member is what the Sécurité sociale and the mutual did
/// not pay.
pub fn inserer_ligne(db: &Connection, ligne: &NouvelleLigne<'_>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO lignes_prestation (paiement_id, date_soins, code_acte, libelle_acte, professionnel_sante,
            montant_depense, base_remboursement, taux_secu, montant_secu, montant_mutuelle, reste_a_charge,
            tiers_payant, statut, motif_rejet)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            ligne.paiement_id,
            ligne.date_soins,
            ligne.code_acte,
            ligne.libelle_acte,
            ligne.professionnel_sante,
            ligne.montant_depense,
            ligne.base_remboursement,
            ligne.taux_secu,
            ligne.montant_secu,
            ligne.montant_mutuelle,
            ligne.montant_depense - ligne.montant_secu - ligne.montant_mutuelle,
            ligne.tiers_payant,
            ligne.statut,
            ligne.motif_rejet,
        ],
    )?;
    Ok(())
}

/// The rank of the next payment among the mutual's (`PAI` and eight digits).
pub fn prochain_rang(db: &Connection) -> rusqlite::Result<u32> {
    db.query_row(
        "SELECT coalesce(max(CAST(substr(id, 4) AS INTEGER)), 0) + 1 FROM paiements WHERE id GLOB 'PAI[0-9]*'",
        [],
        |row| row.get(0),
    )
}

/// A payment as the mutual's back office lists it, in all.
pub struct PaiementRecapitule {
    pub id: String,
    pub date: NaiveDate,
    pub beneficiaire: String,
    pub destinataire: String,
    pub depense: Cents,
    pub rembourse: Cents,
}

/// The member's latest `nombre` payments, newest first.
pub fn derniers(db: &Connection, numero: &str, nombre: i64) -> rusqlite::Result<Vec<PaiementRecapitule>> {
    let mut statement = db.prepare(
        "SELECT p.id, p.date_paiement, b.prenom || ' ' || b.nom, p.nom_destinataire,
                sum(l.montant_depense), sum(l.montant_mutuelle)
         FROM paiements p
         JOIN beneficiaires b ON b.id = p.beneficiaire_id
         JOIN lignes_prestation l ON l.paiement_id = p.id
         WHERE p.numero_personne = ?1
         GROUP BY p.id ORDER BY p.date_paiement DESC, p.id DESC LIMIT ?2",
    )?;
    statement
        .query_map(params![numero, nombre], |row| {
            Ok(PaiementRecapitule {
                id: row.get(0)?,
                date: row.get(1)?,
                beneficiaire: row.get(2)?,
                destinataire: row.get(3)?,
                depense: row.get(4)?,
                rembourse: row.get(5)?,
            })
        })?
        .collect()
}
