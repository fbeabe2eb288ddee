//! The SEPA direct-debit mandate the member signed online, with the evidence of the signature.

use krilla::metadata::Metadata;

use super::mise_en_page::{BODY, Layout, NOTE, SECTION_GAP};

/// What the signed mandate states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MandatSigne {
    pub mutuelle: String,
    pub rum: String,
    pub ics: String,
    pub creancier_adresse: String,
    pub debiteur: String,
    pub debiteur_adresse: String,
    pub titulaire: String,
    pub iban: String,
    pub bic: String,
    /// The mandate's text, as shown to the member before they signed.
    pub texte: String,
    /// "06/12/2026 à 11:05 (heure de Paris)".
    pub signe_le: String,
    pub debut: String,
    /// What proves the signature: where the code went, the text's and the code's fingerprints.
    pub preuve: Vec<(String, String)>,
}

pub fn mandat_sepa(mandat: &MandatSigne) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Mandat de prélèvement SEPA", &mandat.mutuelle);
    layout.field("Référence unique du mandat (RUM)", &mandat.rum);
    layout.field("Identifiant créancier SEPA (ICS)", &mandat.ics);
    layout.field("Créancier", &format!("{}, {}", mandat.mutuelle, mandat.creancier_adresse));
    layout.field("Débiteur", &mandat.debiteur);
    layout.field("Adresse du débiteur", &mandat.debiteur_adresse);
    layout.field("Titulaire du compte", &mandat.titulaire);
    layout.field("IBAN", &mandat.iban);
    layout.field("BIC", &mandat.bic);
    layout.field("Type de paiement", "Récurrent");
    layout.gap(SECTION_GAP);
    layout.paragraph(&mandat.texte, BODY);
    layout.gap(SECTION_GAP);
    layout.field("Signé électroniquement le", &mandat.signe_le);
    layout.field("En vigueur à partir du", &mandat.debut);
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Signature électronique simple (règlement eIDAS, article 3) : le débiteur a saisi dans son espace \
         assuré le code à usage unique envoyé à son adresse électronique. La mutuelle conserve la preuve \
         suivante :",
        NOTE,
    );
    for (nom, valeur) in &mandat.preuve {
        layout.field(nom, valeur);
    }
    layout.render(
        &format!("{} · Mandat de prélèvement SEPA {}", mandat.mutuelle, mandat.rum),
        Metadata::new()
            .title(format!("Mandat de prélèvement SEPA — {}", mandat.rum))
            .authors(vec![mandat.mutuelle.clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{assert_contains_all, extracted_text};

    #[test]
    fn the_signed_mandate_names_both_parties_the_account_and_the_evidence() {
        let pdf = mandat_sepa(&MandatSigne {
            mutuelle: "Mutuelle Cogévie".into(),
            rum: "100004-20261206-01".into(),
            ics: "FR72ZZZ123456".into(),
            creancier_adresse: "12 rue de la Mutualité, 75015 Paris".into(),
            debiteur: "M. Paul DURAND".into(),
            debiteur_adresse: "5 rue Garibaldi, 69007 Lyon".into(),
            titulaire: "Paul DURAND".into(),
            iban: "FR76 3000 6000 0112 3456 7890 189".into(),
            bic: "AGRIFRPPXXX".into(),
            texte: "En signant ce formulaire de mandat, vous autorisez…".into(),
            signe_le: "06/12/2026 à 11:05 (heure de Paris)".into(),
            debut: "06/12/2026".into(),
            preuve: vec![("Code envoyé à".into(), "p•••@example.org".into())],
        });
        assert!(pdf.starts_with(b"%PDF-"));
        let Some(text) = extracted_text(&pdf) else { return };
        assert_contains_all(
            &text,
            &[
                "Mandat de prélèvement SEPA",
                "100004-20261206-01",
                "FR72ZZZ123456",
                "Paul DURAND",
                "Récurrent",
                "eIDAS",
            ],
        );
    }
}
