//! The five demo members in full: family, contracts, accounts, cards, care history and
//! requests. Every date is an offset from the seed day, so the demo always looks recent.

use super::catalogue::{
    COMPLEMENTAIRE_SANTE_SOLIDAIRE, Cents, ENTREPRISE_SOCLE_PLUS, SANTE_FAMILLE_CONFORT, SANTE_JEUNES_ACTIFS,
    SANTE_SENIOR_ESSENTIEL,
};

pub struct Membre {
    pub numero_personne: &'static str,
    pub telephone_portable: Option<&'static str>,
    pub telephone_fixe: Option<&'static str>,
    pub courtier: Option<&'static str>,
    pub adresse: Adresse,
    /// The first one is the member.
    pub beneficiaires: Vec<Beneficiaire>,
    pub contrats: Vec<Contrat>,
    pub comptes: Vec<Compte>,
    pub cartes: Vec<CarteAnnee>,
    pub soins: Vec<Soin>,
    pub demandes: Vec<Demande>,
}

pub struct Adresse {
    pub numero_et_voie: &'static str,
    pub complement_destinataire: Option<&'static str>,
    pub complement_adresse: Option<&'static str>,
    pub lieu_dit: Option<&'static str>,
    pub code_postal: &'static str,
    pub commune: &'static str,
}

pub struct Beneficiaire {
    pub lien: &'static str,
    pub prenom: &'static str,
    pub nom: &'static str,
    pub date_naissance: &'static str,
    /// The first 13 digits of the social security number; the key is computed.
    pub nir: &'static str,
    pub caisse: &'static str,
    pub statut_noemie: &'static str,
}

/// When a contract starts or ends, relative to the seed day.
#[derive(Clone, Copy)]
pub enum Quand {
    /// 1 January, this many years before the seed year.
    DebutAnnee(i32),
    /// 1 January of the year after the seed year, when new individual contracts usually start.
    AnneeProchaine,
    /// The last day of the month, this many months before the seed day.
    FinMois(u32),
}

pub struct Contrat {
    pub numero: &'static str,
    pub produit: &'static str,
    pub type_contrat: &'static str,
    pub entreprise: Option<&'static str>,
    pub debut: Quand,
    pub fin: Option<(Quand, &'static str)>,
    /// Per call for funds; zero when the member pays nothing.
    pub cotisation: Cents,
    /// Months between two calls for funds.
    pub mois_par_echeance: u32,
    pub mode_paiement: &'static str,
    /// The schedule is issued once the contract has started: none yet for a future one.
    pub echeancier: bool,
}

pub struct Compte {
    /// Index in `beneficiaires`.
    pub beneficiaire: usize,
    pub usage: &'static str,
    pub titulaire: &'static str,
    pub iban: &'static str,
    pub bic: &'static str,
    pub domiciliation: &'static str,
    pub mis_a_jour_il_y_a: i64,
}

/// A tiers-payant card, valid for one calendar year (as the home page names cards by year),
/// counted from the seed year: 0 for this year's, 1 for next year's.
pub struct CarteAnnee(pub i32);

/// One act of care, turned into a reimbursement line.
pub struct Soin {
    pub il_y_a: i64,
    pub beneficiaire: usize,
    pub acte: &'static str,
    pub depense: Cents,
    pub professionnel: &'static str,
}

pub struct Demande {
    pub type_demande: &'static str,
    pub etat: &'static str,
    pub il_y_a: i64,
    pub mise_a_jour_il_y_a: i64,
    pub beneficiaire: Option<usize>,
    pub commentaire: Option<&'static str>,
    pub documents: &'static [&'static str],
    pub detail: Detail,
}

/// What a dedicated form added to a request.
pub enum Detail {
    Aucun,
    /// Hospital care, starting this many days after the request.
    Hospitalisation {
        etablissement: &'static str,
        siren: &'static str,
        type_hospitalisation: &'static str,
        dans: i64,
    },
    Resiliation {
        numero_contrat: &'static str,
        motif: &'static str,
    },
    /// A complaint, answered when the request was last updated.
    Reclamation {
        motif: &'static str,
        numero_contrat: Option<&'static str>,
        issue: &'static str,
    },
}

