//! The estimate itself: what the Sécurité sociale, the mutual and the member each pay of a
//! quote, and the rules that decided it, in the words a member reads. Nothing here reads the
//! database: the beneficiary's situation and history come in through [`Situation`] and
//! [`Historique`], so every rule is tested on its own.

use chrono::{Datelike, Months, NaiveDate};

use super::soins::{Definition, Renouvellement, Soin, Unite};
use crate::member_api::pdf::impression::{date, montant};
use crate::member_api::rules::catalogue::{self, Garantie, Produit};
use crate::member_api::store::montant::Cents;

/// The quote, as the member read it, checked for shape.
#[derive(Debug, Clone, Copy)]
pub struct Devis {
    pub soin: Soin,
    pub cent_pour_cent_sante: bool,
    pub prix: Cents,
    pub quantite: i64,
    /// The quote's base, for the whole quantity.
    pub base: Option<Cents>,
    pub taux: Option<i64>,
}

/// What covers the beneficiary today.
pub enum Couverture {
    Contrat {
        numero: String,
        libelle_produit: String,
        produit: &'static Produit,
    },
    /// A contract that starts later (its number, its first day).
    AVenir(String, NaiveDate),
    /// Contracts that have all ended (the last one's number, its last day).
    Terminee(String, NaiveDate),
}

pub struct Situation {
    pub aujourdhui: NaiveDate,
    pub age: u32,
    /// "Emma DUPONT".
    pub nom: String,
    pub couverture: Couverture,
}

/// What the beneficiary was already paid, read from their statements.
pub trait Historique {
    /// What the mutual paid for these acts, cared for on or after `depuis`.
    fn rembourse_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Cents>;
    /// The last day of care among these acts on or after `depuis`.
    fn dernier_soin_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Option<NaiveDate>>;
}

