//! The members' contracts (`contrats`), the people each covers (`contrat_beneficiaires`) and
//! their contribution schedules (`echeances`).

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::montant::Euros;

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

/// A contract as the member reads it.
pub struct Contrat {
    pub id: i64,
    pub numero_contrat: String,
    pub code_produit: String,
    pub libelle_produit: String,
    pub type_contrat: String,
    pub entreprise: Option<String>,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub motif_fin: Option<String>,
    pub cotisation: i64,
    pub periodicite: String,
    pub mode_paiement: String,
    /// The day of the month its contributions are debited.
    pub jour_prelevement: u32,
}

impl Contrat {
    /// A member's contracts, the one in force first, then the latest.
    pub fn all(db: &Connection, person_number: &str) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare(
            "SELECT c.id, c.numero_contrat, c.code_produit, p.libelle, c.type_contrat, c.entreprise, c.date_debut,
                    c.date_fin, c.motif_fin, c.cotisation, c.periodicite, c.mode_paiement, c.jour_prelevement
             FROM contrats c JOIN produits p ON p.code = c.code_produit
             WHERE c.numero_personne = ?1 ORDER BY c.date_fin IS NOT NULL, c.date_debut DESC",
        )?;
        let rows = statement.query_map([person_number], |row| {
            Ok(Self {
                id: row.get(0)?,
                numero_contrat: row.get(1)?,
                code_produit: row.get(2)?,
                libelle_produit: row.get(3)?,
                type_contrat: row.get(4)?,
                entreprise: row.get(5)?,
                date_debut: row.get(6)?,
                date_fin: row.get(7)?,
                motif_fin: row.get(8)?,
                cotisation: row.get(9)?,
                periodicite: row.get(10)?,
                mode_paiement: row.get(11)?,
                jour_prelevement: row.get(12)?,
            })
        })?;
        rows.collect()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Couvert {
    pub id: i64,
    pub prenom: String,
    pub nom: String,
    pub lien: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Echeance {
    pub date_echeance: NaiveDate,
    pub periode_debut: NaiveDate,
    pub periode_fin: NaiveDate,
    pub montant: Euros,
    /// A_VENIR before its day; REJETEE when the bank rejected the debit; EN_COURS for the days a
    /// bank may still return it; REGLEE after.
    pub statut: &'static str,
    /// The bank's reason, for a rejected debit (« provision insuffisante »).
    pub motif_rejet: Option<String>,
    /// A rejected debit the member settles in instalments (`plans_reglement`): no longer owed
    /// at once.
    #[serde(skip)]
    pub en_plan: bool,
}

/// How long after its day a direct debit may still come back rejected: a SEPA core debit is
/// returned within five business days, a week of calendar days.
const DELAI_DE_REJET_JOURS: i64 = 7;

pub fn couverts(db: &Connection, contrat: i64) -> rusqlite::Result<Vec<Couvert>> {
    let mut statement = db.prepare(
        "SELECT b.id, b.prenom, b.nom, b.lien FROM contrat_beneficiaires cb JOIN beneficiaires b ON b.id = cb.beneficiaire_id
         WHERE cb.contrat_id = ?1
         ORDER BY CASE b.lien WHEN 'ASSURE_PRINCIPAL' THEN 0 WHEN 'CONJOINT' THEN 1 ELSE 2 END, b.date_naissance",
    )?;
    let rows = statement.query_map([contrat], |row| {
        Ok(Couvert { id: row.get(0)?, prenom: row.get(1)?, nom: row.get(2)?, lien: row.get(3)? })
    })?;
    rows.collect()
}

pub fn echeancier(db: &Connection, contrat: i64, today: NaiveDate) -> rusqlite::Result<Vec<Echeance>> {
    let mut statement = db.prepare(
        "SELECT e.date_echeance, e.periode_debut, e.periode_fin, e.montant, m.libelle, e.plan_id IS NOT NULL,
                e.paiement_id IS NOT NULL
         FROM echeances e LEFT JOIN motifs_rejet m ON m.code = e.rejet_code
         WHERE e.contrat_id = ?1 ORDER BY e.date_echeance",
    )?;
    let rows = statement.query_map([contrat], |row| {
        let date_echeance: NaiveDate = row.get(0)?;
        let paye_en_ligne: bool = row.get(6)?;
        // A rejected debit paid since by card is settled: its rejection is history.
        let motif_rejet: Option<String> = row.get::<_, Option<String>>(4)?.filter(|_| !paye_en_ligne);
        let statut = if date_echeance >= today {
            "A_VENIR"
        } else if paye_en_ligne {
            "REGLEE"
        } else if motif_rejet.is_some() {
            "REJETEE"
        } else if (today - date_echeance).num_days() <= DELAI_DE_REJET_JOURS {
            "EN_COURS"
        } else {
            "REGLEE"
        };
        Ok(Echeance {
            date_echeance,
            periode_debut: row.get(1)?,
            periode_fin: row.get(2)?,
            montant: row.get(3)?,
            statut,
            motif_rejet,
            en_plan: row.get(5)?,
        })
    })?;
    rows.collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EcheanceProchaine {
    pub numero_contrat: String,
    pub date_echeance: NaiveDate,
    pub montant: Euros,
    pub mode_paiement: String,
    /// What the member owes, when the bank rejected a debit: the home says so first.
    pub impaye: Option<Impaye>,
}

/// The contributions the member owes, and the latest rejected debit's day and reason.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Impaye {
    pub montant: Euros,
    pub date_echeance: NaiveDate,
    pub motif_rejet: String,
}

/// What the member owes on all their contracts, when the bank rejected a debit.
fn impaye(db: &Connection, numero_personne: &str) -> rusqlite::Result<Option<Impaye>> {
    db.query_row(
        "SELECT (SELECT sum(e2.montant) FROM echeances e2 JOIN contrats c2 ON c2.id = e2.contrat_id
                 WHERE c2.numero_personne = ?1 AND e2.rejet_code IS NOT NULL AND e2.plan_id IS NULL
                   AND e2.paiement_id IS NULL),
                e.date_echeance, m.libelle
         FROM echeances e JOIN contrats c ON c.id = e.contrat_id JOIN motifs_rejet m ON m.code = e.rejet_code
         WHERE c.numero_personne = ?1 AND e.plan_id IS NULL AND e.paiement_id IS NULL
         ORDER BY e.date_echeance DESC LIMIT 1",
        [numero_personne],
        |row| Ok(Impaye { montant: row.get(0)?, date_echeance: row.get(1)?, motif_rejet: row.get(2)? }),
    )
    .optional()
}

/// The next call for funds of any of the member's contracts, on or after `jour`.
pub fn echeance_prochaine(
    db: &Connection,
    numero_personne: &str,
    jour: NaiveDate,
) -> rusqlite::Result<Option<EcheanceProchaine>> {
    let impaye = impaye(db, numero_personne)?;
    db.query_row(
        "SELECT c.numero_contrat, e.date_echeance, e.montant, c.mode_paiement
             FROM echeances e JOIN contrats c ON c.id = e.contrat_id
             WHERE c.numero_personne = ?1 AND e.date_echeance >= ?2
             ORDER BY e.date_echeance LIMIT 1",
        params![numero_personne, jour],
        |row| {
            Ok(EcheanceProchaine {
                numero_contrat: row.get(0)?,
                date_echeance: row.get(1)?,
                montant: row.get(2)?,
                mode_paiement: row.get(3)?,
                impaye,
            })
        },
    )
    .optional()
}

/// The contracts covering the beneficiary.
pub fn du_couvert(db: &Connection, beneficiaire: i64) -> rusqlite::Result<Vec<i64>> {
    let mut statement =
        db.prepare_cached("SELECT contrat_id FROM contrat_beneficiaires WHERE beneficiaire_id = ?1")?;
    statement.query_map([beneficiaire], |row| row.get::<_, i64>(0))?.collect()
}

/// A contract covering the person, with its dates.
pub struct Periode {
    pub numero: String,
    pub produit: String,
    pub debut: NaiveDate,
    pub fin: Option<NaiveDate>,
}

/// The contracts covering the beneficiary, oldest first.
pub fn periodes_du_couvert(db: &Connection, beneficiaire: i64) -> rusqlite::Result<Vec<Periode>> {
    let mut statement = db.prepare(
        "SELECT c.numero_contrat, p.libelle, c.date_debut, c.date_fin
         FROM contrat_beneficiaires cb JOIN contrats c ON c.id = cb.contrat_id JOIN produits p ON p.code = c.code_produit
         WHERE cb.beneficiaire_id = ?1 ORDER BY c.date_debut",
    )?;
    let rows = statement.query_map([beneficiaire], |row| {
        Ok(Periode { numero: row.get(0)?, produit: row.get(1)?, debut: row.get(2)?, fin: row.get(3)? })
    })?;
    rows.collect()
}

/// The member of the contract numbered `numero_contrat`; `None` when there is no such contract.
pub fn titulaire(db: &Connection, numero_contrat: &str) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT numero_personne FROM contrats WHERE numero_contrat = ?1", [numero_contrat], |row| {
        row.get(0)
    })
    .optional()
}

