//! « Réponse à votre devis » (`document/creationDevis`): the mutual's written answer to a
//! quote, line by line, kept with the member's request.

use krilla::metadata::Metadata;

use super::impression::{date, montant};
use super::mise_en_page::{BODY, CONTENT_WIDTH, Layout, NOTE, SECTION_GAP, column};
use crate::member_api::store::formulaires::ReponseDevis;

/// What the answer prints.
pub struct ReponseDevisImprimee<'a> {
    pub mutuelle: &'a str,
    pub numero_demande: i64,
    pub numero_adherent: &'a str,
    /// « Marie DUPONT ».
    pub patient: &'a str,
    pub reponse: &'a ReponseDevis,
}

pub fn reponse_devis(imprimee: &ReponseDevisImprimee<'_>) -> Vec<u8> {
    let ReponseDevisImprimee { mutuelle, numero_demande, numero_adherent, patient, reponse } = imprimee;
    let mut layout = Layout::new();
    layout.banner("Réponse à votre devis", mutuelle);
    layout.paragraph(
        "Voici, ligne par ligne, ce que la Sécurité sociale et votre mutuelle rembourseront des soins de \
         votre devis, selon vos garanties et ce qu’il reste de vos forfaits à la date de cette réponse.",
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.field("Demande n°", &numero_demande.to_string());
    layout.field("N° d’adhérent", numero_adherent);
    layout.field("Patient", patient);
    layout.field("Répondu le", &date(reponse.repondu_le));
    layout.field("Valable jusqu’au", &date(reponse.valable_jusquau));
    let mut lignes: Vec<[String; 5]> = reponse
        .lignes
        .iter()
        .map(|ligne| {
            let soin = match &ligne.code {
                Some(code) => format!("{} ({code})", ligne.libelle_soin),
                None => ligne.libelle_soin.clone(),
            };
            [
                soin,
                montant(ligne.prix.0),
                montant(ligne.montant_secu.0),
                montant(ligne.montant_mutuelle.0),
                montant(ligne.reste_a_charge.0),
            ]
        })
        .collect();
    let totaux = &reponse.totaux;
    lignes.push([
        "Total".to_owned(),
        montant(totaux.prix.0),
        montant(totaux.montant_secu.0),
        montant(totaux.montant_mutuelle.0),
        montant(totaux.reste_a_charge.0),
    ]);
    layout.section(
        "Ce qui vous sera remboursé",
        [
            column(0.0, 175.0),
            column(185.0, 70.0),
            column(265.0, 70.0),
            column(345.0, 70.0),
            column(425.0, CONTENT_WIDTH - 425.0),
        ],
        ["Soin", "Prix", "Sécurité sociale", "Mutuelle", "Reste à votre charge"],
        &lignes,
    );
    for (rang, ligne) in reponse.lignes.iter().enumerate() {
        if let (true, Some(limite)) = (ligne.depasse_limite, ligne.limite) {
            layout.paragraph(
                &format!(
                    "Ligne {} : prix au-dessus du prix limite de vente du 100 % Santé ({}), que le professionnel ne peut pas dépasser pour cet équipement.",
                    rang + 1,
                    montant(limite.0)
                ),
                BODY,
            );
        }
        if let Some(equivalent) = &ligne.equivalent_100_sante {
            layout.paragraph(
                &format!(
                    "Ligne {} : un équipement 100 % Santé, jusqu’à {}, vous laisserait {} à payer.",
                    rang + 1,
                    montant(equivalent.limite.0),
                    montant(equivalent.reste_a_charge.0)
                ),
                BODY,
            );
        }
    }
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Cette réponse vaut pour les soins, les prix et les garanties qu’elle mentionne, jusqu’à sa date de \
         validité ; les remboursements se calculent sur les factures, selon les forfaits restant à leur date.",
        NOTE,
    );
    layout.render(
        &format!("{mutuelle} · Réponse au devis de la demande n° {numero_demande}"),
        Metadata::new()
            .title(format!("Réponse à votre devis — {patient}"))
            .authors(vec![(*mutuelle).to_owned()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{assert_contains_all, extracted_text};
    use crate::member_api::store::formulaires::{Equivalent100Sante, ReponseLigneDevis, TotauxDevis};
    use crate::member_api::store::montant::Euros;

    #[test]
    fn the_answer_prints_each_line_its_totals_its_dates_and_its_100_sante_notes() {
        let ligne = ReponseLigneDevis {
            soin: "DENTAIRE_COURONNE".into(),
            libelle_soin: "Couronne dentaire".into(),
            code: Some("HBLD036".into()),
            cent_pour_cent_sante: false,
            prix: Euros(65_000),
            quantite: 1,
            base_secu: Euros(12_000),
            taux_secu: 60,
            montant_secu: Euros(7_200),
            montant_mutuelle: Euros(28_800),
            reste_a_charge: Euros(29_000),
            plafond_restant: None,
            depasse_limite: false,
            limite: None,
            equivalent_100_sante: Some(Equivalent100Sante {
                limite: Euros(50_000),
                reste_a_charge: Euros(0),
            }),
            regles: Vec::new(),
        };
        let reponse = ReponseDevis {
            repondu_le: "2027-01-11".parse().unwrap(),
            valable_jusquau: "2027-04-11".parse().unwrap(),
            lignes: vec![ligne],
            totaux: TotauxDevis {
                prix: Euros(65_000),
                montant_secu: Euros(7_200),
                montant_mutuelle: Euros(28_800),
                reste_a_charge: Euros(29_000),
            },
            document_reponse: None,
        };
        let pdf = reponse_devis(&ReponseDevisImprimee {
            mutuelle: "Mutuelle Santé Horizon",
            numero_demande: 12,
            numero_adherent: "100001",
            patient: "Marie DUPONT",
            reponse: &reponse,
        });
        assert!(pdf.starts_with(b"%PDF-"));
        let Some(text) = extracted_text(&pdf) else { return };
        assert_contains_all(
            &text,
            &[
                "Réponse à votre devis",
                "Couronne dentaire (HBLD036)",
                "650 €",
                "290 €",
                "11/04/2027",
                "Total",
                "500 €",
            ],
        );
    }
}
