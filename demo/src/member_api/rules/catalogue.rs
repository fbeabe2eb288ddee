//! What the demo mutual sells and what the Sécurité sociale pays: medical acts with their
//! official base and rate, products with their guarantees. Seeded reimbursements are computed
//! from these, so every line adds up (expense = Sécurité sociale + mutual + remaining cost).

use crate::member_api::store::montant::Cents;

/// A medical act as it appears on a statement (NGAP/CCAM-style code and label).
pub struct Acte {
    pub code: &'static str,
    pub libelle: &'static str,
    /// The Sécurité sociale base (BRSS); `None` when it is the amount spent (drugs, tests,
    /// hospital stays are reimbursed on their price).
    pub base: Option<Cents>,
    pub taux_secu: i64,
    /// The flat contribution a member keeps on consultations, which a "responsible" contract
    /// may not cover.
    pub participation_forfaitaire: Cents,
    /// Paid directly to the professional when the member shows a tiers-payant card.
    pub tiers_payant: bool,
}

pub const ACTES: &[Acte] = &[
    acte("G", "Consultation de médecin généraliste", Some(3000), 70, 200, false),
    acte("C", "Consultation de pédiatre", Some(3000), 70, 0, false),
    acte("CS", "Consultation de médecin spécialiste", Some(3000), 70, 200, false),
    acte("PHAR", "Médicaments remboursables", None, 65, 0, true),
    acte("BIO", "Analyses de biologie médicale", None, 60, 0, true),
    acte("AMK", "Séance de kinésithérapie", Some(1613), 60, 0, false),
    acte("DENT", "Soins dentaires conservateurs", None, 70, 0, false),
    acte("SPR", "Couronne dentaire céramo-métallique", Some(12000), 70, 0, false),
    acte("OPTI", "Équipement optique (monture et verres)", Some(15), 60, 0, true),
    acte("HOS", "Frais de séjour hospitalier", None, 80, 0, true),
    acte("FJH", "Forfait journalier hospitalier", Some(0), 0, 0, true),
    acte("OST", "Séance d’ostéopathie", Some(0), 0, 0, false),
];

const fn acte(
    code: &'static str,
    libelle: &'static str,
    base: Option<Cents>,
    taux_secu: i64,
    participation_forfaitaire: Cents,
    tiers_payant: bool,
) -> Acte {
    Acte { code, libelle, base, taux_secu, participation_forfaitaire, tiers_payant }
}

pub fn acte_par_code(code: &str) -> &'static Acte {
    ACTES.iter().find(|acte| acte.code == code).unwrap_or_else(|| panic!("unknown act {code} in the seed"))
}

/// How a guarantee pays, on top of the Sécurité sociale.
#[derive(Clone, Copy)]
pub enum Couverture {
    /// Sécurité sociale and mutual together pay up to this percentage of the base.
    Brss(i64),
    /// Up to the percentage of the base, plus a lump sum.
    BrssPlusForfait(i64, Cents),
    /// A lump sum per act.
    ForfaitParActe(Cents),
    /// A lump sum per year (acts without base, such as unreimbursed vaccines).
    ForfaitAnnuel(Cents),
    /// A lump sum per day (a private room in hospital).
    ForfaitParJour(Cents),
    /// Whatever is left after the Sécurité sociale.
    FraisReels,
}

impl Couverture {
    /// What the guarantee pays on one expense, before any ceiling: `base` is the Sécurité
    /// sociale's base, `secu` its gross share, `reste` what is left of the expense after it, and
    /// `unites` the days or acts a lump sum is counted for.
    pub fn part_mutuelle(self, base: Cents, secu: Cents, reste: Cents, unites: i64) -> Cents {
        let prevu = match self {
            Self::Brss(percent) => base * percent / 100 - secu,
            Self::BrssPlusForfait(percent, forfait) => base * percent / 100 - secu + forfait * unites,
            Self::ForfaitParActe(forfait) | Self::ForfaitParJour(forfait) => forfait * unites,
            Self::ForfaitAnnuel(forfait) => forfait,
            Self::FraisReels => reste,
        };
        prevu.min(reste).max(0)
    }

    fn est_nulle(self) -> bool {
        matches!(self, Self::ForfaitParActe(0) | Self::ForfaitAnnuel(0) | Self::ForfaitParJour(0))
    }