/// Whether one of the member's contracts covered `date`, for the beneficiary when one is named.
pub fn couvraient(
    db: &Connection,
    numero_personne: &str,
    beneficiaire: Option<i64>,
    date: NaiveDate,
) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM contrats c
             WHERE c.numero_personne = ?1 AND c.date_debut <= ?3 AND (c.date_fin IS NULL OR c.date_fin >= ?3)
               AND (?2 IS NULL OR EXISTS (SELECT 1 FROM contrat_beneficiaires cb
                                          WHERE cb.contrat_id = c.id AND cb.beneficiaire_id = ?2)))",
        params![numero_personne, beneficiaire, date],
        |row| row.get(0),
    )
}

/// The contract covers the beneficiary from now on.
pub fn couvrir(db: &Connection, contrat: i64, beneficiaire: i64) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO contrat_beneficiaires (contrat_id, beneficiaire_id) VALUES (?1, ?2)",
        params![contrat, beneficiaire],
    )?;
    Ok(())
}

/// The age up to which the contract covers a child.
pub fn age_limite_enfant(db: &Connection, contrat: i64) -> rusqlite::Result<u32> {
    db.query_row("SELECT age_limite_enfant FROM contrats WHERE id = ?1", [contrat], |row| row.get(0))
}

/// A contract to write.
pub struct NouveauContrat<'a> {
    pub numero_personne: &'a str,
    pub numero_contrat: &'a str,
    pub code_produit: &'a str,
    pub type_contrat: &'a str,
    pub entreprise: Option<&'a str>,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub motif_fin: Option<&'a str>,
    pub cotisation: i64,
    pub periodicite: &'a str,
    pub mode_paiement: &'a str,
    /// Taken out under the loi Madelin (a self-employed member's).
    pub madelin: bool,
}