const fn soin(
    il_y_a: i64,
    beneficiaire: usize,
    acte: &'static str,
    depense: Cents,
    professionnel: &'static str,
) -> Soin {
    Soin { il_y_a, beneficiaire, acte, depense, professionnel }
}

const GENERALISTE_PARIS: &str = "Dr Claire MOREAU";
const PEDIATRE: &str = "Dr Antoine LEROY";
const PHARMACIE_PARIS: &str = "Pharmacie des Lilas";
const LABO_PARIS: &str = "Laboratoire Voltaire Biologie";
const KINE_PARIS: &str = "Cabinet de kinésithérapie Oberkampf";
const DENTISTE_PARIS: &str = "Dr Sarah COHEN";
const OPTICIEN_PARIS: &str = "Optique Parmentier";
const OSTEO_PARIS: &str = "Julien FABRE, ostéopathe";
const CLINIQUE: &str = "Hôpital privé des Peupliers";

pub fn membres() -> Vec<Membre> {
    vec![marie_dupont(), jean_martin(), lea_bernard(), paul_durand(), sophie_petit()]
}

fn marie_dupont() -> Membre {
    let (marie, thomas, emma, lucas) = (0, 1, 2, 3);
    Membre {
        numero_personne: "100001",
        telephone_portable: Some("06 12 34 56 78"),
        telephone_fixe: Some("01 43 55 21 09"),
        courtier: None,
        adresse: Adresse {
            numero_et_voie: "12 rue Oberkampf",
            complement_destinataire: None,
            complement_adresse: Some("Bâtiment B, 3e étage"),
            lieu_dit: None,
            code_postal: "75011",
            commune: "PARIS",
        },
        beneficiaires: vec![
            Beneficiaire {
                lien: "ASSURE_PRINCIPAL",
                prenom: "Marie",
                nom: "DUPONT",
                date_naissance: "1984-03-12",
                nir: "2840375111042",
                caisse: "CPAM de Paris",
                statut_noemie: "RACCORDE",
            },
            Beneficiaire {
                lien: "CONJOINT",
                prenom: "Thomas",
                nom: "DUPONT",
                date_naissance: "1982-07-25",
                nir: "1820769123087",
                caisse: "CPAM de Paris",
                statut_noemie: "RACCORDE",
            },
            Beneficiaire {
                lien: "ENFANT",
                prenom: "Emma",
                nom: "DUPONT",
                date_naissance: "2012-05-03",
                nir: "2840375111042",
                caisse: "CPAM de Paris",
                statut_noemie: "RACCORDE",
            },
            Beneficiaire {
                lien: "ENFANT",
                prenom: "Lucas",
                nom: "DUPONT",
                date_naissance: "2016-11-19",
                nir: "2840375111042",
                caisse: "CPAM de Paris",
                statut_noemie: "EN_COURS_DE_RACCORDEMENT",
            },
        ],
        contrats: vec![Contrat {
            numero: "IND-004512",
            produit: SANTE_FAMILLE_CONFORT,
            type_contrat: "INDIVIDUEL",
            entreprise: None,
            debut: Quand::DebutAnnee(6),
            fin: None,
            cotisation: 18_740,
            mois_par_echeance: 1,
            mode_paiement: "PRELEVEMENT",
            echeancier: true,
        }],
        comptes: vec![
            Compte {
                beneficiaire: marie,
                usage: "PRESTATIONS",
                titulaire: "Mme Marie DUPONT",
                iban: "FR7630006000011234567890189",
                bic: "AGRIFRPPXXX",
                domiciliation: "Crédit Agricole Île-de-France",
                mis_a_jour_il_y_a: 260,
            },
            Compte {
                beneficiaire: marie,
                usage: "COTISATIONS",
                titulaire: "Mme Marie DUPONT",
                iban: "FR7630006000011234567890189",
                bic: "AGRIFRPPXXX",
                domiciliation: "Crédit Agricole Île-de-France",
                mis_a_jour_il_y_a: 260,
            },
            Compte {
                beneficiaire: thomas,
                usage: "PRESTATIONS",
                titulaire: "M. Thomas DUPONT",
                iban: "FR1420041010050500013M02606",
                bic: "PSSTFRPPPAR",
                domiciliation: "La Banque Postale",
                mis_a_jour_il_y_a: 900,
            },
        ],
        cartes: vec![CarteAnnee(0)],
        soins: vec![
            soin(9, marie, "G", 3_000, GENERALISTE_PARIS),
            soin(9, marie, "PHAR", 2_340, PHARMACIE_PARIS),
            soin(16, lucas, "C", 3_500, PEDIATRE),
            soin(16, lucas, "PHAR", 1_280, PHARMACIE_PARIS),
            soin(23, thomas, "CS", 6_000, "Dr Hélène GIRARD"),
            soin(30, emma, "OPTI", 42_000, OPTICIEN_PARIS),
            soin(37, marie, "BIO", 4_725, LABO_PARIS),
            soin(44, thomas, "AMK", 1_800, KINE_PARIS),
            soin(46, thomas, "AMK", 1_800, KINE_PARIS),
            soin(51, thomas, "AMK", 1_800, KINE_PARIS),
            soin(58, marie, "OST", 6_000, OSTEO_PARIS),
            soin(65, emma, "DENT", 2_892, DENTISTE_PARIS),
            soin(72, lucas, "G", 3_000, GENERALISTE_PARIS),
            soin(72, lucas, "PHAR", 845, PHARMACIE_PARIS),
            soin(90, marie, "SPR", 55_000, DENTISTE_PARIS),
            soin(104, thomas, "G", 3_000, GENERALISTE_PARIS),
            soin(104, thomas, "PHAR", 3_675, PHARMACIE_PARIS),
            soin(118, marie, "CS", 5_000, "Dr Isabelle ROUX"),
            soin(130, emma, "C", 3_000, PEDIATRE),
            soin(145, marie, "HOS", 145_000, CLINIQUE),
            soin(145, marie, "FJH", 6_000, CLINIQUE),
            soin(160, lucas, "BIO", 2_160, LABO_PARIS),
            soin(175, thomas, "OST", 6_500, OSTEO_PARIS),
            soin(190, marie, "G", 3_000, GENERALISTE_PARIS),
            soin(190, marie, "PHAR", 1_890, PHARMACIE_PARIS),
            soin(210, emma, "G", 3_000, GENERALISTE_PARIS),
            soin(210, emma, "PHAR", 1_125, PHARMACIE_PARIS),
            soin(230, marie, "DENT", 4_338, DENTISTE_PARIS),
            soin(250, thomas, "CS", 5_500, "Dr Marc PETITJEAN"),
            soin(265, thomas, "OPTI", 38_000, OPTICIEN_PARIS),
            soin(280, lucas, "C", 3_000, PEDIATRE),
            soin(295, marie, "BIO", 3_240, LABO_PARIS),
            soin(310, marie, "OST", 6_000, OSTEO_PARIS),
            soin(330, emma, "AMK", 1_800, KINE_PARIS),
            soin(335, emma, "AMK", 1_800, KINE_PARIS),
            soin(350, thomas, "G", 3_000, GENERALISTE_PARIS),
            soin(350, thomas, "PHAR", 2_755, PHARMACIE_PARIS),
            soin(380, lucas, "G", 3_000, GENERALISTE_PARIS),
            soin(380, lucas, "PHAR", 960, PHARMACIE_PARIS),
            soin(400, marie, "CS", 6_000, "Dr Isabelle ROUX"),
            soin(420, emma, "DENT", 2_892, DENTISTE_PARIS),
            soin(445, marie, "G", 3_000, GENERALISTE_PARIS),
            soin(445, marie, "PHAR", 1_540, PHARMACIE_PARIS),
            soin(470, thomas, "BIO", 2_700, LABO_PARIS),
            soin(495, lucas, "C", 3_000, PEDIATRE),
            soin(520, marie, "OST", 6_000, OSTEO_PARIS),
            soin(535, emma, "G", 3_000, GENERALISTE_PARIS),
        ],
        demandes: vec![
            Demande {
                type_demande: "ENVOI_DE_DEVIS",
                etat: "A_TRAITER",
                il_y_a: 3,
                mise_a_jour_il_y_a: 3,
                beneficiaire: Some(marie),
                commentaire: Some(
                    "Devis pour un implant dentaire : pouvez-vous m’indiquer le montant pris en charge ?",
                ),
                documents: &["devis-dentaire.pdf"],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "DEMANDE_DE_REMBOURSEMENT_OPTIQUE",
                etat: "EN_COURS",
                il_y_a: 6,
                mise_a_jour_il_y_a: 4,
                beneficiaire: Some(emma),
                commentaire: Some("Facture des lunettes de soleil correctrices d’Emma."),
                documents: &["facture-optique.pdf"],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER",
                etat: "EN_ATTENTE_DE_PIECES",
                il_y_a: 20,
                mise_a_jour_il_y_a: 15,
                beneficiaire: Some(thomas),
                commentaire: Some("Note d’honoraires de l’ostéopathe."),
                documents: &["note-honoraires-osteopathe.png"],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "JUSTIFICATIF_DE_SCOLARITÉ",
                etat: "TERMINE",
                il_y_a: 75,
                mise_a_jour_il_y_a: 70,
                beneficiaire: Some(emma),
                commentaire: None,
                documents: &["certificat-scolarite.pdf"],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "UNE_QUESTION_SANTÉ",
                etat: "TERMINE",
                il_y_a: 140,
                mise_a_jour_il_y_a: 136,
                beneficiaire: Some(lucas),
                commentaire: Some(
                    "Lucas doit porter un appareil dentaire : l’orthodontie est-elle prise en charge ?",
                ),
                documents: &[],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "RECLAMATION",
                etat: "TERMINE",
                il_y_a: 130,
                mise_a_jour_il_y_a: 100,
                beneficiaire: None,
                commentaire: Some(
                    "Ma cotisation a augmenté de 12 % au 1er janvier sans que j’en aie été informée à l’avance.",
                ),
                documents: &[],
                detail: Detail::Reclamation {
                    motif: "COTISATION",
                    numero_contrat: Some("IND-004512"),
                    issue: "REFUSEE",
                },
            },
            Demande {
                type_demande: "MISE_A_JOUR_RIB",
                etat: "Traité",
                il_y_a: 262,
                mise_a_jour_il_y_a: 260,
                beneficiaire: None,
                commentaire: Some("Changement de banque."),
                documents: &["rib.pdf"],
                detail: Detail::Aucun,
            },
        ],
    }
}

