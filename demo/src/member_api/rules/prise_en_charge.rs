//! The mutual's decision on a hospital-care request (docs/product/member-api.md#hospital-care):
//! agreed at once in the standard case, studied otherwise, and what an agreement covers, line
//! by line, from the guarantees of the product covering the patient (`catalogue`, the same the
//! estimate and « Mes garanties » read).

use chrono::{Months, NaiveDate};

use super::catalogue::{self, Couverture, libelles};
use super::{calendrier, validation};
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::formulaires::{DecisionPriseEnCharge, LigneCouverture, StatutPriseEnCharge};
use crate::member_api::store::montant::{Cents, Euros};

/// The daily charge of a hospital stay (Code de la sécurité sociale, L174-4), 2026 amounts.
const FORFAIT_JOURNALIER: Cents = 2_000;
const FORFAIT_JOURNALIER_PSYCHIATRIE: Cents = 1_500;
/// The working days the mutual takes to answer a request it studies.
const JOURS_D_ETUDE: usize = 2;
/// The guarantee that pays the daily charge.
const GARANTIE_FORFAIT_JOURNALIER: &str = "Forfait journalier hospitalier";

/// A kind of stay: its longest length (days, entry and exit included) and the length up to
/// which the mutual agrees at once.
pub struct Sejour {
    pub code: &'static str,
    pub libelle: &'static str,
    pub jours_max: i64,
    pub jours_standard: i64,
}

pub const SEJOURS: [Sejour; 6] = [
    Sejour { code: "MEDECINE", libelle: "médecine", jours_max: 90, jours_standard: 30 },
    Sejour { code: "CHIRURGIE", libelle: "chirurgie", jours_max: 90, jours_standard: 30 },
    Sejour { code: "MATERNITE", libelle: "maternité", jours_max: 30, jours_standard: 12 },
    Sejour { code: "AMBULATOIRE", libelle: "ambulatoire", jours_max: 1, jours_standard: 1 },
    Sejour { code: "PSYCHIATRIE", libelle: "psychiatrie", jours_max: 180, jours_standard: 30 },
    Sejour {
        code: "SOINS_DE_SUITE",
        libelle: "soins de suite et de réadaptation",
        jours_max: 180,
        jours_standard: 60,
    },
];

pub fn sejour(code: &str) -> Option<&'static Sejour> {
    SEJOURS.iter().find(|sejour| sejour.code == code)
}

/// What is asked: the stay's kind and dates, and whether a private room is wished.
pub struct Demande<'a> {
    pub sejour: &'a Sejour,
    pub entree: NaiveDate,
    pub sortie: Option<NaiveDate>,
    pub chambre_particuliere: bool,
}

/// The days of a stay, the day of entry and the day of exit included.
pub fn jours(entree: NaiveDate, sortie: NaiveDate) -> i64 {
    (sortie - entree).num_days() + 1
}

/// The dates a request may carry, `aujourdhui` the day it is made: entry today or later, exit
/// not before it, and no longer than the kind allows. A refusal is the rule, in French.
pub fn verifier_dates(demande: &Demande<'_>, aujourdhui: NaiveDate) -> Result<(), ApiFailure> {
    let Demande { sejour, entree, sortie, .. } = demande;
    if *entree < aujourdhui {
        return Err(ApiFailure::unprocessable(
            "La date d’entrée est passée : une prise en charge se demande avant le séjour.",
        ));
    }
    // A stay is booked at most a year ahead.
    validation::date_entre(*entree, "La date d’entrée", aujourdhui, aujourdhui + Months::new(12))?;
    let Some(sortie) = sortie else { return Ok(()) };
    if sortie < entree {
        return Err(ApiFailure::unprocessable("La date de sortie précède la date d’entrée."));
    }
    if sejour.code == "AMBULATOIRE" && sortie != entree {
        return Err(ApiFailure::unprocessable(
            "En ambulatoire, l’entrée et la sortie ont lieu le même jour.",
        ));
    }
    if jours(*entree, *sortie) > sejour.jours_max {
        return Err(ApiFailure::unprocessable(format!(
            "Un séjour en {} dure au plus {} jours : au-delà, faites une nouvelle demande pour la suite du séjour.",
            sejour.libelle, sejour.jours_max
        )));
    }
    Ok(())
}