/// Writes the contract; its id.
pub fn inserer(db: &Connection, contrat: &NouveauContrat<'_>) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO contrats (numero_personne, numero_contrat, code_produit, type_contrat, entreprise,
            date_debut, date_fin, motif_fin, cotisation, periodicite, mode_paiement, madelin)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            contrat.numero_personne,
            contrat.numero_contrat,
            contrat.code_produit,
            contrat.type_contrat,
            contrat.entreprise,
            contrat.date_debut,
            contrat.date_fin,
            contrat.motif_fin,
            contrat.cotisation,
            contrat.periodicite,
            contrat.mode_paiement,
            contrat.madelin,
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// A call for funds of the contract, due on `date_echeance`, for the period from its first to
/// its last day.
/// The contract's contributions are debited on `jour` of the month from now on: each call for
/// funds due on `a_partir_du` or later, and whose new day is too, moves to that day of its
/// period; those before keep theirs.
pub fn changer_jour_prelevement(
    db: &Connection,
    contrat: i64,
    jour: u32,
    a_partir_du: NaiveDate,
) -> rusqlite::Result<()> {
    db.execute("UPDATE contrats SET jour_prelevement = ?2 WHERE id = ?1", params![contrat, jour])?;
    db.execute(
        "UPDATE echeances SET date_echeance = date(periode_debut, '+' || (?2 - 1) || ' days')
         WHERE contrat_id = ?1 AND rejet_code IS NULL AND date_echeance >= ?3
           AND date(periode_debut, '+' || (?2 - 1) || ' days') >= ?3",
        params![contrat, jour, a_partir_du],
    )?;
    Ok(())
}

/// A plan to settle rejected debits in monthly instalments.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanReglement {
    pub montant: Euros,
    pub mensualites: Vec<Mensualite>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Mensualite {
    pub date_prelevement: NaiveDate,
    pub montant: Euros,
}

