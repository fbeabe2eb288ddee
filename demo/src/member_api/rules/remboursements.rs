//! What the mutual pays for an act of care: the Sécurité sociale's share of its base, and the
//! mutual's by the guarantee of the product, within its ceiling. The seed computes its members'
//! payments by these rules, and so does the back office when it adds one.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use rusqlite::Transaction;

use super::catalogue::{ACTES, Acte, Garantie, PRODUITS, Plafond, Produit, acte_par_code};
use super::membre::verifier_adherent;
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::pdf::impression;
use crate::member_api::store::montant::Cents;
use crate::member_api::store::paiements::{self, NouveauPaiement, NouvelleLigne};
use crate::member_api::store::{adherents, beneficiaires, cartes_tp, comptes_bancaires, contrats};

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

/// How long after care the mutual may be asked to pay for it: two years (Code de la
/// mutualité, article L221-11), past which the claim is time-barred.
const PRESCRIPTION: Months = Months::new(24);

/// Why care of a day cannot be claimed.
pub enum HorsDelai {
    /// The day is to come.
    AVenir,
    /// The claim is time-barred.
    Prescrits,
}

/// Care of `date` can be claimed on `aujourdhui`: not to come, and within the two years a claim
/// lasts.
pub fn dans_les_delais(date: NaiveDate, aujourdhui: NaiveDate) -> Result<(), HorsDelai> {
    if date > aujourdhui {
        return Err(HorsDelai::AVenir);
    }
    let plus_ancienne = aujourdhui.checked_sub_months(PRESCRIPTION).unwrap_or(NaiveDate::MIN);
    if date < plus_ancienne {
        return Err(HorsDelai::Prescrits);
    }
    Ok(())
}

/// The mutual's « Ajouter un remboursement », as its operator typed it.
pub struct SaisieRemboursement<'a> {
    pub beneficiaire: &'a str,
    pub date_soins: &'a str,
    pub acte: &'a str,
    pub professionnel: &'a str,
    pub montant: &'a str,
}

/// The most an expense may be: beyond, it is a typing mistake.
const DEPENSE_MAXIMUM: Cents = 10_000_000;
const PROFESSIONNEL_MAX: usize = 80;

struct NouveauRemboursement {
    beneficiaire: i64,
    date_soins: NaiveDate,
    acte: &'static Acte,
    professionnel: String,
    depense: Cents,
}

impl SaisieRemboursement<'_> {
    fn verifier(&self, aujourdhui: NaiveDate) -> Result<NouveauRemboursement, ApiFailure> {
        let beneficiaire = self
            .beneficiaire
            .trim()
            .parse()
            .map_err(|_| ApiFailure::bad_request("Choisissez le bénéficiaire des soins."))?;
        let date_soins = date_soins(self.date_soins, aujourdhui)?;
        let acte = ACTES
            .iter()
            .find(|acte| acte.code == self.acte)
            .ok_or_else(|| ApiFailure::bad_request("Choisissez l’acte de la liste."))?;
        let professionnel = validation::texte_requis(
            Some(self.professionnel),
            "Le professionnel de santé",
            PROFESSIONNEL_MAX,
        )?;
        let depense = depense(self.montant)?;
        if let Some(base) = acte.base.filter(|base| depense < *base) {
            return Err(ApiFailure::unprocessable(format!(
                "Le montant dépensé ne peut être inférieur à la base de remboursement de la Sécurité sociale pour cet acte ({}).",
                impression::montant(base)
            )));
        }
        Ok(NouveauRemboursement { beneficiaire, date_soins, acte, professionnel, depense })
    }
}

/// `YYYY-MM-DD`, as a date field sends it, neither to come nor too old to be reimbursed.
fn date_soins(texte: &str, aujourdhui: NaiveDate) -> Result<NaiveDate, ApiFailure> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(ApiFailure::bad_request("Indiquez la date des soins."));
    }
    let date = NaiveDate::parse_from_str(texte, "%Y-%m-%d")
        .map_err(|_| ApiFailure::bad_request("La date des soins doit être une date au format AAAA-MM-JJ."))?;
    match dans_les_delais(date, aujourdhui) {
        Ok(()) => Ok(date),
        Err(HorsDelai::AVenir) => {
            Err(ApiFailure::unprocessable("La date des soins ne peut pas être postérieure à aujourd’hui."))
        }
        Err(HorsDelai::Prescrits) => Err(ApiFailure::unprocessable(
            "La date des soins doit dater de moins de deux ans : au-delà, les soins ne sont plus remboursés.",
        )),
    }
}

/// Euros as an operator types them, "25", "25,5" or "25.50", into cents.
fn depense(texte: &str) -> Result<Cents, ApiFailure> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(ApiFailure::bad_request("Indiquez le montant dépensé."));
    }
    let centimes = centimes(texte).ok_or_else(|| {
        ApiFailure::bad_request("Le montant dépensé doit être un montant en euros, par exemple 25 ou 25,50.")
    })?;
    if !(1..=DEPENSE_MAXIMUM).contains(&centimes) {
        return Err(ApiFailure::bad_request(
            "Le montant dépensé doit être compris entre 0,01 € et 100 000 €.",
        ));
    }
    Ok(centimes)
}

fn centimes(texte: &str) -> Option<Cents> {
    let (euros, decimales) = texte.split_once([',', '.']).unwrap_or((texte, "00"));
    let chiffres =
        |part: &str, max: usize| (1..=max).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
    if !chiffres(euros, 12) || !chiffres(decimales, 2) {
        return None;
    }
    let centimes: Cents = format!("{decimales:0<2}").parse().ok()?;
    Some(euros.parse::<Cents>().ok()? * 100 + centimes)
}