    /// The rule as a member reads it: "125 % BRSS", "150 €/an".
    pub fn regle(self) -> String {
        match self {
            Self::Brss(percent) => format!("{percent} % BRSS"),
            Self::BrssPlusForfait(percent, forfait) => format!("{percent} % BRSS + {} €", forfait / 100),
            Self::ForfaitParActe(forfait) => format!("{} €/séance", forfait / 100),
            Self::ForfaitAnnuel(forfait) => format!("{} €/an", forfait / 100),
            Self::ForfaitParJour(forfait) => format!("{} €/jour", forfait / 100),
            Self::FraisReels => "Frais réels".to_owned(),
        }
    }
}

/// The names of the guarantees the estimate applies, as Mes garanties prints them.
pub mod libelles {
    pub const SEJOUR_ET_HONORAIRES: &str = "Frais de séjour et honoraires";
    pub const CHAMBRE_PARTICULIERE: &str = "Chambre particulière";
    pub const PROTHESES_100_SANTE: &str = "Prothèses dentaires 100 % Santé";
    pub const AUTRES_PROTHESES: &str = "Autres prothèses dentaires";
    pub const IMPLANTS: &str = "Implants dentaires";
    pub const ORTHODONTIE: &str = "Orthodontie acceptée par la Sécurité sociale (moins de 16 ans)";
    pub const OPTIQUE_100_SANTE: &str = "Équipement 100 % Santé (classe A)";
    pub const OPTIQUE_HORS_100_SANTE: &str = "Monture et verres hors 100 % Santé (classe B)";
    pub const LENTILLES: &str = "Lentilles de contact prescrites";
    pub const AIDES_AUDITIVES_100_SANTE: &str = "Aides auditives 100 % Santé (classe I)";
    pub const AIDES_AUDITIVES_HORS_100_SANTE: &str =
        "Aides auditives hors 100 % Santé (classe II), par oreille";
}

/// A ceiling on what a guarantee pays over a period.
#[derive(Clone, Copy)]
pub struct Plafond {
    pub montant: Cents,
    /// Years the period spans: 1 ("par an", the calendar year), 2 ("tous les 2 ans", glasses),
    /// 4 (hearing aids).
    pub annees: i32,
}

impl Plafond {
    pub fn periodicite(self) -> &'static str {
        match self.annees {
            1 => "an",
            2 => "2 ans",
            _ => "4 ans",
        }
    }
}

pub struct Garantie {
    pub categorie: &'static str,
    pub libelle: &'static str,
    pub couverture: Couverture,
    pub plafond: Option<Plafond>,
    /// Acts of the statements this guarantee pays.
    pub actes: &'static [&'static str],
}

/// How generous a product is; its guarantees follow from these few numbers.
struct Niveau {
    consultations: i64,
    soins_courants: i64,
    hospitalisation: i64,
    soins_dentaires: i64,
    protheses: i64,
    plafond_protheses: Cents,
    forfait_optique: Cents,
    /// Lump sum per session and yearly ceiling for osteopathy and the like.
    medecines_douces: Option<(Cents, Cents)>,
    vaccins: Option<Cents>,
    /// Yearly lump sum for prescribed contact lenses.
    lentilles: Cents,
    /// Yearly lump sum for dental implants, which the Sécurité sociale does not pay.
    implants: Cents,
    /// Percentage of the base for orthodontics the Sécurité sociale accepted (under 16).
    orthodontie: i64,
    /// Lump sum per ear for a hearing aid outside 100 % Santé, once every 4 years.
    aide_auditive: Cents,
    /// Lump sum per night in a private room.
    chambre_particuliere: Cents,
}

pub struct Produit {
    pub code: &'static str,
    pub libelle: &'static str,
    pub gamme: &'static str,
    niveau: Niveau,
}

pub const SANTE_FAMILLE_CONFORT: &str = "SANTE_FAMILLE_CONFORT";
pub const SANTE_SENIOR_ESSENTIEL: &str = "SANTE_SENIOR_ESSENTIEL";
pub const SANTE_JEUNES_ACTIFS: &str = "SANTE_JEUNES_ACTIFS";
pub const ENTREPRISE_SOCLE_PLUS: &str = "ENTREPRISE_SOCLE_PLUS";
pub const COMPLEMENTAIRE_SANTE_SOLIDAIRE: &str = "C2S";

