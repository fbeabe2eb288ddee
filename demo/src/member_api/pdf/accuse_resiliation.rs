//! The acknowledgement of a termination (`document/creationResiliation`).

use krilla::metadata::Metadata;

use super::mise_en_page::{BODY, Layout, NOTE, SECTION_GAP};

/// What the acknowledgement of a termination states (Code de la mutualité, D221-1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccuseResiliation {
    pub mutuelle: String,
    pub numero_demande: String,
    pub adherent: String,
    pub numero_adherent: String,
    /// "IND-2019-00417 — Santé Essentielle".
    pub contrat: String,
    pub motif: String,
    pub date_evenement: String,
    /// "23/11/2026 à 14:05".
    pub notifiee_le: String,
    pub fin_contrat: String,
}

/// The acknowledgement of a termination notice, the durable medium the law asks for.
pub fn accuse_resiliation(accuse: &AccuseResiliation) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Accusé de réception de votre demande de résiliation", &accuse.mutuelle);
    layout.paragraph(
        &format!(
            "Votre mutuelle a bien reçu, le {}, la notification de la résiliation de votre contrat.",
            accuse.notifiee_le
        ),
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.field("Demande n°", &accuse.numero_demande);
    layout.field("Adhérent", &accuse.adherent);
    layout.field("N° d’adhérent", &accuse.numero_adherent);
    layout.field("Contrat", &accuse.contrat);
    layout.field("Risque couvert", "Frais de santé (complémentaire santé)");
    layout.field("Motif", &accuse.motif);
    layout.field("Date de l’événement", &accuse.date_evenement);
    layout.field("Notification reçue le", &accuse.notifiee_le);
    layout.field("Fin du contrat le", &accuse.fin_contrat);
    layout.gap(SECTION_GAP);
    layout.paragraph(
        &format!(
            "À compter du {fin}, vos garanties et celles des personnes couvertes par ce contrat \
             cessent, et votre carte de tiers payant ne peut plus être présentée : détruisez-la. \
             Les soins reçus jusqu’à cette date restent remboursés. La part de cotisation payée \
             pour la période postérieure à la fin du contrat vous est remboursée dans un délai \
             de trente jours (article L221-10-3 du Code de la mutualité).",
            fin = accuse.fin_contrat
        ),
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.paragraph("Conservez ce document : il prouve la date de votre demande.", NOTE);
    layout.render(
        &format!("{} · Accusé de réception de la demande n° {}", accuse.mutuelle, accuse.numero_demande),
        Metadata::new()
            .title(format!("Accusé de réception de résiliation — {}", accuse.adherent))
            .authors(vec![accuse.mutuelle.clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{assert_contains_all, extracted_text, marie_accuse};

    #[test]
    fn the_acknowledgement_of_a_termination_names_the_contract_the_dates_and_the_effects() {
        let pdf = accuse_resiliation(&marie_accuse());
        assert!(pdf.starts_with(b"%PDF-"));
        let Some(text) = extracted_text(&pdf) else { return };
        assert_contains_all(
            &text,
            &[
                "Accusé de réception de votre demande de résiliation",
                "IND-2021-004512",
                "Santé Sérénité Niveau 3",
                "Frais de santé",
                "23/11/2026 à 14:05",
                "Fin du contrat le",
                "23/12/2026",
                "trente jours",
                "L221-10-3",
            ],
        );
    }
}