/// The decision taken when the request is made on `aujourdhui`, the patient covered by
/// `produit` on every day of the stay: agreed when the exit date is known and the stay within
/// its kind's usual length (its number is the request's, given once it is written:
/// `numero_accord`); studied otherwise.
pub fn decider(
    demande: &Demande<'_>,
    produit: &catalogue::Produit,
    aujourdhui: NaiveDate,
) -> DecisionPriseEnCharge {
    let etude = |motif: String| DecisionPriseEnCharge {
        statut: StatutPriseEnCharge::ALEtude,
        motif: Some(motif),
        numero_accord: None,
        echeance: Some(calendrier::jours_ouvrables_apres(aujourdhui, JOURS_D_ETUDE)),
        decidee_le: None,
        jours: demande.sortie.map(|sortie| jours(demande.entree, sortie)),
        lignes: Vec::new(),
        document_accord: None,
    };
    let Some(sortie) = demande.sortie else {
        return etude(
            "Sans date de sortie, la mutuelle étudie la durée du séjour avec l’établissement.".to_owned(),
        );
    };
    if jours(demande.entree, sortie) > demande.sejour.jours_standard {
        return etude(format!(
            "Un séjour en {} de plus de {} jours est étudié par la mutuelle.",
            demande.sejour.libelle, demande.sejour.jours_standard
        ));
    }
    accord(demande, sortie, produit, aujourdhui)
}

/// An agreement for the stay, decided on `le`: what the product covers, line by line.
pub fn accord(
    demande: &Demande<'_>,
    sortie: NaiveDate,
    produit: &catalogue::Produit,
    le: NaiveDate,
) -> DecisionPriseEnCharge {
    DecisionPriseEnCharge {
        statut: StatutPriseEnCharge::Accordee,
        motif: None,
        numero_accord: None,
        echeance: None,
        decidee_le: Some(le),
        jours: Some(jours(demande.entree, sortie)),
        lignes: couverture(demande, sortie, produit),
        document_accord: None,
    }
}

/// The number of the agreement on request `id`, decided on `le`, which the establishment
/// quotes on its invoice: « PEC-2027-000042 ».
pub fn numero_accord(id: i64, le: NaiveDate) -> String {
    use chrono::Datelike as _;
    format!("PEC-{}-{id:06}", le.year())
}

/// A refusal decided on `le`, for `motif`.
pub fn refus(motif: String, le: NaiveDate) -> DecisionPriseEnCharge {
    DecisionPriseEnCharge {
        statut: StatutPriseEnCharge::Refusee,
        motif: Some(motif),
        numero_accord: None,
        echeance: None,
        decidee_le: Some(le),
        jours: None,
        lignes: Vec::new(),
        document_accord: None,
    }
}

/// What the product covers of the stay: the stay's costs at the base, the daily charge, the
/// private room up to its ceiling per night, the fees beyond the convention up to the guarantee.
fn couverture(
    demande: &Demande<'_>,
    sortie: NaiveDate,
    produit: &catalogue::Produit,
) -> Vec<LigneCouverture> {
    let garanties = produit.garanties();
    let garantie = |libelle: &str| {
        garanties.iter().find(|garantie| garantie.libelle == libelle).map(|garantie| garantie.couverture)
    };
    let jours = jours(demande.entree, sortie);
    let nuits = jours - 1;
    let sejour_et_honoraires = garantie(libelles::SEJOUR_ET_HONORAIRES).unwrap_or(Couverture::Brss(100));
    let mut lignes = vec![LigneCouverture {
        libelle: "Frais de séjour".to_owned(),
        regle: "Base de remboursement : 80 % Sécurité sociale, 20 % mutuelle (ticket modérateur)".to_owned(),
        jours: Some(jours),
        par_jour: None,
        prise_en_charge: None,
        reste_a_charge: Some(Euros(0)),
    }];
    // No daily charge for a day stay, nor for a birth, which the Sécurité sociale covers whole.
    if !matches!(demande.sejour.code, "AMBULATOIRE" | "MATERNITE") {
        let par_jour = if demande.sejour.code == "PSYCHIATRIE" {
            FORFAIT_JOURNALIER_PSYCHIATRIE
        } else {
            FORFAIT_JOURNALIER
        };
        let total = par_jour * jours;
        let couverture = garantie(GARANTIE_FORFAIT_JOURNALIER).unwrap_or(Couverture::FraisReels);
        let mutuelle = couverture.part_mutuelle(0, 0, total, jours);
        lignes.push(LigneCouverture {
            libelle: "Forfait journalier".to_owned(),
            regle: format!("{} par jour, jour de sortie compris", euros(par_jour)),
            jours: Some(jours),
            par_jour: Some(Euros(par_jour)),
            prise_en_charge: Some(Euros(mutuelle)),
            reste_a_charge: Some(Euros(total - mutuelle)),
        });
    }
    if demande.chambre_particuliere && nuits > 0 {
        let plafond = match garantie(libelles::CHAMBRE_PARTICULIERE) {
            Some(Couverture::ForfaitParJour(plafond)) => plafond,
            _ => 0,
        };
        lignes.push(LigneCouverture {
            libelle: "Chambre particulière".to_owned(),
            regle: if plafond > 0 {
                format!("Jusqu’à {} par nuit ; au-delà, à votre charge", euros(plafond))
            } else {
                "Non couverte par votre garantie".to_owned()
            },
            jours: Some(nuits),
            par_jour: Some(Euros(plafond)),
            prise_en_charge: Some(Euros(plafond * nuits)),
            reste_a_charge: None,
        });
    }
    lignes.push(LigneCouverture {
        libelle: "Dépassements d’honoraires".to_owned(),
        regle: match sejour_et_honoraires {
            Couverture::Brss(pourcentage) if pourcentage > 100 => format!(
                "Jusqu’à {pourcentage} % de la base de remboursement, Sécurité sociale comprise ; au-delà, à votre charge"
            ),
            _ => "Non couverts par votre garantie".to_owned(),
        },
        jours: None,
        par_jour: None,
        prise_en_charge: None,
        reste_a_charge: None,
    });
    lignes
}