pub const PRODUITS: &[Produit] = &[
    Produit {
        code: SANTE_FAMILLE_CONFORT,
        libelle: "Santé Famille Confort",
        gamme: "Individuelle",
        niveau: Niveau {
            consultations: 200,
            soins_courants: 125,
            hospitalisation: 200,
            soins_dentaires: 150,
            protheses: 300,
            plafond_protheses: 150_000,
            forfait_optique: 25_000,
            medecines_douces: Some((4_000, 15_000)),
            vaccins: Some(5_000),
            lentilles: 15_000,
            implants: 50_000,
            orthodontie: 300,
            aide_auditive: 100_000,
            chambre_particuliere: 6_000,
        },
    },
    Produit {
        code: SANTE_SENIOR_ESSENTIEL,
        libelle: "Santé Senior Essentiel",
        gamme: "Individuelle",
        niveau: Niveau {
            consultations: 100,
            soins_courants: 100,
            hospitalisation: 150,
            soins_dentaires: 100,
            protheses: 125,
            plafond_protheses: 60_000,
            forfait_optique: 10_000,
            medecines_douces: None,
            vaccins: None,
            lentilles: 6_000,
            implants: 20_000,
            orthodontie: 100,
            aide_auditive: 60_000,
            chambre_particuliere: 4_000,
        },
    },
    Produit {
        code: SANTE_JEUNES_ACTIFS,
        libelle: "Santé Jeunes Actifs",
        gamme: "Individuelle",
        niveau: Niveau {
            consultations: 125,
            soins_courants: 100,
            hospitalisation: 150,
            soins_dentaires: 100,
            protheses: 200,
            plafond_protheses: 80_000,
            forfait_optique: 15_000,
            medecines_douces: Some((2_500, 10_000)),
            vaccins: None,
            lentilles: 10_000,
            implants: 30_000,
            orthodontie: 150,
            aide_auditive: 40_000,
            chambre_particuliere: 3_000,
        },
    },
    Produit {
        code: ENTREPRISE_SOCLE_PLUS,
        libelle: "Entreprise Socle Plus",
        gamme: "Collective",
        niveau: Niveau {
            consultations: 150,
            soins_courants: 125,
            hospitalisation: 200,
            soins_dentaires: 125,
            protheses: 250,
            plafond_protheses: 120_000,
            forfait_optique: 20_000,
            medecines_douces: Some((3_000, 12_000)),
            vaccins: Some(3_000),
            lentilles: 12_000,
            implants: 40_000,
            orthodontie: 250,
            aide_auditive: 80_000,
            chambre_particuliere: 5_000,
        },
    },
    Produit {
        code: COMPLEMENTAIRE_SANTE_SOLIDAIRE,
        libelle: "Complémentaire santé solidaire",
        gamme: "Solidaire",
        niveau: Niveau {
            consultations: 100,
            soins_courants: 100,
            hospitalisation: 100,
            soins_dentaires: 100,
            protheses: 100,
            plafond_protheses: 0,
            forfait_optique: 0,
            medecines_douces: None,
            vaccins: None,
            lentilles: 0,
            implants: 0,
            orthodontie: 100,
            aide_auditive: 0,
            chambre_particuliere: 0,
        },
    },
];

pub fn produit(code: &str) -> &'static Produit {
    PRODUITS.iter().find(|produit| produit.code == code).unwrap_or_else(|| panic!("unknown product {code}"))
}