/// The contract's plan whose last instalment is on `jour` or later.
pub fn plan_en_cours(
    db: &Connection,
    contrat: i64,
    jour: NaiveDate,
) -> rusqlite::Result<Option<PlanReglement>> {
    let plan = db
        .query_row(
            "SELECT p.id, p.montant FROM plans_reglement p
             WHERE p.contrat_id = ?1 AND (SELECT max(date_prelevement) FROM mensualites WHERE plan_id = p.id) >= ?2
             ORDER BY p.id DESC LIMIT 1",
            params![contrat, jour],
            |row| Ok((row.get::<_, i64>(0)?, row.get::<_, Euros>(1)?)),
        )
        .optional()?;
    let Some((id, montant)) = plan else { return Ok(None) };
    let mut statement = db.prepare_cached(
        "SELECT date_prelevement, montant FROM mensualites WHERE plan_id = ?1 ORDER BY date_prelevement",
    )?;
    let mensualites = statement
        .query_map([id], |row| Ok(Mensualite { date_prelevement: row.get(0)?, montant: row.get(1)? }))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some(PlanReglement { montant, mensualites }))
}

/// Records a plan settling every rejected debit of `contrat` not in a plan yet, for `montant`
/// cents, in `mensualites` (day, cents); its id.
pub fn inserer_plan(
    db: &Connection,
    contrat: i64,
    montant: i64,
    mensualites: &[(NaiveDate, i64)],
    at: chrono::DateTime<chrono::Utc>,
) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO plans_reglement (contrat_id, montant, cree_le) VALUES (?1, ?2, ?3)",
        params![contrat, montant, super::horodatage::horodatage(at)],
    )?;
    let plan = db.last_insert_rowid();
    for (date, cents) in mensualites {
        db.execute(
            "INSERT INTO mensualites (plan_id, date_prelevement, montant) VALUES (?1, ?2, ?3)",
            params![plan, date, cents],
        )?;
    }
    db.execute(
        "UPDATE echeances SET plan_id = ?2
         WHERE contrat_id = ?1 AND rejet_code IS NOT NULL AND plan_id IS NULL AND paiement_id IS NULL",
        params![contrat, plan],
    )?;
    Ok(plan)
}

/// The latest call for funds of `contrat` due before `jour`.
pub fn derniere_echue(db: &Connection, contrat: i64, jour: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
    db.query_row(
        "SELECT max(date_echeance) FROM echeances WHERE contrat_id = ?1 AND date_echeance < ?2",
        params![contrat, jour],
        |row| row.get(0),
    )
}

/// The latest call for funds of `contrat` due before `jour` whose debit the bank has not returned.
pub fn derniere_echue_non_rejetee(
    db: &Connection,
    contrat: i64,
    jour: NaiveDate,
) -> rusqlite::Result<Option<NaiveDate>> {
    db.query_row(
        "SELECT max(date_echeance) FROM echeances
         WHERE contrat_id = ?1 AND date_echeance < ?2 AND rejet_code IS NULL AND montant > 0",
        params![contrat, jour],
        |row| row.get(0),
    )
}

/// The banks' reasons for returning a debit (ISO 20022 codes), with their words.
pub fn motifs_rejet(db: &Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut statement = db.prepare("SELECT code, libelle FROM motifs_rejet ORDER BY libelle")?;
    let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// The bank rejected, on `le`, the debit of the call for funds of `contrat` due on `date`, for
/// the reason `code` (one of `motifs_rejet`).
pub fn rejeter(
    db: &Connection,
    contrat: i64,
    date: NaiveDate,
    code: &str,
    le: NaiveDate,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE echeances SET rejet_code = ?3, rejet_le = ?4 WHERE contrat_id = ?1 AND date_echeance = ?2",
        params![contrat, date, code, le],
    )?;
    Ok(())
}

pub fn ajouter_echeance(
    db: &Connection,
    contrat: i64,
    date_echeance: NaiveDate,
    (periode_debut, periode_fin): (NaiveDate, NaiveDate),
    montant: i64,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO echeances (contrat_id, date_echeance, periode_debut, periode_fin, montant)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![contrat, date_echeance, periode_debut, periode_fin, montant],
    )?;
    Ok(())
}

/// The label of the product of the contract numbered `numero_contrat`.
pub fn libelle_produit(db: &Connection, numero_contrat: &str) -> rusqlite::Result<String> {
    db.query_row(
        "SELECT p.libelle FROM contrats c JOIN produits p ON p.code = c.code_produit
         WHERE c.numero_contrat = ?1",
        [numero_contrat],
        |row| row.get(0),
    )
}

