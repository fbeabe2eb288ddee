//! The guarantees booklet of one contract (`/api/assure/livret`).

use krilla::metadata::Metadata;

use super::mise_en_page::{CONTENT_WIDTH, Layout, NOTE, SECTION_GAP, column};

/// The guarantees booklet of one contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Livret {
    /// The insurer's name, e.g. "Mutuelle Santé Horizon".
    pub mutuelle: String,
    /// The member as addressed, e.g. "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    pub numero_contrat: String,
    /// The product subscribed, e.g. "Santé Sérénité Niveau 3".
    pub produit: String,
    /// The day the booklet is generated, as printed (dd/MM/yyyy).
    pub date_edition: String,
    /// In reading order; a category without guarantees is left out.
    pub categories: Vec<CategorieGaranties>,
}

/// A group of guarantees: "Soins courants", "Hospitalisation", "Optique", "Dentaire"...
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorieGaranties {
    pub libelle: String,
    pub garanties: Vec<Garantie>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garantie {
    /// What is covered, e.g. "Consultations et visites de généralistes".
    pub libelle: String,
    /// How it is reimbursed, e.g. "125 % BRSS" or "150 €/an".
    pub regle: String,
    /// The ceiling, e.g. "300 € par an et par bénéficiaire"; `None` prints a dash.
    pub plafond: Option<String>,
}

/// The guarantees booklet ("Livret de garanties") as a PDF.
pub fn livret(livret: &Livret) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Livret de garanties", &livret.mutuelle);
    layout.field("Adhérent", &livret.adherent);
    layout.field("N° d’adhérent", &livret.numero_adherent);
    layout.field("Produit", &livret.produit);
    layout.field("N° de contrat", &livret.numero_contrat);
    layout.field("Édité le", &livret.date_edition);
    for categorie in &livret.categories {
        let rows: Vec<[&str; 3]> = categorie
            .garanties
            .iter()
            .map(|garantie| {
                [
                    garantie.libelle.as_str(),
                    garantie.regle.as_str(),
                    garantie.plafond.as_deref().unwrap_or("—"),
                ]
            })
            .collect();
        layout.section(
            &categorie.libelle,
            [column(0.0, 215.0), column(225.0, 115.0), column(350.0, CONTENT_WIDTH - 350.0)],
            ["Garantie", "Remboursement", "Plafond"],
            &rows,
        );
    }
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Les taux exprimés en % de la BRSS (base de remboursement de la Sécurité sociale) \
         incluent le remboursement de la Sécurité sociale, dans la limite des frais réels.",
        NOTE,
    );
    layout.render(
        &format!("{} · Livret de garanties édité le {}", livret.mutuelle, livret.date_edition),
        Metadata::new()
            .title(format!("Livret de garanties — {}", livret.adherent))
            .authors(vec![livret.mutuelle.clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{
        assert_contains_all, categorie, extracted_text, garantie, marie_livret,
    };

    #[test]
    fn livret_is_a_pdf() {
        assert!(livret(&marie_livret()).starts_with(b"%PDF-"));
    }

    #[test]
    fn livret_text_is_extractable_with_accents_and_euro() {
        let Some(text) = extracted_text(&livret(&marie_livret())) else { return };
        assert_contains_all(
            &text,
            &[
                "Livret de garanties",
                "Mutuelle Santé Horizon",
                "Marie DUPONT",
                "100001",
                "IND-2021-004512",
                "Santé Sérénité Niveau 3",
                "Hospitalisation",
                "Prévention",
                "Consultations et visites de généralistes",
                "125 % BRSS",
                "150 €/an",
                "1 équipement tous les 2 ans",
                "15/03/2026",
                "Page 1/1",
            ],
        );
    }

    #[test]
    fn livret_leaves_out_empty_categories() {
        let Some(text) = extracted_text(&livret(&marie_livret())) else { return };
        assert!(!text.contains("Aides auditives"), "{text}");
    }

    #[test]
    fn long_livret_flows_onto_further_pages() {
        let mut long = marie_livret();
        long.categories = (1..=8)
            .map(|number| {
                let lines = (1..=12)
                    .map(|line| garantie(&format!("Acte {number}.{line} remboursé"), "100 % BRSS", None))
                    .collect();
                categorie(&format!("Catégorie {number}"), lines)
            })
            .collect();
        let Some(text) = extracted_text(&livret(&long)) else { return };
        assert_contains_all(&text, &["Acte 1.1 remboursé", "Acte 8.12 remboursé", "Page 1/4", "Page 4/4"]);
    }
}