/// Why a quote cannot be estimated, in French.
#[derive(Debug, PartialEq, Eq)]
pub struct Refus(pub &'static str);

#[derive(Debug, PartialEq, Eq)]
pub struct GarantieAppliquee {
    pub libelle: &'static str,
    pub regle: String,
    pub numero_contrat: String,
    pub libelle_produit: String,
}

#[derive(Debug, PartialEq, Eq)]
pub struct PlafondUtilise {
    pub montant: Cents,
    pub annees: u32,
    /// "an", "2 ans", "4 ans", as Mes garanties prints ceilings.
    pub periodicite: &'static str,
    pub depuis: NaiveDate,
    pub deja_utilise: Cents,
    pub disponible: Cents,
}

#[derive(Debug, PartialEq, Eq)]
pub struct RenouvellementVu {
    pub annees: u32,
    pub dernier_equipement: Option<NaiveDate>,
    pub possible_le: Option<NaiveDate>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Estimation {
    pub libelle_soin: &'static str,
    pub base: Cents,
    pub taux: i64,
    pub secu: Cents,
    pub mutuelle: Cents,
    pub reste: Cents,
    pub garantie: Option<GarantieAppliquee>,
    pub plafond: Option<PlafondUtilise>,
    pub renouvellement: Option<RenouvellementVu>,
    pub regles: Vec<String>,
}

/// Checks what only the care can tell: its basket, its unit, its base.
pub fn verifier(devis: &Devis, definition: &Definition) -> Result<(), Refus> {
    if devis.cent_pour_cent_sante && definition.panier.is_none() {
        return Err(Refus("Ce soin n’a pas de panier 100 % Santé : répondez « non » à cette question."));
    }
    match definition.unite {
        None if devis.quantite != 1 => Err(Refus(
            "Une quantité ne s’indique que pour une chambre particulière (nuits) ou des aides auditives (oreilles).",
        )),
        Some(Unite::Oreille) if devis.quantite > 2 => {
            Err(Refus("Une aide auditive s’estime pour une oreille ou pour les deux."))
        }
        _ if definition.base.is_none() && devis.base.is_none() => Err(Refus(
            "Indiquez la base de remboursement de la Sécurité sociale (BRSS) figurant sur le devis : les dépassements d’honoraires se calculent à partir d’elle.",
        )),
        _ => Ok(()),
    }
}

pub fn estimer(
    devis: &Devis,
    situation: &Situation,
    historique: &dyn Historique,
) -> rusqlite::Result<Estimation> {
    let definition = devis.soin.definition(situation.age);
    let panier = definition.panier.filter(|_| devis.cent_pour_cent_sante);
    let par_unite = panier.map_or(definition.base, |panier| Some(panier.base)).unwrap_or(0);
    let base = devis.base.unwrap_or(par_unite * devis.quantite);
    let taux = devis.taux.unwrap_or(definition.taux);
    let mut secu = (base * taux / 100).min(devis.prix);
    let mut regles = vec![regle_secu(base, taux, secu)];
    let mut mutuelle = 0;
    let mut garantie = None;
    let mut plafond = None;

    let renouvellement = match definition.renouvellement {
        Some(renouvellement) => Some(renouvellement_vu(renouvellement, situation, historique)?),
        None => None,
    };
    let trop_tot = renouvellement.as_ref().and_then(|vu| vu.possible_le.map(|le| (vu, le)));
    if let Some((vu, possible_le)) = trop_tot {
        secu = 0;
        regles = vec![format!(
            "Un équipement a été remboursé le {} : le suivant ne peut l’être qu’à partir du {} (un {}), sauf évolution de la vue ou de l’audition constatée par un médecin. Avant, ni la Sécurité sociale ni la mutuelle ne le remboursent.",
            date(vu.dernier_equipement.unwrap_or(possible_le)),
            date(possible_le),
            rythme(vu.annees),
        )];
    }
    match &situation.couverture {
        Couverture::Contrat { numero, libelle_produit, produit } => {
            let garanties = produit.garanties();
            let nom = panier.map_or(definition.garantie, |panier| panier.garantie);
            if let Some(appliquee) = garanties.iter().find(|garantie| garantie.libelle == nom) {
                if trop_tot.is_none() {
                    let reste = devis.prix - secu;
                    mutuelle = match panier {
                        Some(panier) => {
                            let limite = panier.limite * devis.quantite;
                            regles.push(regle_panier(limite, devis.prix));
                            (devis.prix.min(limite) - secu).max(0)
                        }
                        None => appliquee.couverture.part_mutuelle(base, secu, reste, devis.quantite),
                    };
                }
                regles.push(format!("Votre garantie « {} » : {}.", appliquee.libelle, appliquee.couverture.regle()));
                let unites = if definition.unite == Some(Unite::Oreille) { devis.quantite } else { 1 };
                let renouvellement = definition.renouvellement;
                if let Some(utilise) = plafond_utilise(appliquee, renouvellement, unites, situation, historique)? {
                    mutuelle = mutuelle.min(utilise.disponible);
                    regles.push(regle_plafond(&utilise));
                    plafond = Some(utilise);
                }
                garantie = Some(GarantieAppliquee {
                    libelle: appliquee.libelle,
                    regle: appliquee.couverture.regle(),
                    numero_contrat: numero.clone(),
                    libelle_produit: libelle_produit.clone(),
                });
            } else {
                regles.push("Votre contrat ne comporte pas de garantie pour ce soin.".to_owned());
            }
            if devis.soin == Soin::DentaireOrthodontie && situation.age >= 16 {
                regles.push(
                    "L’orthodontie n’est remboursée par la Sécurité sociale, et donc par votre garantie, que pour un traitement commencé avant 16 ans.".to_owned(),
                );
            }
        }
        Couverture::AVenir(numero, debut) => regles.push(format!(
            "Le contrat {numero} ne prend effet que le {} : avant cette date, la mutuelle ne rembourse rien.",
            date(*debut)
        )),
        Couverture::Terminee(numero, fin) => regles.push(format!(
            "Aucun contrat ne couvre {} aujourd’hui (le contrat {numero} a pris fin le {}) : la mutuelle ne rembourse rien, seule la part de la Sécurité sociale est estimée.",
            situation.nom,
            date(*fin)
        )),
    }
    if let (Some(regle), None) = (definition.renouvellement, &trop_tot) {
        regles.push(regle.en_clair().to_owned());
    }
    Ok(Estimation {
        libelle_soin: definition.libelle,
        base,
        taux,
        secu,
        mutuelle,
        reste: (devis.prix - secu - mutuelle).max(0),
        garantie,
        plafond,
        renouvellement,
        regles,
    })
}

/// A guarantee with a ceiling, and what is left of it today.
#[derive(Debug, PartialEq, Eq)]
pub struct PlafondDeGarantie {
    pub categorie: &'static str,
    pub libelle: &'static str,
    pub regle: String,
    /// The care the estimate computes under this guarantee, when it computes one.
    pub soin: Option<Soin>,
    pub plafond: PlafondUtilise,
    pub renouvellement: Option<RenouvellementVu>,
}

/// What is left of each ceiling of the contract covering the beneficiary today, by the very
/// rules the estimate applies, so that « Mes garanties » and « Estimer mon remboursement » never
/// disagree; `None` when no contract covers the beneficiary today. A ceiling per ear counts one
/// ear, as the guarantee's name says it.
pub fn plafonds(
    situation: &Situation,
    historique: &dyn Historique,
) -> rusqlite::Result<Option<Vec<PlafondDeGarantie>>> {
    let Couverture::Contrat { produit, .. } = &situation.couverture else { return Ok(None) };
    let mut plafonds = Vec::new();
    for garantie in produit.garanties() {
        let soin =
            Soin::TOUS.into_iter().find(|soin| soin.definition(situation.age).garantie == garantie.libelle);
        let renouvellement = soin.and_then(|soin| soin.definition(situation.age).renouvellement);
        let Some(plafond) = plafond_utilise(&garantie, renouvellement, 1, situation, historique)? else {
            continue;
        };
        let renouvellement = match renouvellement {
            Some(renouvellement) => Some(renouvellement_vu(renouvellement, situation, historique)?),
            None => None,
        };
        plafonds.push(PlafondDeGarantie {
            categorie: garantie.categorie,
            libelle: garantie.libelle,
            regle: garantie.couverture.regle(),
            soin,
            plafond,
            renouvellement,
        });
    }
    Ok(Some(plafonds))
}

fn regle_secu(base: Cents, taux: i64, secu: Cents) -> String {
    if secu == 0 {
        "La Sécurité sociale ne rembourse pas ce soin.".to_owned()
    } else {
        format!(
            "La Sécurité sociale rembourse {taux} % de sa base de remboursement ({}), soit {}.",
            montant(base),
            montant(secu)
        )
    }
}

fn regle_panier(limite: Cents, prix: Cents) -> String {
    if prix > limite {
        format!(
            "Un équipement du panier 100 % Santé ne peut être vendu plus de {} : vérifiez le devis. Au-delà de ce prix limite, {} resteraient à votre charge.",
            montant(limite),
            montant(prix - limite)
        )
    } else {
        format!(
            "Panier 100 % Santé : rien ne reste à votre charge jusqu’au prix limite de vente de {}.",
            montant(limite)
        )
    }
}

fn regle_plafond(utilise: &PlafondUtilise) -> String {
    format!(
        "Plafond de {} {} : {} déjà utilisés depuis le {}, {} encore disponibles.",
        montant(utilise.montant),
        rythme(utilise.annees),
        montant(utilise.deja_utilise),
        date(utilise.depuis),
        montant(utilise.disponible)
    )
}

/// "par an", "tous les 2 ans".
fn rythme(annees: u32) -> String {
    if annees == 1 { "par an".to_owned() } else { format!("tous les {annees} ans") }
}

fn annees_avant(jour: NaiveDate, annees: u32) -> NaiveDate {
    jour.checked_sub_months(Months::new(12 * annees)).unwrap_or(NaiveDate::MIN)
}

/// The last equipment paid within the renewal period, and when the next one can be.
fn renouvellement_vu(
    renouvellement: Renouvellement,
    situation: &Situation,
    historique: &dyn Historique,
) -> rusqlite::Result<RenouvellementVu> {
    let annees = renouvellement.annees(situation.age);
    let depuis = annees_avant(situation.aujourdhui, annees).succ_opt().unwrap_or(NaiveDate::MIN);
    let dernier_equipement = historique.dernier_soin_depuis(renouvellement.actes(), depuis)?;
    let possible_le = dernier_equipement
        .map(|dernier| dernier.checked_add_months(Months::new(12 * annees)).unwrap_or(NaiveDate::MAX));
    Ok(RenouvellementVu { annees, dernier_equipement, possible_le })
}

/// The guarantee's ceiling over the period that holds today, and what is left of it. A ceiling
/// per ear counts `unites` ears; the glasses of a child under 16, renewed every year, have their
/// ceiling every year.
fn plafond_utilise(
    garantie: &Garantie,
    renouvellement: Option<Renouvellement>,
    unites: i64,
    situation: &Situation,
    historique: &dyn Historique,
) -> rusqlite::Result<Option<PlafondUtilise>> {
    let Some(plafond) = garantie.plafond else { return Ok(None) };
    let annees = match renouvellement {
        Some(renouvellement) => renouvellement.annees(situation.age),
        None => u32::try_from(plafond.annees).unwrap_or(1),
    };
    // Ceilings run over calendar years, by blocks of their length, as the statements count them.
    let annee = situation.aujourdhui.year();
    let premiere = annee - annee.rem_euclid(i32::try_from(annees).unwrap_or(1));
    let depuis = NaiveDate::from_ymd_opt(premiere, 1, 1).unwrap_or(NaiveDate::MIN);
    let montant = plafond.montant * unites;
    let deja_utilise = historique.rembourse_depuis(garantie.actes, depuis)?;
    Ok(Some(PlafondUtilise {
        montant,
        annees,
        periodicite: catalogue::Plafond { montant, annees: i32::try_from(annees).unwrap_or(1) }.periodicite(),
        depuis,
        deja_utilise,
        disponible: (montant - deja_utilise).max(0),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::rules::catalogue::{SANTE_FAMILLE_CONFORT, produit};

    fn jour(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    /// A history with one figure for every question, remembering the period asked about.
    struct Fixe {
        rembourse: Cents,
        dernier: Option<NaiveDate>,
        depuis: std::cell::Cell<Option<NaiveDate>>,
    }

    impl Historique for Fixe {
        fn rembourse_depuis(&self, _: &[&str], depuis: NaiveDate) -> rusqlite::Result<Cents> {
            self.depuis.set(Some(depuis));
            Ok(self.rembourse)
        }
        fn dernier_soin_depuis(&self, _: &[&str], depuis: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
            Ok(self.dernier.filter(|dernier| *dernier >= depuis))
        }
    }

    fn rien() -> Fixe {
        Fixe { rembourse: 0, dernier: None, depuis: Default::default() }
    }

    fn confort(age: u32) -> Situation {
        Situation {
            aujourdhui: jour("2026-11-24"),
            age,
            nom: "Emma DUPONT".to_owned(),
            couverture: Couverture::Contrat {
                numero: "IND-004512".to_owned(),
                libelle_produit: "Santé Famille Confort".to_owned(),
                produit: produit(SANTE_FAMILLE_CONFORT),
            },
        }
    }

    fn devis(soin: Soin, cent_pour_cent_sante: bool, prix: Cents) -> Devis {
        Devis { soin, cent_pour_cent_sante, prix, quantite: 1, base: None, taux: None }
    }

    fn parts(estimation: &Estimation) -> (Cents, Cents, Cents) {
        (estimation.secu, estimation.mutuelle, estimation.reste)
    }

    #[test]
    fn glasses_in_the_basket_leave_nothing_to_pay_up_to_its_price_limit() {
        let estimation =
            estimer(&devis(Soin::OptiqueVerresSimples, true, 14_000), &confort(40), &rien()).unwrap();
        // 60 % of the basket's 45 € base, the mutual the rest.
        assert_eq!(parts(&estimation), (2_700, 11_300, 0));
        assert_eq!(estimation.garantie.unwrap().libelle, "Équipement 100 % Santé (classe A)");
    }

    #[test]
    fn above_the_basket_s_price_limit_the_excess_is_left_to_pay_and_said() {
        let estimation =
            estimer(&devis(Soin::OptiqueVerresSimples, true, 16_000), &confort(40), &rien()).unwrap();
        assert_eq!(parts(&estimation), (2_700, 12_300, 1_000));
        assert!(
            estimation.regles.iter().any(|regle| regle.contains("ne peut être vendu plus de 150\u{a0}€"))
        );
    }

    #[test]
    fn glasses_outside_the_basket_get_the_lump_sum_on_a_token_base() {
        let estimation =
            estimer(&devis(Soin::OptiqueVerresComplexes, false, 42_000), &confort(40), &rien()).unwrap();
        // Sécurité sociale: 60 % of 0,15 €; mutual: 100 % of the base less that, plus 250 €,
        // within the 250 € ceiling.
        assert_eq!(parts(&estimation), (9, 25_000, 16_991));
        let plafond = estimation.plafond.unwrap();
        assert_eq!(
            (plafond.montant, plafond.periodicite, plafond.depuis),
            (25_000, "2 ans", jour("2026-01-01"))
        );
    }

    #[test]
    fn what_was_already_used_of_a_ceiling_is_taken_off() {
        let historique = Fixe { rembourse: 40_000, ..rien() };
        let estimation =
            estimer(&devis(Soin::DentaireCouronne, false, 80_000), &confort(40), &historique).unwrap();
        // 300 % of the 120 € base is 360 €, less 72 € for the Sécurité sociale: 288 €; but 1 100 €
        // of the 1 500 € yearly ceiling remain, so the whole 288 € is paid.
        assert_eq!(parts(&estimation), (7_200, 28_800, 44_000));
        let historique = Fixe { rembourse: 140_000, ..rien() };
        let estimation =
            estimer(&devis(Soin::DentaireCouronne, false, 80_000), &confort(40), &historique).unwrap();
        assert_eq!(parts(&estimation), (7_200, 10_000, 62_800));
        assert_eq!(estimation.plafond.unwrap().disponible, 10_000);
    }

    #[test]
    fn a_crown_in_the_basket_is_fully_paid() {
        let estimation =
            estimer(&devis(Soin::DentaireCouronne, true, 50_000), &confort(40), &rien()).unwrap();
        assert_eq!(parts(&estimation), (7_200, 42_800, 0));
    }

    #[test]
    fn glasses_bought_within_the_renewal_period_are_paid_by_nobody() {
        let historique = Fixe { dernier: Some(jour("2025-06-10")), ..rien() };
        let estimation =
            estimer(&devis(Soin::OptiqueVerresSimples, false, 30_000), &confort(40), &historique).unwrap();
        assert_eq!(parts(&estimation), (0, 0, 30_000));
        assert_eq!(estimation.garantie.unwrap().libelle, "Monture et verres hors 100 % Santé (classe B)");
        let renouvellement = estimation.renouvellement.unwrap();
        assert_eq!((renouvellement.annees, renouvellement.possible_le), (2, Some(jour("2027-06-10"))));
        assert!(estimation.regles[0].contains("à partir du 10/06/2027"));
    }

    #[test]
    fn a_child_s_glasses_are_renewed_every_year_with_a_yearly_ceiling() {
        // Eighteen months ago: too recent for an adult, long enough for a child of 14.
        let historique = Fixe { dernier: Some(jour("2025-05-24")), ..rien() };
        let adulte =
            estimer(&devis(Soin::OptiqueVerresSimples, false, 30_000), &confort(40), &historique).unwrap();
        assert_eq!(adulte.mutuelle, 0);
        let enfant =
            estimer(&devis(Soin::OptiqueVerresSimples, false, 30_000), &confort(14), &historique).unwrap();
        assert_eq!(parts(&enfant), (9, 25_000, 4_991));
        let vu = RenouvellementVu { annees: 1, dernier_equipement: None, possible_le: None };
        assert_eq!(enfant.renouvellement, Some(vu));
        assert_eq!(enfant.plafond.unwrap().periodicite, "an");
    }

    #[test]
    fn the_quote_s_base_and_rate_replace_the_official_ones() {
        let mut quote = devis(Soin::HospitalisationDepassements, false, 90_000);
        quote.base = Some(30_000);
        let estimation = estimer(&quote, &confort(40), &rien()).unwrap();
        // 80 % by default; the mutual up to 200 % of the base.
        assert_eq!(parts(&estimation), (24_000, 36_000, 30_000));
        quote.taux = Some(70);
        let estimation = estimer(&quote, &confort(40), &rien()).unwrap();
        assert_eq!(parts(&estimation), (21_000, 39_000, 30_000));
        assert!(estimation.regles[0].starts_with("La Sécurité sociale rembourse 70 % de sa base"));
    }

    #[test]
    fn lump_sums_count_per_night_and_per_ear() {
        let mut chambre = devis(Soin::HospitalisationChambreParticuliere, false, 30_000);
        chambre.quantite = 3;
        assert_eq!(parts(&estimer(&chambre, &confort(40), &rien()).unwrap()), (0, 18_000, 12_000));
        let mut aides = devis(Soin::AudiologieAideAuditive, false, 300_000);
        aides.quantite = 2;
        let estimation = estimer(&aides, &confort(40), &rien()).unwrap();
        // Per ear: 60 % of 400 € for the Sécurité sociale; the mutual 160 € + 1 000 €, within
        // its ceiling of 1 000 € per ear.
        assert_eq!(parts(&estimation), (48_000, 200_000, 52_000));
        assert_eq!(estimation.plafond.unwrap().montant, 200_000);
    }

    #[test]
    fn orthodontics_is_paid_only_when_begun_before_16() {
        let enfant =
            estimer(&devis(Soin::DentaireOrthodontie, false, 60_000), &confort(12), &rien()).unwrap();
        // 100 % of 193,50 €, then the mutual up to 300 % of it.
        assert_eq!(parts(&enfant), (19_350, 38_700, 1_950));
        let adulte =
            estimer(&devis(Soin::DentaireOrthodontie, false, 60_000), &confort(30), &rien()).unwrap();
        assert_eq!(parts(&adulte), (0, 0, 60_000));
        assert!(adulte.regles.iter().any(|regle| regle.contains("avant 16 ans")));
    }

    #[test]
    fn without_a_contract_today_only_the_securite_sociale_is_estimated() {
        let mut situation = confort(50);
        situation.couverture = Couverture::Terminee("IND-003318".to_owned(), jour("2026-06-30"));
        let estimation = estimer(&devis(Soin::DentaireCouronne, false, 80_000), &situation, &rien()).unwrap();
        assert_eq!(parts(&estimation), (7_200, 0, 72_800));
        assert!(estimation.garantie.is_none());
        assert!(estimation.regles[1].contains("a pris fin le 30/06/2026"));
        situation.couverture = Couverture::AVenir("IND-007001".to_owned(), jour("2027-01-01"));
        let estimation = estimer(&devis(Soin::DentaireCouronne, false, 80_000), &situation, &rien()).unwrap();
        assert!(estimation.regles[1].contains("ne prend effet que le 01/01/2027"));
    }

    fn plafond<'a>(plafonds: &'a [PlafondDeGarantie], libelle: &str) -> &'a PlafondDeGarantie {
        plafonds.iter().find(|plafond| plafond.libelle == libelle).unwrap()
    }

    #[test]
    fn every_ceiling_of_the_contract_is_listed_with_what_is_left_of_it() {
        let historique = Fixe { rembourse: 10_000, ..rien() };
        let plafonds = plafonds(&confort(40), &historique).unwrap().unwrap();
        let libelles: Vec<_> = plafonds.iter().map(|plafond| plafond.libelle).collect();
        assert_eq!(
            libelles,
            [
                "Autres prothèses dentaires",
                "Implants dentaires",
                "Monture et verres hors 100 % Santé (classe B)",
                "Lentilles de contact prescrites",
                "Aides auditives hors 100 % Santé (classe II), par oreille",
                "Ostéopathie, chiropraxie, acupuncture",
                "Vaccins non remboursés par la Sécurité sociale",
            ]
        );
        let protheses = plafond(&plafonds, "Autres prothèses dentaires");
        assert_eq!(protheses.soin, Some(Soin::DentaireCouronne));
        assert_eq!(
            (protheses.plafond.montant, protheses.plafond.deja_utilise, protheses.plafond.disponible),
            (150_000, 10_000, 140_000)
        );
        assert_eq!((protheses.plafond.periodicite, protheses.plafond.depuis), ("an", jour("2026-01-01")));
        assert_eq!(protheses.renouvellement, None);
        let osteopathie = plafond(&plafonds, "Ostéopathie, chiropraxie, acupuncture");
        assert_eq!((osteopathie.soin, osteopathie.regle.as_str()), (None, "40 €/séance"));
    }

    #[test]
    fn a_ceiling_used_beyond_its_amount_has_nothing_left() {
        let historique = Fixe { rembourse: 30_000, ..rien() };
        let plafonds = plafonds(&confort(40), &historique).unwrap().unwrap();
        let implants = plafond(&plafonds, "Implants dentaires");
        assert_eq!((implants.plafond.deja_utilise, implants.plafond.disponible), (30_000, 20_000));
        let lentilles = plafond(&plafonds, "Lentilles de contact prescrites");
        assert_eq!(lentilles.plafond.disponible, 0);
    }

    #[test]
    fn glasses_and_hearing_aids_say_when_new_equipment_can_be_paid() {
        let historique = Fixe { dernier: Some(jour("2025-06-10")), ..rien() };
        let adulte = plafonds(&confort(40), &historique).unwrap().unwrap();
        let lunettes = plafond(&adulte, "Monture et verres hors 100 % Santé (classe B)");
        assert_eq!(lunettes.soin, Some(Soin::OptiqueVerresSimples));
        let vu = RenouvellementVu {
            annees: 2,
            dernier_equipement: Some(jour("2025-06-10")),
            possible_le: Some(jour("2027-06-10")),
        };
        assert_eq!(lunettes.renouvellement, Some(vu));
        let aides = plafond(&adulte, "Aides auditives hors 100 % Santé (classe II), par oreille");
        assert_eq!((aides.soin, aides.plafond.montant), (Some(Soin::AudiologieAideAuditive), 100_000));
        assert_eq!(aides.renouvellement.as_ref().map(|vu| vu.annees), Some(4));
        let enfant = plafonds(&confort(14), &historique).unwrap().unwrap();
        let lunettes = plafond(&enfant, "Monture et verres hors 100 % Santé (classe B)");
        assert_eq!(
            (lunettes.plafond.periodicite, lunettes.renouvellement.as_ref().unwrap().possible_le),
            ("an", None)
        );
    }

    #[test]
    fn what_is_left_is_what_the_estimate_counts() {
        let historique = Fixe { rembourse: 12_000, ..rien() };
        let estimation =
            estimer(&devis(Soin::OptiqueVerresComplexes, false, 42_000), &confort(40), &historique).unwrap();
        let plafonds = plafonds(&confort(40), &historique).unwrap().unwrap();
        let lunettes = plafond(&plafonds, "Monture et verres hors 100 % Santé (classe B)");
        assert_eq!(Some(&lunettes.plafond), estimation.plafond.as_ref());
    }

    #[test]
    fn without_a_contract_today_there_is_no_ceiling_to_list() {
        let mut situation = confort(50);
        situation.couverture = Couverture::Terminee("IND-003318".to_owned(), jour("2026-06-30"));
        assert_eq!(plafonds(&situation, &rien()).unwrap(), None);
    }

    #[test]
    fn a_basket_a_quantity_or_a_missing_base_is_refused_where_the_care_has_none() {
        let definition = |soin: Soin| soin.definition(40);
        let implant = devis(Soin::DentaireImplant, true, 100_000);
        assert!(verifier(&implant, &definition(Soin::DentaireImplant)).is_err());
        let mut couronnes = devis(Soin::DentaireCouronne, false, 100_000);
        couronnes.quantite = 2;
        assert!(verifier(&couronnes, &definition(Soin::DentaireCouronne)).is_err());
        let mut aides = devis(Soin::AudiologieAideAuditive, false, 100_000);
        aides.quantite = 3;
        assert!(verifier(&aides, &definition(Soin::AudiologieAideAuditive)).is_err());
        let depassements = devis(Soin::HospitalisationDepassements, false, 100_000);
        assert!(verifier(&depassements, &definition(Soin::HospitalisationDepassements)).is_err());
        aides.quantite = 2;
        assert_eq!(verifier(&aides, &definition(Soin::AudiologieAideAuditive)), Ok(()));
    }
}