fn jean_martin() -> Membre {
    let jean = 0;
    Membre {
        numero_personne: "100002",
        telephone_portable: None,
        telephone_fixe: Some("03 83 32 14 70"),
        courtier: None,
        adresse: Adresse {
            numero_et_voie: "4 place Stanislas",
            complement_destinataire: None,
            complement_adresse: None,
            lieu_dit: None,
            code_postal: "54000",
            commune: "NANCY",
        },
        beneficiaires: vec![Beneficiaire {
            lien: "ASSURE_PRINCIPAL",
            prenom: "Jean",
            nom: "MARTIN",
            date_naissance: "1951-09-08",
            nir: "1510954395012",
            caisse: "CPAM de Meurthe-et-Moselle",
            statut_noemie: "NON_RACCORDE",
        }],
        contrats: vec![Contrat {
            numero: "IND-001187",
            produit: SANTE_SENIOR_ESSENTIEL,
            type_contrat: "INDIVIDUEL",
            entreprise: None,
            debut: Quand::DebutAnnee(10),
            fin: Some((Quand::FinMois(24), "Résiliation à l’échéance à la demande de l’adhérent")),
            cotisation: 11_260,
            mois_par_echeance: 1,
            mode_paiement: "PRELEVEMENT",
            echeancier: false,
        }],
        comptes: vec![Compte {
            beneficiaire: jean,
            usage: "PRESTATIONS",
            titulaire: "M. Jean MARTIN",
            iban: "FR7630001007941234567890185",
            bic: "BDFEFRPPCCT",
            domiciliation: "Banque de France",
            mis_a_jour_il_y_a: 1500,
        }],
        cartes: vec![],
        soins: vec![
            soin(800, jean, "G", 3_000, "Dr Bernard LAMBERT"),
            soin(800, jean, "PHAR", 4_560, "Pharmacie Stanislas"),
            soin(830, jean, "CS", 5_000, "Dr Nadia BENALI"),
            soin(845, jean, "BIO", 3_890, "Laboratoire de la Place"),
            soin(870, jean, "OST", 5_500, "Cabinet d’ostéopathie Saint-Epvre"),
            soin(890, jean, "G", 3_000, "Dr Bernard LAMBERT"),
            soin(890, jean, "PHAR", 2_210, "Pharmacie Stanislas"),
        ],
        demandes: vec![Demande {
            type_demande: "DEMANDE_DE_RESILIATION",
            etat: "Traité",
            il_y_a: 790,
            mise_a_jour_il_y_a: 770,
            beneficiaire: None,
            commentaire: Some("Je rejoins la mutuelle de ma résidence seniors."),
            documents: &[],
            detail: Detail::Resiliation { numero_contrat: "IND-001187", motif: "ECHEANCE" },
        }],
    }
}