/// The product of the latest contract covering the beneficiary on `date`, if one did.
pub fn produit_le(db: &Connection, beneficiaire: i64, date: NaiveDate) -> rusqlite::Result<Option<String>> {
    db.query_row(
        "SELECT c.code_produit FROM contrat_beneficiaires cb JOIN contrats c ON c.id = cb.contrat_id
         WHERE cb.beneficiaire_id = ?1 AND c.date_debut <= ?2 AND (c.date_fin IS NULL OR c.date_fin >= ?2)
         ORDER BY c.date_debut DESC LIMIT 1",
        params![beneficiaire, date],
        |row| row.get(0),
    )
    .optional()
}

/// A contribution of one of the member's contracts, settled in a year.
pub struct CotisationReglee {
    pub numero_contrat: String,
    pub madelin: bool,
    pub date_echeance: NaiveDate,
    pub periode_debut: NaiveDate,
    pub periode_fin: NaiveDate,
    /// Cents.
    pub montant: i64,
}

/// The contributions of the member's contracts due in `annee` and settled by `aujourdhui` (a
/// call for funds is settled once its day has passed, unless the bank rejected its debit and
/// it was not paid online since), by contract then date.
pub fn cotisations_reglees(
    db: &Connection,
    numero_personne: &str,
    annee: i32,
    aujourdhui: NaiveDate,
) -> rusqlite::Result<Vec<CotisationReglee>> {
    let mut statement = db.prepare(
        "SELECT c.numero_contrat, c.madelin, e.date_echeance, e.periode_debut, e.periode_fin, e.montant
         FROM echeances e JOIN contrats c ON c.id = e.contrat_id
         WHERE c.numero_personne = ?1 AND strftime('%Y', e.date_echeance) = ?2 AND e.date_echeance < ?3
           AND e.montant > 0 AND (e.rejet_code IS NULL OR e.paiement_id IS NOT NULL)
         ORDER BY c.numero_contrat, e.date_echeance",
    )?;
    let rows = statement.query_map(params![numero_personne, format!("{annee:04}"), aujourdhui], |row| {
        Ok(CotisationReglee {
            numero_contrat: row.get(0)?,
            madelin: row.get(1)?,
            date_echeance: row.get(2)?,
            periode_debut: row.get(3)?,
            periode_fin: row.get(4)?,
            montant: row.get(5)?,
        })
    })?;
    rows.collect()
}

/// Whether one of the member's contracts was taken out under the loi Madelin.
pub fn a_un_contrat_madelin(db: &Connection, numero_personne: &str) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM contrats WHERE numero_personne = ?1 AND madelin)",
        [numero_personne],
        |row| row.get(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";
    const PAUL: &str = "100004";

    fn jour() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 8).unwrap()
    }

    fn echeancier_de(db: &Connection, numero: &str) -> Vec<Echeance> {
        let contrat = Contrat::all(db, numero).unwrap().remove(0);
        echeancier(db, contrat.id, jour()).unwrap()
    }

    #[test]
    fn a_debit_is_pending_for_a_week_then_settled_unless_the_bank_rejected_it() {
        let (_dir, db) = testing::seeded(jour());
        let marie = echeancier_de(&db, MARIE);
        let statut = |jour: (u32, u32)| {
            let date = NaiveDate::from_ymd_opt(2026, jour.0, jour.1).unwrap();
            marie.iter().find(|echeance| echeance.date_echeance == date).unwrap().statut
        };
        assert_eq!(statut((2, 5)), "REGLEE");
        assert_eq!(statut((3, 5)), "EN_COURS", "three days ago: a bank may still return it");
        assert_eq!(statut((4, 5)), "A_VENIR");

        let rejetees: Vec<_> =
            echeancier_de(&db, PAUL).into_iter().filter(|echeance| echeance.statut == "REJETEE").collect();
        assert_eq!(rejetees.len(), 1, "the seed's rejected debit");
        assert_eq!(rejetees[0].motif_rejet.as_deref(), Some("provision insuffisante"));
    }

    #[test]
    fn what_is_owed_is_told_with_the_next_call_for_funds_and_left_out_of_the_settled_contributions() {
        let (_dir, db) = testing::seeded(jour());
        let prochaine = echeance_prochaine(&db, PAUL, jour()).unwrap().unwrap();
        let impaye = prochaine.impaye.unwrap();
        assert_eq!((impaye.montant.0, impaye.motif_rejet.as_str()), (3_850, "provision insuffisante"));
        let reglees = cotisations_reglees(&db, PAUL, 2026, jour()).unwrap();
        assert!(reglees.iter().all(|reglee| reglee.date_echeance != impaye.date_echeance), "not settled");
        assert!(echeance_prochaine(&db, MARIE, jour()).unwrap().unwrap().impaye.is_none());
    }
}
