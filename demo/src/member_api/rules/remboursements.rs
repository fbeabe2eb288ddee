//! What the mutual pays for an act of care: the Sécurité sociale's share of its base, and the
//! mutual's by the guarantee of the product, within its ceiling. The seed computes its members'
//! payments by these rules, and so does the back office when it adds one.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};

use super::catalogue::{Garantie, Plafond, Produit, acte_par_code};
use crate::member_api::store::montant::Cents;

/// A payment's id: `PAI` and its rank among the mutual's payments, on eight digits.
pub fn paiement_id(rang: u32) -> String {
    format!("PAI{rang:08}")
}

/// What the mutual already paid under each guarantee with a ceiling, per beneficiary and period.
#[derive(Default)]
pub struct Consommation(HashMap<(usize, usize, i32), Cents>);

impl Consommation {
    /// What the statements already show paid to one beneficiary (counted as the first) under the
    /// guarantee of `produit` that pays `code_acte`, over its ceiling's period that holds on
    /// `date_soins`: `paye(actes, du, au)` reads what the mutual paid for these acts, for care
    /// between the two days.
    pub fn lue(
        produit: &Produit,
        code_acte: &str,
        date_soins: NaiveDate,
        paye: impl FnOnce(&[&str], NaiveDate, NaiveDate) -> rusqlite::Result<Cents>,
    ) -> rusqlite::Result<Self> {
        let mut consomme = Self::default();
        let garanties = produit.garanties();
        if let Some((index, garantie, plafond)) = garantie_plafonnee(&garanties, code_acte) {
            let periode = periode(date_soins, plafond);
            let premiere = periode * plafond.annees;
            let du = NaiveDate::from_ymd_opt(premiere, 1, 1).unwrap_or(NaiveDate::MIN);
            let au = NaiveDate::from_ymd_opt(premiere + plafond.annees - 1, 12, 31).unwrap_or(NaiveDate::MAX);
            consomme.0.insert((0, index, periode), paye(garantie.actes, du, au)?);
        }
        Ok(consomme)
    }
}

/// The guarantee that pays `code_acte`, with its position among the product's.
fn garantie_de<'a>(garanties: &'a [Garantie], code_acte: &str) -> Option<(usize, &'a Garantie)> {
    garanties.iter().enumerate().find(|(_, garantie)| garantie.actes.contains(&code_acte))
}

fn garantie_plafonnee<'a>(
    garanties: &'a [Garantie],
    code_acte: &str,
) -> Option<(usize, &'a Garantie, Plafond)> {
    garantie_de(garanties, code_acte).and_then(|(index, garantie)| Some((index, garantie, garantie.plafond?)))
}

/// The ceiling's period holding `date_soins`: ceilings run over calendar years, by blocks of
/// their length.
fn periode(date_soins: NaiveDate, plafond: Plafond) -> i32 {
    date_soins.year().div_euclid(plafond.annees)
}

/// The amounts of one reimbursement line.
pub struct Ligne {
    pub base: Cents,
    pub secu: Cents,
    pub mutuelle: Cents,
    /// Whether a guarantee pays the act at all: otherwise the line is rejected.
    pub couvert: bool,
}

impl Ligne {
    /// The `statut` of `lignes_prestation`.
    pub fn statut(&self) -> &'static str {
        if self.couvert { "PAYE" } else { "REJETE" }
    }

    pub fn motif_rejet(&self) -> Option<&'static str> {
        (!self.couvert).then_some("Acte non couvert par votre garantie")
    }
}

/// One reimbursement line: the Sécurité sociale pays its rate of the base, minus the flat
/// contribution; the mutual pays what the guarantee allows, never more than what is left of
/// the expense once the Sécurité sociale's gross share is taken, nor beyond its ceiling.
/// `beneficiaire` counts the member's beneficiaries, for `consomme`; `code_acte` is one of
/// [`catalogue::ACTES`].
pub fn remboursement(
    produit: &Produit,
    code_acte: &str,
    depense: Cents,
    beneficiaire: usize,
    date_soins: NaiveDate,
    consomme: &mut Consommation,
) -> Ligne {
    let acte = acte_par_code(code_acte);
    let base = acte.base.unwrap_or(depense);
    let secu_brut = base * acte.taux_secu / 100;
    let secu = (secu_brut - acte.participation_forfaitaire).max(0);
    let reste = depense - secu_brut;
    let garanties = produit.garanties();
    let Some((index, garantie)) = garantie_de(&garanties, code_acte) else {
        return Ligne { base, secu, mutuelle: 0, couvert: false };
    };
    let mut mutuelle = garantie.couverture.part_mutuelle(base, secu_brut, reste, 1);
    if let Some(plafond) = garantie.plafond {
        let periode = periode(date_soins, plafond);
        let deja = consomme.0.entry((beneficiaire, index, periode)).or_default();
        mutuelle = mutuelle.min(plafond.montant - *deja).max(0);
        *deja += mutuelle;
    }
    Ligne { base, secu, mutuelle, couvert: true }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::rules::catalogue::{self, produit};

    #[test]
    fn a_consultation_leaves_the_flat_contribution_to_the_member() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let day = NaiveDate::from_ymd_opt(2025, 3, 1).unwrap();
        let ligne = remboursement(produit, "CS", 6_000, 0, day, &mut Default::default());
        // Base 30 €, 70 %: 21 € minus the 2 € contribution; the mutual tops up to 200 % BRSS.
        assert_eq!((ligne.secu, ligne.mutuelle), (1_900, 3_900));
        assert_eq!(6_000 - ligne.secu - ligne.mutuelle, 200);
    }

    #[test]
    fn a_yearly_ceiling_stops_the_mutual_share() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let mut consomme = Consommation::default();
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let paid: Vec<Cents> =
            (0..5).map(|_| remboursement(produit, "OST", 6_000, 0, day, &mut consomme).mutuelle).collect();
        // 40 € a session, 150 € a year.
        assert_eq!(paid, [4_000, 4_000, 4_000, 3_000, 0]);
    }

    #[test]
    fn a_ceiling_counts_what_the_statements_already_show_for_its_period() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let mut asked = None;
        let mut consomme = Consommation::lue(produit, "OST", day, |actes, du, au| {
            asked = Some((actes.contains(&"OST"), du, au));
            Ok(13_000)
        })
        .unwrap();
        let year =
            (NaiveDate::from_ymd_opt(2025, 1, 1).unwrap(), NaiveDate::from_ymd_opt(2025, 12, 31).unwrap());
        assert_eq!(asked, Some((true, year.0, year.1)));
        // 130 € of the 150 € a year already paid: 20 € left of the 40 € a session.
        assert_eq!(remboursement(produit, "OST", 6_000, 0, day, &mut consomme).mutuelle, 2_000);
    }

    #[test]
    fn an_act_without_guarantee_is_rejected() {
        let produit = produit(catalogue::SANTE_SENIOR_ESSENTIEL);
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let ligne = remboursement(produit, "OST", 5_500, 0, day, &mut Default::default());
        assert!(!ligne.couvert);
        assert_eq!(ligne.mutuelle, 0);
        assert_eq!(
            (ligne.statut(), ligne.motif_rejet()),
            ("REJETE", Some("Acte non couvert par votre garantie"))
        );
    }
}