fn lea_bernard() -> Membre {
    Membre {
        numero_personne: "100003",
        telephone_portable: Some("07 81 22 45 90"),
        telephone_fixe: None,
        courtier: None,
        adresse: Adresse {
            numero_et_voie: "3 rue de la Gare",
            complement_destinataire: None,
            complement_adresse: Some("Résidence Les Tilleuls, appartement 12"),
            lieu_dit: None,
            code_postal: "54490",
            commune: "PIENNES",
        },
        beneficiaires: vec![Beneficiaire {
            lien: "ASSURE_PRINCIPAL",
            prenom: "Léa",
            nom: "BERNARD",
            date_naissance: "1996-11-30",
            nir: "2961154431020",
            caisse: "CPAM de Meurthe-et-Moselle",
            statut_noemie: "EN_COURS_DE_RACCORDEMENT",
        }],
        contrats: vec![Contrat {
            numero: "IND-010342",
            produit: SANTE_JEUNES_ACTIFS,
            type_contrat: "INDIVIDUEL",
            entreprise: None,
            debut: Quand::AnneeProchaine,
            fin: None,
            cotisation: 4_590,
            mois_par_echeance: 1,
            mode_paiement: "PRELEVEMENT",
            echeancier: false,
        }],
        comptes: vec![Compte {
            beneficiaire: 0,
            usage: "COTISATIONS",
            titulaire: "Mme Léa BERNARD",
            iban: "FR7610107001011234567890129",
            bic: "BREDFRPPXXX",
            domiciliation: "BRED Banque Populaire",
            mis_a_jour_il_y_a: 12,
        }],
        // Next year's card only (CarteTpSuivante without CarteTp), from her first day.
        cartes: vec![CarteAnnee(1)],
        soins: vec![],
        demandes: vec![],
    }
}

