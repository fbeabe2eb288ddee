//! What the PDFs' tests share: Marie's booklet, card and acknowledgement, and the text a
//! reader extracts from a PDF.

use std::io::ErrorKind;
use std::process::Command;

use super::accuse_resiliation::AccuseResiliation;
use super::carte_tp::{BeneficiaireCarte, CarteTp, DomaineSoins, carte_tp};
use super::livret::{CategorieGaranties, Garantie, Livret, livret};

pub fn garantie(libelle: &str, regle: &str, plafond: Option<&str>) -> Garantie {
    Garantie { libelle: libelle.into(), regle: regle.into(), plafond: plafond.map(Into::into) }
}

pub fn categorie(libelle: &str, garanties: Vec<Garantie>) -> CategorieGaranties {
    CategorieGaranties { libelle: libelle.into(), garanties }
}

pub fn marie_livret() -> Livret {
    Livret {
        mutuelle: "Mutuelle Santé Horizon".into(),
        adherent: "Mme Marie DUPONT".into(),
        numero_adherent: "100001".into(),
        numero_contrat: "IND-2021-004512".into(),
        produit: "Santé Sérénité Niveau 3".into(),
        date_edition: "15/03/2026".into(),
        categories: vec![
            categorie(
                "Soins courants",
                vec![
                    garantie("Consultations et visites de généralistes", "125 % BRSS", None),
                    garantie("Pharmacie remboursée à 65 %", "100 % BRSS", None),
                ],
            ),
            categorie(
                "Hospitalisation",
                vec![
                    garantie("Frais de séjour", "100 % des frais réels", None),
                    garantie("Chambre particulière", "60 €/jour", Some("60 jours par an")),
                ],
            ),
            categorie(
                "Optique",
                vec![garantie("Monture et verres", "150 €/an", Some("1 équipement tous les 2 ans"))],
            ),
            categorie("Dentaire", vec![garantie("Prothèses dentaires", "300 % BRSS", Some("1 500 €/an"))]),
            categorie("Aides auditives", vec![]),
            categorie(
                "Prévention",
                vec![garantie("Vaccins non remboursés", "50 €/an", Some("par bénéficiaire"))],
            ),
        ],
    }
}

pub fn marie_carte() -> CarteTp {
    let domaine = |code: &str, libelle: &str, taux: &str| DomaineSoins {
        code: code.into(),
        libelle: libelle.into(),
        taux: taux.into(),
    };
    let beneficiaire = |nom: &str, date_naissance: &str, rang| BeneficiaireCarte {
        nom: nom.into(),
        date_naissance: date_naissance.into(),
        rang,
    };
    CarteTp {
        mutuelle: "Mutuelle Santé Horizon".into(),
        adherent: "Mme Marie DUPONT".into(),
        numero_adherent: "100001".into(),
        numero_amc: "75123456".into(),
        type_convention: "Convention Sesam-Vitale".into(),
        critere_aiguillage: "DRE 75123456".into(),
        debut_validite: "01/01/2026".into(),
        fin_validite: "31/12/2026".into(),
        code:
            "AMC:75123456\nCONV:Convention Sesam-Vitale\nAIG:DRE 75123456\nADH:100001\nVAL:20260101-20261231"
                .into(),
        beneficiaires: vec![
            beneficiaire("Marie DUPONT", "12/04/1984", 1),
            beneficiaire("Lucas DUPONT", "03/09/2015", 1),
            beneficiaire("Chloé DUPONT", "03/09/2015", 2),
        ],
        domaines: vec![
            domaine("PHAR", "Pharmacie", "100 %"),
            domaine("LABO", "Analyses et laboratoires", "100 %"),
            domaine("HOSP", "Hospitalisation", "PEC"),
            domaine("OPTI", "Optique", "100 % + 150 €"),
            domaine("DENT", "Dentaire", "300 %"),
            domaine("SAGE", "Sages-femmes", "100 %"),
            domaine("AUDI", "Aides auditives", "PEC"),
        ],
    }
}

pub fn marie_accuse() -> AccuseResiliation {
    AccuseResiliation {
        mutuelle: "Mutuelle Santé Horizon".into(),
        numero_demande: "12".into(),
        adherent: "Marie DUPONT".into(),
        numero_adherent: "100001".into(),
        contrat: "IND-2021-004512 — Santé Sérénité Niveau 3".into(),
        motif: "Résiliation à tout moment après un an d’adhésion".into(),
        date_evenement: "23/11/2026".into(),
        notifiee_le: "23/11/2026 à 14:05".into(),
        fin_contrat: "23/12/2026".into(),
    }
}

/// The text `pdftotext` (poppler-utils) extracts, or `None` when it is not installed.
pub fn extracted_text(pdf: &[u8]) -> Option<String> {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), pdf).unwrap();
    let output = match Command::new("pdftotext").args(["-enc", "UTF-8"]).arg(file.path()).arg("-").output() {
        Err(error) if error.kind() == ErrorKind::NotFound => {
            eprintln!("pdftotext not found (install poppler-utils): text extraction not checked");
            return None;
        }
        output => output.unwrap(),
    };
    assert!(output.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&output.stderr));
    Some(String::from_utf8(output.stdout).unwrap())
}

pub fn assert_contains_all(text: &str, expected: &[&str]) {
    for needle in expected {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    assert_eq!(livret(&marie_livret()), livret(&marie_livret()));
    assert_eq!(carte_tp(&marie_carte()), carte_tp(&marie_carte()));
}

#[test]
fn documents_embed_only_the_glyphs_they_use() {
    for pdf in [livret(&marie_livret()), carte_tp(&marie_carte())] {
        assert!(pdf.len() < 64 * 1024, "{} bytes", pdf.len());
    }
}