/// Adds a payment made today, of one line computed as the seed computes its own, and returns its
/// id.
pub fn ajouter(
    tx: &Transaction,
    numero: &str,
    saisie: &SaisieRemboursement<'_>,
    maintenant: DateTime<Utc>,
) -> Result<String, ApiFailure> {
    verifier_adherent(tx, numero)?;
    let aujourdhui = today();
    let nouveau = saisie.verifier(aujourdhui)?;
    let proprietaire = beneficiaires::titulaire(tx, nouveau.beneficiaire)?;
    if proprietaire.as_deref() != Some(numero) {
        return Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas au dossier de l’adhérent."));
    }
    let code_produit =
        contrats::produit_le(tx, nouveau.beneficiaire, nouveau.date_soins)?.ok_or_else(|| {
            ApiFailure::unprocessable(format!(
                "Aucun contrat ne couvrait ce bénéficiaire le {} : la mutuelle n’a rien à rembourser.",
                impression::date(nouveau.date_soins)
            ))
        })?;
    let produit = PRODUITS
        .iter()
        .find(|produit| produit.code == code_produit)
        .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("unknown product {code_produit}")))?;
    let acte = nouveau.acte;
    let mut consomme = Consommation::lue(produit, acte.code, nouveau.date_soins, |actes, du, au| {
        paiements::rembourse(tx, nouveau.beneficiaire, actes, du, au)
    })?;
    let ligne = remboursement(produit, acte.code, nouveau.depense, 0, nouveau.date_soins, &mut consomme);

    let carte = cartes_tp::valide_le(tx, numero, nouveau.date_soins)?;
    let tiers_payant = carte && acte.tiers_payant;
    let (destinataire, nom_destinataire) = if tiers_payant {
        ("PROFESSIONNEL_DE_SANTE", nouveau.professionnel.clone())
    } else {
        ("ASSURE", titulaire_prestations(tx, numero, nouveau.beneficiaire)?)
    };
    let rang = paiements::prochain_rang(tx)?;
    let id = paiement_id(rang);
    paiements::inserer(
        tx,
        &NouveauPaiement {
            id: &id,
            numero_personne: numero,
            beneficiaire_id: nouveau.beneficiaire,
            date_paiement: aujourdhui,
            destinataire,
            nom_destinataire: &nom_destinataire,
        },
    )?;
    paiements::inserer_ligne(
        tx,
        &NouvelleLigne {
            paiement_id: &id,
            date_soins: nouveau.date_soins,
            code_acte: acte.code,
            libelle_acte: acte.libelle,
            professionnel_sante: &nouveau.professionnel,
            montant_depense: nouveau.depense,
            base_remboursement: ligne.base,
            taux_secu: acte.taux_secu,
            montant_secu: ligne.secu,
            montant_mutuelle: ligne.mutuelle,
            tiers_payant,
            statut: ligne.statut(),
            motif_rejet: ligne.motif_rejet(),
        },
    )?;
    publier(tx, numero, &Evenement::Remboursement { paiement_id: id.clone() }, maintenant)?;
    Ok(id)
}

/// Who receives a beneficiary's reimbursements: the holder of their own account, else of the
/// principal member's, else the member.
fn titulaire_prestations(tx: &Transaction, numero: &str, beneficiaire: i64) -> rusqlite::Result<String> {
    match comptes_bancaires::titulaire_prestations(tx, numero, beneficiaire)? {
        Some(titulaire) => Ok(titulaire),
        None => adherents::prenom_et_nom(tx, numero),
    }
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

    #[test]
    fn an_amount_is_read_in_euros_with_a_comma_or_a_point() {
        assert_eq!(centimes("25"), Some(2_500));
        assert_eq!(centimes("25,5"), Some(2_550));
        assert_eq!(centimes("25.05"), Some(2_505));
        assert_eq!(centimes("0,01"), Some(1));
        for malformed in ["", ",50", "25,", "25,505", "2 500", "-3", "1e3", "25€", "25,5,0", "１２"] {
            assert_eq!(centimes(malformed), None, "{malformed}");
        }
    }

    #[test]
    fn an_expense_must_be_a_cent_to_100_000_euros() {
        assert_eq!(depense(" 100000 ").unwrap(), DEPENSE_MAXIMUM);
        for hors in ["0", "0,00", "100000,01", "999999999999"] {
            assert_eq!(
                depense(hors).unwrap_err().message(),
                "Le montant dépensé doit être compris entre 0,01 € et 100 000 €."
            );
        }
    }

    #[test]
    fn a_day_of_care_is_past_and_less_than_two_years_old() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap();
        assert_eq!(date_soins("2026-03-15", today).unwrap(), today);
        assert_eq!(date_soins("2024-03-15", today).unwrap(), NaiveDate::from_ymd_opt(2024, 3, 15).unwrap());
        let message = |texte: &str| date_soins(texte, today).unwrap_err().message().to_owned();
        assert_eq!(message("2026-03-16"), "La date des soins ne peut pas être postérieure à aujourd’hui.");
        assert!(message("2024-03-14").starts_with("La date des soins doit dater de moins de deux ans"));
        assert_eq!(message("15/03/2026"), "La date des soins doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message("2026-02-30"), "La date des soins doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message(" "), "Indiquez la date des soins.");
    }
}