impl Produit {
    pub fn garanties(&self) -> Vec<Garantie> {
        let n = &self.niveau;
        let plafond_an = |montant| (montant > 0).then_some(Plafond { montant, annees: 1 });
        let mut garanties = vec![
            garantie(
                "SOINS_COURANTS",
                "Consultations de généralistes et de pédiatres",
                Couverture::Brss(n.consultations),
                None,
                &["G", "C"],
            ),
            garantie(
                "SOINS_COURANTS",
                "Consultations de spécialistes",
                Couverture::Brss(n.consultations),
                None,
                &["CS"],
            ),
            garantie(
                "SOINS_COURANTS",
                "Analyses et examens de laboratoire",
                Couverture::Brss(n.soins_courants),
                None,
                &["BIO"],
            ),
            garantie(
                "SOINS_COURANTS",
                "Auxiliaires médicaux (kinésithérapie, soins infirmiers)",
                Couverture::Brss(n.soins_courants),
                None,
                &["AMK"],
            ),
            garantie(
                "PHARMACIE",
                "Médicaments remboursés par la Sécurité sociale",
                Couverture::Brss(100),
                None,
                &["PHAR"],
            ),
            garantie(
                "HOSPITALISATION",
                libelles::SEJOUR_ET_HONORAIRES,
                Couverture::Brss(n.hospitalisation),
                None,
                &["HOS"],
            ),
            garantie(
                "HOSPITALISATION",
                "Forfait journalier hospitalier",
                Couverture::FraisReels,
                None,
                &["FJH"],
            ),
            garantie(
                "HOSPITALISATION",
                libelles::CHAMBRE_PARTICULIERE,
                Couverture::ForfaitParJour(n.chambre_particuliere),
                None,
                &[],
            ),
            garantie("DENTAIRE", "Soins dentaires", Couverture::Brss(n.soins_dentaires), None, &["DENT"]),
            garantie("DENTAIRE", libelles::PROTHESES_100_SANTE, Couverture::FraisReels, None, &[]),
            garantie(
                "DENTAIRE",
                libelles::AUTRES_PROTHESES,
                Couverture::Brss(n.protheses),
                plafond_an(n.plafond_protheses),
                &["SPR"],
            ),
            garantie(
                "DENTAIRE",
                libelles::IMPLANTS,
                Couverture::ForfaitAnnuel(n.implants),
                plafond_an(n.implants),
                &[],
            ),
            garantie("DENTAIRE", libelles::ORTHODONTIE, Couverture::Brss(n.orthodontie), None, &[]),
            garantie("OPTIQUE", libelles::OPTIQUE_100_SANTE, Couverture::FraisReels, None, &[]),
        ];
        if n.forfait_optique > 0 {
            garanties.push(garantie(
                "OPTIQUE",
                libelles::OPTIQUE_HORS_100_SANTE,
                Couverture::BrssPlusForfait(100, n.forfait_optique),
                Some(Plafond { montant: n.forfait_optique, annees: 2 }),
                &["OPTI"],
            ));
        } else {
            garanties.push(garantie(
                "OPTIQUE",
                libelles::OPTIQUE_HORS_100_SANTE,
                Couverture::Brss(100),
                None,
                &["OPTI"],
            ));
        }
        garanties.push(garantie(
            "OPTIQUE",
            libelles::LENTILLES,
            Couverture::ForfaitAnnuel(n.lentilles),
            plafond_an(n.lentilles),
            &[],
        ));
        garanties.push(garantie(
            "AUDIOLOGIE",
            libelles::AIDES_AUDITIVES_100_SANTE,
            Couverture::FraisReels,
            None,
            &[],
        ));
        garanties.push(garantie(
            "AUDIOLOGIE",
            libelles::AIDES_AUDITIVES_HORS_100_SANTE,
            Couverture::BrssPlusForfait(100, n.aide_auditive),
            (n.aide_auditive > 0).then_some(Plafond { montant: n.aide_auditive, annees: 4 }),
            &[],
        ));
        if let Some((par_seance, plafond)) = n.medecines_douces {
            garanties.push(garantie(
                "MEDECINES_DOUCES",
                "Ostéopathie, chiropraxie, acupuncture",
                Couverture::ForfaitParActe(par_seance),
                plafond_an(plafond),
                &["OST"],
            ));
        }
        if let Some(forfait) = n.vaccins {
            garanties.push(garantie(
                "PREVENTION",
                "Vaccins non remboursés par la Sécurité sociale",
                Couverture::ForfaitAnnuel(forfait),
                plafond_an(forfait),
                &[],
            ));
        }
        // A lump sum of nothing is no guarantee (the C2S pays no private room, no implant).
        garanties.retain(|garantie| !garantie.couverture.est_nulle());
        garanties
    }
}

fn garantie(
    categorie: &'static str,
    libelle: &'static str,
    couverture: Couverture,
    plafond: Option<Plafond>,
    actes: &'static [&'static str],
) -> Garantie {
    Garantie { categorie, libelle, couverture, plafond, actes }
}

/// The care domains printed on a tiers-payant card, with what the mutual pays in each ("PEC":
/// on a prior agreement the professional asks for).
pub fn domaines_carte(produit: &Produit) -> Vec<(&'static str, &'static str, String)> {
    let n = &produit.niveau;
    vec![
        ("PHAR", "Pharmacie", "100 %".to_owned()),
        ("LABO", "Laboratoires d’analyses", format!("{} %", n.soins_courants)),
        ("RADL", "Radiologie", format!("{} %", n.soins_courants)),
        ("AUXM", "Auxiliaires médicaux", format!("{} %", n.soins_courants)),
        ("HOSP", "Hospitalisation", "PEC".to_owned()),
        ("DENT", "Dentaire", "PEC".to_owned()),
        ("OPTI", "Optique", "PEC".to_owned()),
        ("AUDI", "Audioprothèse", "PEC".to_owned()),
        ("TRAN", "Transport sanitaire", "100 %".to_owned()),
    ]
}