/// « 20,00 € », as the agreement prints amounts.
fn euros(cents: Cents) -> String {
    crate::member_api::pdf::impression::montant(cents)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::rules::catalogue::{SANTE_FAMILLE_CONFORT, SANTE_JEUNES_ACTIFS, produit};

    fn jour(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn demande(code: &str, entree: &str, sortie: Option<&str>, chambre: bool) -> Demande<'static> {
        Demande {
            sejour: sejour(code).unwrap(),
            entree: jour(entree),
            sortie: sortie.map(jour),
            chambre_particuliere: chambre,
        }
    }

    const LUNDI: &str = "2027-01-11";

    fn decision(demande: &Demande<'_>, code_produit: &str) -> DecisionPriseEnCharge {
        decider(demande, produit(code_produit), jour(LUNDI))
    }

    #[test]
    fn a_four_day_surgery_with_a_private_room_is_agreed_with_each_line_computed() {
        // Santé Famille Confort: hospital fees up to 200 % BRSS, a private room up to its
        // ceiling per night, the daily charge in full. Four days: 11 to 14 January, 3 nights.
        let accord =
            decision(&demande("CHIRURGIE", "2027-01-11", Some("2027-01-14"), true), SANTE_FAMILLE_CONFORT);
        assert_eq!(accord.statut, StatutPriseEnCharge::Accordee);
        assert_eq!(numero_accord(42, jour(LUNDI)), "PEC-2027-000042");
        assert_eq!(accord.jours, Some(4));
        let ligne =
            |libelle: &str| accord.lignes.iter().find(|ligne| ligne.libelle == libelle).unwrap().clone();
        let forfait = ligne("Forfait journalier");
        assert_eq!(
            (forfait.jours, forfait.par_jour, forfait.prise_en_charge, forfait.reste_a_charge),
            (Some(4), Some(Euros(2_000)), Some(Euros(8_000)), Some(Euros(0)))
        );
        let chambre = ligne("Chambre particulière");
        let Some(Couverture::ForfaitParJour(plafond)) = produit(SANTE_FAMILLE_CONFORT)
            .garanties()
            .into_iter()
            .find(|garantie| garantie.libelle == libelles::CHAMBRE_PARTICULIERE)
            .map(|garantie| garantie.couverture)
        else {
            panic!("a private room guarantee")
        };
        assert_eq!(
            (chambre.jours, chambre.prise_en_charge, chambre.reste_a_charge),
            (Some(3), Some(Euros(plafond * 3)), None)
        );
        assert!(ligne("Dépassements d’honoraires").regle.starts_with("Jusqu’à 200 % de la base"));
        assert_eq!(ligne("Frais de séjour").reste_a_charge, Some(Euros(0)));
    }

    #[test]
    fn psychiatry_counts_its_own_daily_charge_and_a_day_stay_or_a_birth_none() {
        let psy =
            decision(&demande("PSYCHIATRIE", "2027-01-11", Some("2027-01-20"), false), SANTE_JEUNES_ACTIFS);
        let forfait = psy.lignes.iter().find(|ligne| ligne.libelle == "Forfait journalier").unwrap();
        assert_eq!((forfait.par_jour, forfait.prise_en_charge), (Some(Euros(1_500)), Some(Euros(15_000))));
        for code in ["AMBULATOIRE", "MATERNITE"] {
            let sortie = if code == "AMBULATOIRE" { "2027-01-11" } else { "2027-01-14" };
            let accord = decision(&demande(code, "2027-01-11", Some(sortie), true), SANTE_JEUNES_ACTIFS);
            assert!(accord.lignes.iter().all(|ligne| ligne.libelle != "Forfait journalier"), "{code}");
        }
        let jour_meme =
            decision(&demande("AMBULATOIRE", "2027-01-11", Some("2027-01-11"), true), SANTE_FAMILLE_CONFORT);
        assert!(jour_meme.lignes.iter().all(|ligne| ligne.libelle != "Chambre particulière"), "no night");
    }

    #[test]
    fn a_stay_longer_than_usual_or_without_its_exit_is_studied_with_a_deadline_in_working_days() {
        // Monday 11 January 2027: two working days later is Wednesday 13.
        let longue =
            decision(&demande("MATERNITE", "2027-01-11", Some("2027-01-23"), false), SANTE_FAMILLE_CONFORT);
        assert_eq!(longue.statut, StatutPriseEnCharge::ALEtude);
        assert_eq!(longue.echeance, Some(jour("2027-01-13")));
        assert_eq!(
            longue.motif.as_deref(),
            Some("Un séjour en maternité de plus de 12 jours est étudié par la mutuelle.")
        );
        assert!(longue.numero_accord.is_none() && longue.lignes.is_empty());
        let sans_sortie = decision(&demande("MEDECINE", "2027-01-11", None, false), SANTE_FAMILLE_CONFORT);
        assert_eq!(sans_sortie.statut, StatutPriseEnCharge::ALEtude);
        let usuelle =
            decision(&demande("MATERNITE", "2027-01-11", Some("2027-01-22"), false), SANTE_FAMILLE_CONFORT);
        assert_eq!(usuelle.statut, StatutPriseEnCharge::Accordee, "12 days is the usual length");
    }

    #[test]
    fn dates_in_the_past_reversed_or_too_long_are_refused_with_the_rule() {
        let aujourdhui = jour(LUNDI);
        let refus =
            |demande: Demande<'_>| verifier_dates(&demande, aujourdhui).unwrap_err().message().to_owned();
        assert_eq!(
            refus(demande("MEDECINE", "2027-01-10", None, false)),
            "La date d’entrée est passée : une prise en charge se demande avant le séjour."
        );
        assert_eq!(
            refus(demande("MEDECINE", "2027-01-12", Some("2027-01-11"), false)),
            "La date de sortie précède la date d’entrée."
        );
        assert_eq!(
            refus(demande("AMBULATOIRE", "2027-01-12", Some("2027-01-13"), false)),
            "En ambulatoire, l’entrée et la sortie ont lieu le même jour."
        );
        assert_eq!(
            refus(demande("CHIRURGIE", "2027-01-11", Some("2027-04-11"), false)),
            "Un séjour en chirurgie dure au plus 90 jours : au-delà, faites une nouvelle demande pour la suite du séjour."
        );
        assert!(
            verifier_dates(&demande("CHIRURGIE", "2027-01-11", Some("2027-04-10"), false), aujourdhui)
                .is_ok(),
            "90 days"
        );
    }

    #[test]
    fn a_decision_is_kept_and_sent_with_the_contracts_names() {
        let accord =
            decision(&demande("CHIRURGIE", "2027-01-11", Some("2027-01-12"), false), SANTE_FAMILLE_CONFORT);
        let json = serde_json::to_value(&accord).unwrap();
        assert_eq!(json["statut"], "ACCORDEE");
        assert!(json["numeroAccord"].is_null(), "numbered once the request is written");
        assert_eq!(json["lignes"][1]["priseEnCharge"], 40.0);
        let relu: DecisionPriseEnCharge = serde_json::from_value(json).unwrap();
        assert_eq!(relu, accord);
        let etude = decision(&demande("MEDECINE", "2027-01-11", None, false), SANTE_FAMILLE_CONFORT);
        assert_eq!(serde_json::to_value(&etude).unwrap()["statut"], "A_L_ETUDE");
    }
}