fn paul_durand() -> Membre {
    let paul = 0;
    const GENERALISTE_LYON: &str = "Dr François MARCHAND";
    const PHARMACIE_LYON: &str = "Pharmacie Jean Jaurès";
    const KINE_LYON: &str = "Cabinet de kinésithérapie Gerland";
    Membre {
        numero_personne: "100004",
        telephone_portable: Some("06 98 76 54 32"),
        telephone_fixe: None,
        courtier: Some("CABINET CHESNEAU ASSURANCES"),
        adresse: Adresse {
            numero_et_voie: "27 avenue Jean Jaurès",
            complement_destinataire: None,
            complement_adresse: None,
            lieu_dit: None,
            code_postal: "69007",
            commune: "LYON",
        },
        beneficiaires: vec![Beneficiaire {
            lien: "ASSURE_PRINCIPAL",
            prenom: "Paul",
            nom: "DURAND",
            date_naissance: "1978-02-14",
            nir: "1780269383045",
            caisse: "CPAM du Rhône",
            statut_noemie: "RACCORDE",
        }],
        contrats: vec![Contrat {
            numero: "COL-000871",
            produit: ENTREPRISE_SOCLE_PLUS,
            type_contrat: "COLLECTIF",
            entreprise: Some("TRANSPORTS RHODANIENS SAS"),
            debut: Quand::DebutAnnee(3),
            fin: None,
            cotisation: 3_850,
            mois_par_echeance: 3,
            mode_paiement: "PRELEVEMENT",
            echeancier: true,
        }],
        comptes: vec![
            Compte {
                beneficiaire: paul,
                usage: "PRESTATIONS",
                titulaire: "M. Paul DURAND",
                iban: "FR1517806001230001234567872",
                bic: "AGRIFRPP878",
                domiciliation: "Crédit Agricole Centre-Est",
                mis_a_jour_il_y_a: 1000,
            },
            Compte {
                beneficiaire: paul,
                usage: "COTISATIONS",
                titulaire: "M. Paul DURAND",
                iban: "FR1517806001230001234567872",
                bic: "AGRIFRPP878",
                domiciliation: "Crédit Agricole Centre-Est",
                mis_a_jour_il_y_a: 1000,
            },
        ],
        cartes: vec![CarteAnnee(0)],
        soins: vec![
            soin(12, paul, "G", 3_000, GENERALISTE_LYON),
            soin(12, paul, "PHAR", 1_675, PHARMACIE_LYON),
            soin(47, paul, "AMK", 1_800, KINE_LYON),
            soin(54, paul, "AMK", 1_800, KINE_LYON),
            soin(120, paul, "DENT", 2_892, "Dr Olivier BLANC"),
            soin(200, paul, "CS", 6_000, "Dr Camille FAURE"),
            soin(280, paul, "OST", 5_500, "Cabinet d’ostéopathie Lyon 7"),
            soin(330, paul, "BIO", 2_430, "Laboratoire Lyon Gerland"),
            soin(330, paul, "G", 3_000, GENERALISTE_LYON),
        ],
        demandes: vec![
            Demande {
                type_demande: "UNE_QUESTION_AFFILIATION_COTISATION",
                etat: "EN_COURS",
                il_y_a: 8,
                mise_a_jour_il_y_a: 7,
                beneficiaire: None,
                commentaire: Some("Puis-je ajouter ma compagne sur le contrat de mon entreprise ?"),
                documents: &[],
                detail: Detail::Aucun,
            },
            Demande {
                type_demande: "PRISE_EN_CHARGE_HOSPITALIERE",
                etat: "TERMINE",
                il_y_a: 40,
                mise_a_jour_il_y_a: 38,
                beneficiaire: Some(paul),
                commentaire: Some("Opération du genou en ambulatoire."),
                documents: &[],
                detail: Detail::Hospitalisation {
                    etablissement: "Clinique du Parc Lyon",
                    siren: "839099603",
                    type_hospitalisation: "AMBULATOIRE",
                    dans: 14,
                },
            },
        ],
    }
}

