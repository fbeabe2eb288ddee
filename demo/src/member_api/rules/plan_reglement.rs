//! « Régler en plusieurs fois »: what a member owes after rejected debits, spread over monthly
//! instalments debited on the contract's day (`rules/prelevement.rs`), the first one after the
//! debits already prepared. The mutual grants it from [`MINIMUM_CENTS`] owed, in
//! [`MENSUALITES`] instalments, one plan at a time.

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use rusqlite::Connection;

use super::prelevement::DELAI_JOURS;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression;
use crate::member_api::store::contrats::{self, Contrat, PlanReglement};

/// The least owed for which the mutual spreads the payment: 30,00 €.
pub const MINIMUM_CENTS: i64 = 3_000;
/// How many monthly instalments a plan may have.
pub const MENSUALITES: std::ops::RangeInclusive<u32> = 2..=4;

/// Spreads what the member owes on `numero_contrat` over `mensualites` monthly instalments, as
/// of `aujourdhui`. Call it in one transaction.
pub fn demander(
    db: &Connection,
    numero_personne: &str,
    numero_contrat: &str,
    mensualites: u32,
    aujourdhui: NaiveDate,
    at: DateTime<Utc>,
) -> Result<PlanReglement, ApiFailure> {
    if !MENSUALITES.contains(&mensualites) {
        return Err(ApiFailure::bad_request("Un règlement se fait en 2, 3 ou 4 mensualités."));
    }
    let contrat = Contrat::all(db, numero_personne)?
        .into_iter()
        .find(|contrat| contrat.numero_contrat == numero_contrat)
        .ok_or(ApiFailure::missing("Ce contrat n’est pas le vôtre ou n’existe pas."))?;
    if contrats::plan_en_cours(db, contrat.id, aujourdhui)?.is_some() {
        return Err(ApiFailure::conflict(
            "Un règlement en plusieurs fois est déjà en cours pour ce contrat.",
        ));
    }
    let du: i64 = contrats::echeancier(db, contrat.id, aujourdhui)?
        .iter()
        .filter(|echeance| echeance.statut == "REJETEE" && !echeance.en_plan)
        .map(|echeance| echeance.montant.0)
        .sum();
    if du == 0 {
        return Err(ApiFailure::unprocessable("Vous ne devez rien sur ce contrat."));
    }
    if du < MINIMUM_CENTS {
        return Err(ApiFailure::unprocessable(format!(
            "Un règlement en plusieurs fois est possible à partir de {} dus ; vous devez {}.",
            impression::montant(MINIMUM_CENTS),
            impression::montant(du)
        )));
    }
    if contrat.mode_paiement != "PRELEVEMENT" {
        return Err(ApiFailure::unprocessable(
            "Les mensualités sont prélevées : ce contrat n’est pas réglé par prélèvement.",
        ));
    }
    let premier = premier_prelevement(contrat.jour_prelevement, aujourdhui);
    let parts = repartir(du, mensualites);
    let dates = (0..mensualites).map(|mois| premier.checked_add_months(Months::new(mois)).unwrap_or(premier));
    let calendrier: Vec<(NaiveDate, i64)> = dates.zip(parts).collect();
    contrats::inserer_plan(db, contrat.id, du, &calendrier, at)?;
    contrats::plan_en_cours(db, contrat.id, aujourdhui)?
        .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("a plan just written is gone")))
}

/// The first debit day (`jour` of a month) after the debits already prepared with the bank.
fn premier_prelevement(jour: u32, aujourdhui: NaiveDate) -> NaiveDate {
    let au_plus_tot = aujourdhui + Duration::days(DELAI_JOURS);
    let ce_mois = au_plus_tot.with_day(jour).unwrap_or(au_plus_tot);
    if ce_mois >= au_plus_tot {
        ce_mois
    } else {
        ce_mois.checked_add_months(Months::new(1)).unwrap_or(ce_mois)
    }
}

/// `cents` in `parts` instalments as equal as cents allow, the first ones bearing the extra cents.
fn repartir(cents: i64, parts: u32) -> Vec<i64> {
    let parts = i64::from(parts);
    (0..parts).map(|rang| cents / parts + i64::from(rang < cents % parts)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";
    const PAUL: &str = "100004";

    fn jour(mois: u32, jour: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, mois, jour).unwrap()
    }

    #[test]
    fn what_is_owed_is_spread_to_the_cent_from_the_first_debit_not_prepared_yet() {
        assert_eq!(repartir(3_850, 3), [1_284, 1_283, 1_283]);
        assert_eq!(repartir(3_850, 3).iter().sum::<i64>(), 3_850);
        assert_eq!(premier_prelevement(5, jour(3, 8)), jour(4, 5));
        assert_eq!(premier_prelevement(15, jour(3, 6)), jour(4, 15), "the 15th is prepared from the 5th");
        assert_eq!(premier_prelevement(15, jour(3, 5)), jour(3, 15));
    }

    #[test]
    fn pauls_rejected_debit_is_spread_once_and_is_owed_at_once_no_more() {
        let (_dir, db) = testing::seeded(jour(3, 8));
        let plan = demander(&db, PAUL, "COL-000871", 2, jour(3, 8), Utc::now()).unwrap();
        let dates: Vec<_> = plan.mensualites.iter().map(|m| (m.date_prelevement, m.montant.0)).collect();
        assert_eq!(dates, [(jour(4, 5), 1_925), (jour(5, 5), 1_925)]);
        let prochaine = contrats::echeance_prochaine(&db, PAUL, jour(3, 8)).unwrap().unwrap();
        assert!(prochaine.impaye.is_none(), "no longer owed at once");
        let encore = demander(&db, PAUL, "COL-000871", 2, jour(3, 8), Utc::now()).unwrap_err();
        assert_eq!(encore.status().as_u16(), 409);
    }

    #[test]
    fn nothing_owed_is_not_spread() {
        let (_dir, db) = testing::seeded(jour(3, 8));
        let refus = demander(&db, MARIE, "IND-004512", 2, jour(3, 8), Utc::now()).unwrap_err();
        assert_eq!((refus.status().as_u16(), refus.message()), (422, "Vous ne devez rien sur ce contrat."));
        assert_eq!(
            demander(&db, MARIE, "IND-004512", 6, jour(3, 8), Utc::now()).unwrap_err().status().as_u16(),
            400
        );
    }
}
