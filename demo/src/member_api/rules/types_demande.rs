//! The kinds of request a member can make, with their `TypeCode`
//! (docs/product/limits.md#request-type-codes) and the subject line the mutual's back office shows.

pub struct TypeDemande {
    pub type_demande: &'static str,
    pub code: &'static str,
    pub objet: &'static str,
    /// Needs a dedicated form (hospital care, termination, complaint, report of care not
    /// recognised, a beneficiary to add) rather than the generic one.
    pub formulaire_dedie: bool,
    /// A question is a message: no document needed, but a text.
    pub question: bool,
}

pub const PRISE_EN_CHARGE_HOSPITALIERE: &str = "PRISE_EN_CHARGE_HOSPITALIERE";
pub const DEMANDE_DE_RESILIATION: &str = "DEMANDE_DE_RESILIATION";
pub const RECLAMATION: &str = "RECLAMATION";
pub const SOIN_NON_RECONNU: &str = "SOIN_NON_RECONNU";
pub const ATTESTATION_VITALE: &str = "ATTESTATION_VITALE";
pub const AJOUT_BENEFICIAIRE: &str = "AJOUT_BENEFICIAIRE";

pub const TYPES: &[TypeDemande] = &[
    generique("JUSTIFICATIF_DE_DOMICILE", "MAJD", "Justificatif de domicile"),
    generique("ATTESTATION_FRANCE_TRAVAIL", "PRT", "Attestation France Travail"),
    generique(ATTESTATION_VITALE, "MAJV", "Attestation de carte Vitale"),
    generique("JUSTIFICATIF_DE_SCOLARITÉ", "JSCO", "Justificatif de scolarité"),
    generique("MANDAT_SEPA", "RIB", "Mandat de prélèvement SEPA"),
    generique("MISE_A_JOUR_RIB", "RIB", "Mise à jour des coordonnées bancaires"),
    generique("RIB", "RIB", "Relevé d’identité bancaire"),
    question("UNE_QUESTION_SANTÉ", "QUE", "Question sur mes remboursements santé"),
    question("UNE_QUESTION_AFFILIATION_COTISATION", "QUC", "Question sur mon affiliation ou mes cotisations"),
    generique("DEMANDE_DE_REMBOURSEMENT_DENTAIRE", "DEN", "Demande de remboursement dentaire"),
    generique(
        "DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION",
        "HOS",
        "Demande de remboursement d’hospitalisation",
    ),
    generique(
        "DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER",
        "MED",
        "Demande de remboursement de médecine douce",
    ),
    generique(
        "DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE",
        "MED",
        "Demande de remboursement de médecine douce",
    ),
    generique("DEMANDE_DE_REMBOURSEMENT_OPTIQUE", "OPT", "Demande de remboursement optique"),
    generique("DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF", "AUT", "Demande de remboursement"),
    generique("ENVOI_DE_DEVIS", "DEV", "Envoi d’un devis"),
    TypeDemande {
        type_demande: PRISE_EN_CHARGE_HOSPITALIERE,
        code: "PEH",
        objet: "Demande de prise en charge hospitalière",
        formulaire_dedie: true,
        question: false,
    },
    TypeDemande {
        type_demande: DEMANDE_DE_RESILIATION,
        code: "RAD",
        objet: "Demande de résiliation",
        formulaire_dedie: true,
        question: false,
    },
    TypeDemande {
        type_demande: RECLAMATION,
        code: "REC",
        objet: "Réclamation",
        formulaire_dedie: true,
        question: false,
    },
    TypeDemande {
        type_demande: SOIN_NON_RECONNU,
        code: "SNR",
        objet: "Signalement d’un soin non reconnu",
        formulaire_dedie: true,
        question: false,
    },
    TypeDemande {
        type_demande: AJOUT_BENEFICIAIRE,
        code: "ABE",
        objet: "Ajout d’un bénéficiaire",
        formulaire_dedie: true,
        question: false,
    },
];

const fn generique(type_demande: &'static str, code: &'static str, objet: &'static str) -> TypeDemande {
    TypeDemande { type_demande, code, objet, formulaire_dedie: false, question: false }
}

const fn question(type_demande: &'static str, code: &'static str, objet: &'static str) -> TypeDemande {
    TypeDemande { type_demande, code, objet, formulaire_dedie: false, question: true }
}

pub fn par_type(type_demande: &str) -> Option<&'static TypeDemande> {
    TYPES.iter().find(|known| known.type_demande == type_demande)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_of_the_specification_has_its_code() {
        let expected = [
            ("JUSTIFICATIF_DE_DOMICILE", "MAJD"),
            ("ATTESTATION_FRANCE_TRAVAIL", "PRT"),
            ("ATTESTATION_VITALE", "MAJV"),
            ("JUSTIFICATIF_DE_SCOLARITÉ", "JSCO"),
            ("MANDAT_SEPA", "RIB"),
            ("MISE_A_JOUR_RIB", "RIB"),
            ("RIB", "RIB"),
            ("UNE_QUESTION_SANTÉ", "QUE"),
            ("UNE_QUESTION_AFFILIATION_COTISATION", "QUC"),
            ("DEMANDE_DE_REMBOURSEMENT_DENTAIRE", "DEN"),
            ("DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION", "HOS"),
            ("DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER", "MED"),
            ("DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE", "MED"),
            ("DEMANDE_DE_REMBOURSEMENT_OPTIQUE", "OPT"),
            ("DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF", "AUT"),
            ("ENVOI_DE_DEVIS", "DEV"),
            ("PRISE_EN_CHARGE_HOSPITALIERE", "PEH"),
            ("DEMANDE_DE_RESILIATION", "RAD"),
            ("RECLAMATION", "REC"),
            ("SOIN_NON_RECONNU", "SNR"),
            ("AJOUT_BENEFICIAIRE", "ABE"),
        ];
        for (type_demande, code) in expected {
            assert_eq!(par_type(type_demande).map(|known| known.code), Some(code), "{type_demande}");
        }
        assert_eq!(TYPES.len(), expected.len());
        assert!(par_type("AUTRE_CHOSE").is_none());
    }
}