fn sophie_petit() -> Membre {
    Membre {
        numero_personne: "100005",
        telephone_portable: Some("06 45 12 78 03"),
        telephone_fixe: None,
        courtier: None,
        adresse: Adresse {
            numero_et_voie: "8 rue du Moulin",
            complement_destinataire: Some("Chez M. et Mme LEGRAND"),
            complement_adresse: None,
            lieu_dit: None,
            code_postal: "44000",
            commune: "NANTES",
        },
        beneficiaires: vec![Beneficiaire {
            lien: "ASSURE_PRINCIPAL",
            prenom: "Sophie",
            nom: "PETIT",
            date_naissance: "1990-06-21",
            nir: "2900644109033",
            caisse: "CPAM de Loire-Atlantique",
            statut_noemie: "RACCORDE",
        }],
        contrats: vec![Contrat {
            numero: "IND-007730",
            produit: COMPLEMENTAIRE_SANTE_SOLIDAIRE,
            type_contrat: "INDIVIDUEL",
            entreprise: None,
            debut: Quand::DebutAnnee(1),
            fin: None,
            cotisation: 0,
            mois_par_echeance: 1,
            mode_paiement: "AUCUN",
            echeancier: false,
        }],
        comptes: vec![],
        cartes: vec![CarteAnnee(0), CarteAnnee(1)],
        soins: vec![],
        demandes: vec![],
    }
}
