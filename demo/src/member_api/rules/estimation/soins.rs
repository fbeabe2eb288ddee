//! The care a member can have estimated, with what the Sécurité sociale and the 100 % Santé
//! reform say of each in 2026: the official base (BRSS), its rate, and, where the care has a
//! 100 % Santé basket, the basket's base and price limit (prix limite de vente). Figures follow
//! the LPP and CCAM tariffs in force, rounded to what a member reads on a quote.

use serde::{Deserialize, Serialize};

use crate::member_api::rules::catalogue;
use crate::member_api::store::montant::Cents;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Soin {
    OptiqueVerresSimples,
    OptiqueVerresComplexes,
    OptiqueVerresTresComplexes,
    OptiqueLentilles,
    DentaireCouronne,
    DentaireBridge,
    DentaireImplant,
    DentaireProtheseAmovible,
    DentaireOrthodontie,
    AudiologieAideAuditive,
    HospitalisationChambreParticuliere,
    HospitalisationDepassements,
}

/// What a quote's quantity counts, for the care that has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unite {
    /// Hearing aids are priced, based and capped per ear: one or two.
    Oreille,
    /// A private room is paid per night.
    Nuit,
}

/// The 100 % Santé basket of a care: no remaining cost up to `limite`, the price an equipment
/// of the basket may not exceed.
#[derive(Debug, Clone, Copy)]
pub struct Panier {
    pub base: Cents,
    pub limite: Cents,
    pub garantie: &'static str,
}

/// How often the Sécurité sociale, and so a responsible contract, pays a new equipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Renouvellement {
    /// Glasses: every 2 years, every year under 16 (code de la sécurité sociale, LPP).
    Lunettes,
    /// Hearing aids: every 4 years.
    AidesAuditives,
}

#[derive(Debug, Clone, Copy)]
pub struct Definition {
    pub libelle: &'static str,
    /// The base per unit outside the basket; `None` when only the quote can give it.
    pub base: Option<Cents>,
    pub taux: i64,
    pub panier: Option<Panier>,
    /// The guarantee outside the basket.
    pub garantie: &'static str,
    pub unite: Option<Unite>,
    pub renouvellement: Option<Renouvellement>,
}

/// Glasses outside the basket have a token base: 0,05 € for the frame and for each lens.
const BASE_LUNETTES_CLASSE_B: Cents = 15;

impl Soin {
    /// Every care, in the contract's order: the first whose guarantee is a ceiling's is the one
    /// « Mes garanties » offers to estimate.
    pub const TOUS: [Self; 12] = [
        Self::OptiqueVerresSimples,
        Self::OptiqueVerresComplexes,
        Self::OptiqueVerresTresComplexes,
        Self::OptiqueLentilles,
        Self::DentaireCouronne,
        Self::DentaireBridge,
        Self::DentaireImplant,
        Self::DentaireProtheseAmovible,
        Self::DentaireOrthodontie,
        Self::AudiologieAideAuditive,
        Self::HospitalisationChambreParticuliere,
        Self::HospitalisationDepassements,
    ];

    pub fn definition(self, age: u32) -> Definition {
        use catalogue::libelles as g;
        let lunettes = |libelle, base, limite| Definition {
            libelle,
            base: Some(BASE_LUNETTES_CLASSE_B),
            taux: 60,
            panier: Some(Panier { base, limite, garantie: g::OPTIQUE_100_SANTE }),
            garantie: g::OPTIQUE_HORS_100_SANTE,
            unite: None,
            renouvellement: Some(Renouvellement::Lunettes),
        };
        let prothese = |libelle, base, limite| Definition {
            libelle,
            base: Some(base),
            taux: 60,
            panier: Some(Panier { base, limite, garantie: g::PROTHESES_100_SANTE }),
            garantie: g::AUTRES_PROTHESES,
            unite: None,
            renouvellement: None,
        };
        let sans_base = |libelle, garantie, unite| Definition {
            libelle,
            base: Some(0),
            taux: 0,
            panier: None,
            garantie,
            unite,
            renouvellement: None,
        };
        match self {
            Self::OptiqueVerresSimples => lunettes("Lunettes : monture et verres simples", 4_500, 15_000),
            Self::OptiqueVerresComplexes => lunettes("Lunettes : monture et verres complexes", 7_350, 24_500),
            Self::OptiqueVerresTresComplexes => {
                lunettes("Lunettes : monture et verres très complexes", 12_000, 40_000)
            }
            // Lenses are paid by the Sécurité sociale only for a few conditions, whose base the
            // quote then shows.
            Self::OptiqueLentilles => {
                Definition { taux: 60, ..sans_base("Lentilles de contact", g::LENTILLES, None) }
            }
            Self::DentaireCouronne => prothese("Couronne dentaire", 12_000, 50_000),
            Self::DentaireBridge => prothese("Bridge (trois éléments)", 27_950, 146_500),
            Self::DentaireProtheseAmovible => prothese("Prothèse dentaire amovible", 18_275, 110_000),
            Self::DentaireImplant => sans_base("Implant dentaire", g::IMPLANTS, None),
            // Orthodontics is paid, in full of its base, only when begun before 16.
            Self::DentaireOrthodontie if age < 16 => Definition {
                libelle: "Orthodontie (un semestre de traitement)",
                base: Some(19_350),
                taux: 100,
                panier: None,
                garantie: g::ORTHODONTIE,
                unite: None,
                renouvellement: None,
            },
            Self::DentaireOrthodontie => {
                sans_base("Orthodontie (un semestre de traitement)", g::ORTHODONTIE, None)
            }
            Self::AudiologieAideAuditive => {
                // The base is higher for the young: 1 400 € until 20, 400 € after.
                let base = if age < 20 { 140_000 } else { 40_000 };
                Definition {
                    libelle: "Aide auditive",
                    base: Some(base),
                    taux: 60,
                    panier: Some(Panier { base, limite: 95_000, garantie: g::AIDES_AUDITIVES_100_SANTE }),
                    garantie: g::AIDES_AUDITIVES_HORS_100_SANTE,
                    unite: Some(Unite::Oreille),
                    renouvellement: Some(Renouvellement::AidesAuditives),
                }
            }
            Self::HospitalisationChambreParticuliere => {
                sans_base("Chambre particulière", g::CHAMBRE_PARTICULIERE, Some(Unite::Nuit))
            }
            Self::HospitalisationDepassements => Definition {
                libelle: "Dépassements d’honoraires (hospitalisation)",
                base: None,
                taux: 80,
                panier: None,
                garantie: g::SEJOUR_ET_HONORAIRES,
                unite: None,
                renouvellement: None,
            },
        }
    }
}

impl Renouvellement {
    /// Years between two equipments paid, for a beneficiary of this age.
    pub fn annees(self, age: u32) -> u32 {
        match self {
            Self::Lunettes if age < 16 => 1,
            Self::Lunettes => 2,
            Self::AidesAuditives => 4,
        }
    }

    /// The rule, as the estimate states it.
    pub fn en_clair(self) -> &'static str {
        match self {
            Self::Lunettes => {
                "Lunettes : un équipement remboursé par an avant 16 ans, tous les 2 ans ensuite."
            }
            Self::AidesAuditives => "Aides auditives : une remboursée par oreille tous les 4 ans.",
        }
    }

    pub fn actes(self) -> &'static [&'static str] {
        match self {
            Self::Lunettes => &["OPTI"],
            // No statement of the demo is a hearing aid yet.
            Self::AidesAuditives => &[],
        }
    }
}
