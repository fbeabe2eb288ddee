//! The tiers-payant card (`carte-tp-detail`), to show a health professional.

use krilla::metadata::Metadata;

use super::mise_en_page::{CONTENT_WIDTH, Layout, NOTE, SECTION_GAP, column};

/// The tiers-payant card: what a health professional needs to be paid by the insurer directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarteTp {
    pub mutuelle: String,
    /// The member as addressed, e.g. "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    /// The insurer's complementary health organisation number (numéro AMC).
    pub numero_amc: String,
    /// The tiers-payant agreement, e.g. "Convention Sesam-Vitale".
    pub type_convention: String,
    /// The routing criterion that sends claims to the right payer (« critère secondaire de
    /// routage », also known as critère d'aiguillage).
    pub critere_aiguillage: String,
    /// First day of validity, as printed (dd/MM/yyyy).
    pub debut_validite: String,
    /// Last day of validity, as printed (dd/MM/yyyy).
    pub fin_validite: String,
    /// What the card's 2D code carries, the same text as the card on screen.
    pub code: String,
    pub beneficiaires: Vec<BeneficiaireCarte>,
    pub domaines: Vec<DomaineSoins>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeneficiaireCarte {
    /// First and last name, e.g. "Marie DUPONT".
    pub nom: String,
    /// As printed (dd/MM/yyyy).
    pub date_naissance: String,
    /// Birth rank, which tells apart twins sharing a Sécurité sociale number.
    pub rang: u8,
}

/// A care domain the card opens to tiers payant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomaineSoins {
    /// The standard code: "PHAR", "LABO", "HOSP", "OPTI", "DENT", "SAGE", "AUDI"...
    pub code: String,
    /// E.g. "Pharmacie".
    pub libelle: String,
    /// E.g. "100 %" or "PEC".
    pub taux: String,
}

/// The tiers-payant card ("Carte de tiers payant") as a PDF, with the labels and the 2D code
/// of the card on screen, so that a professional reads the printed card as the phone's.
pub fn carte_tp(carte: &CarteTp) -> Vec<u8> {
    let validite = format!("du {} au {}", carte.debut_validite, carte.fin_validite);
    let mut layout = Layout::new();
    layout.banner("Carte de tiers payant", &carte.mutuelle);
    layout.fields_beside_code(
        &[
            ("Adhérent", &carte.adherent),
            ("Numéro d’adhérent", &carte.numero_adherent),
            ("Numéro AMC", &carte.numero_amc),
            ("Type de convention", &carte.type_convention),
            ("Critère secondaire de routage", &carte.critere_aiguillage),
            ("Période de validité", &validite),
        ],
        "Code à scanner par votre professionnel de santé",
        &carte.code,
    );
    let beneficiaires: Vec<[String; 3]> = carte
        .beneficiaires
        .iter()
        .map(|beneficiaire| {
            [beneficiaire.nom.clone(), beneficiaire.date_naissance.clone(), beneficiaire.rang.to_string()]
        })
        .collect();
    layout.section(
        "Personnes couvertes",
        [column(0.0, 245.0), column(255.0, 140.0), column(405.0, CONTENT_WIDTH - 405.0)],
        ["Bénéficiaire", "Date de naissance", "Rang"],
        &beneficiaires,
    );
    let domaines: Vec<[&str; 3]> = carte
        .domaines
        .iter()
        .map(|domaine| [domaine.code.as_str(), domaine.libelle.as_str(), domaine.taux.as_str()])
        .collect();
    layout.section(
        "Tiers payant par domaine",
        [column(0.0, 60.0), column(70.0, 245.0), column(325.0, CONTENT_WIDTH - 325.0)],
        ["Code", "Domaine", "Taux"],
        &domaines,
    );
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Présentez cette carte avec votre carte Vitale au professionnel de santé : dans les \
         domaines et aux taux indiqués, vous n’avancez pas la part prise en charge par votre \
         mutuelle.",
        NOTE,
    );
    layout.render(
        &format!("{} · Carte de tiers payant valable {validite}", carte.mutuelle),
        Metadata::new()
            .title(format!("Carte de tiers payant — {}", carte.adherent))
            .authors(vec![carte.mutuelle.clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{assert_contains_all, extracted_text, marie_carte};

    #[test]
    fn carte_tp_is_a_pdf() {
        assert!(carte_tp(&marie_carte()).starts_with(b"%PDF-"));
    }

    #[test]
    fn carte_tp_text_is_extractable_with_accents_and_euro() {
        let Some(text) = extracted_text(&carte_tp(&marie_carte())) else { return };
        assert_contains_all(
            &text,
            &[
                "Carte de tiers payant",
                "Marie DUPONT",
                "Chloé DUPONT",
                "Critère secondaire de routage",
                "Numéro d’adhérent",
                "Personnes couvertes",
                "Tiers payant par domaine",
                // The code's caption, wrapped to the code's width.
                "Code à scanner par votre",
                "professionnel de santé",
                "Page 1/1",
                "DRE 75123456",
                "75123456",
                "Convention Sesam-Vitale",
                "du 01/01/2026 au 31/12/2026",
                "Date de naissance",
                "03/09/2015",
                "PHAR",
                "LABO",
                "HOSP",
                "OPTI",
                "DENT",
                "SAGE",
                "AUDI",
                "PEC",
                "100 % + 150 €",
            ],
        );
    }

    /// What a QR code reader (zbarimg, from zbar-tools) reads on the first page of `pdf`
    /// rendered at 200 dpi (pdftoppm, from poppler-utils), as a scanner sees the printed card.
    fn scanned(pdf: &[u8]) -> String {
        let folder = tempfile::tempdir().unwrap();
        let document = folder.path().join("carte.pdf");
        std::fs::write(&document, pdf).unwrap();
        let image = folder.path().join("page");
        let rendered = std::process::Command::new("pdftoppm")
            .args(["-r", "200", "-png", "-singlefile", "-f", "1"])
            .arg(&document)
            .arg(&image)
            .status()
            .expect("pdftoppm (poppler-utils) renders the PDF");
        assert!(rendered.success());
        let read = std::process::Command::new("zbarimg")
            .args(["--raw", "-q", "-Sdisable", "-Sqrcode.enable"])
            .arg(image.with_extension("png"))
            .output()
            .expect("zbarimg (zbar-tools) reads the code");
        assert!(read.status.success(), "no code found: {}", String::from_utf8_lossy(&read.stderr));
        String::from_utf8(read.stdout).unwrap().trim_end_matches('\n').to_owned()
    }

    #[test]
    fn the_printed_card_carries_the_code_of_the_card_on_screen() {
        let carte = marie_carte();
        assert_eq!(scanned(&carte_tp(&carte)), carte.code);
    }
}
