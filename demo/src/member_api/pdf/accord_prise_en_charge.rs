//! The agreement for a hospital stay (`document/creationHospitalisation`), sent to the
//! establishment and kept with the member's request: the establishment bills the mutual for
//! what it covers, quoting the agreement's number.

use krilla::metadata::Metadata;

use super::impression;
use super::mise_en_page::{BODY, CONTENT_WIDTH, Layout, NOTE, SECTION_GAP, column};
use crate::member_api::store::formulaires::LigneCouverture;

/// What an agreement states.
#[derive(Debug, Clone, PartialEq)]
pub struct AccordPriseEnCharge {
    pub mutuelle: String,
    pub numero_accord: String,
    pub etablissement: String,
    pub finess: String,
    /// « 12 rue de l’Hôpital, 21000 Dijon ».
    pub adresse_etablissement: String,
    pub patient: String,
    pub date_naissance: String,
    pub numero_adherent: String,
    /// « Chirurgie ».
    pub sejour: String,
    /// « du 11/01/2027 au 14/01/2027 (4 jours) ».
    pub dates: String,
    pub chambre_particuliere: bool,
    pub lignes: Vec<LigneCouverture>,
    pub decide_le: String,
}

/// The agreement as a PDF.
pub fn accord_prise_en_charge(accord: &AccordPriseEnCharge) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Accord de prise en charge hospitalière", &accord.mutuelle);
    layout.paragraph(
        &format!(
            "{} prend en charge, dans les limites ci-dessous, le séjour de son adhérent dans votre \
             établissement. Rappelez le numéro d’accord sur la facture que vous lui adressez.",
            accord.mutuelle
        ),
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.field("N° d’accord", &accord.numero_accord);
    layout.field("Établissement", &accord.etablissement);
    layout.field("N° FINESS", &accord.finess);
    layout.field("Adresse", &accord.adresse_etablissement);
    layout.field("Patient", &accord.patient);
    layout.field("Né(e) le", &accord.date_naissance);
    layout.field("N° d’adhérent", &accord.numero_adherent);
    layout.field("Séjour", &accord.sejour);
    layout.field("Dates", &accord.dates);
    layout
        .field("Chambre particulière", if accord.chambre_particuliere { "demandée" } else { "non demandée" });
    let lignes: Vec<[String; 4]> = accord
        .lignes
        .iter()
        .map(|ligne| {
            let montant = |euros: Option<crate::member_api::store::montant::Euros>| {
                euros.map_or_else(|| "selon la facture".to_owned(), |euros| impression::montant(euros.0))
            };
            [
                ligne.libelle.clone(),
                ligne.regle.clone(),
                montant(ligne.prise_en_charge),
                montant(ligne.reste_a_charge),
            ]
        })
        .collect();
    layout.section(
        "Ce que la mutuelle prend en charge",
        [column(0.0, 110.0), column(120.0, 200.0), column(330.0, 80.0), column(420.0, CONTENT_WIDTH - 420.0)],
        ["Poste", "Règle", "Pris en charge", "Reste à la charge du patient"],
        &lignes,
    );
    layout.gap(SECTION_GAP);
    layout.paragraph(
        &format!(
            "Accord délivré le {}, valable pour ce séjour et ces dates dans cet établissement. Les \
             montants « selon la facture » dépendent des actes facturés ; la part qui dépasse la \
             garantie reste à la charge du patient.",
            accord.decide_le
        ),
        NOTE,
    );
    layout.render(
        &format!("{} · Accord de prise en charge n° {}", accord.mutuelle, accord.numero_accord),
        Metadata::new()
            .title(format!("Accord de prise en charge {}", accord.numero_accord))
            .authors(vec![accord.mutuelle.clone()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::pdf::exemples::{assert_contains_all, extracted_text};
    use crate::member_api::store::montant::Euros;

    #[test]
    fn the_agreement_names_the_establishment_the_patient_the_dates_the_number_and_each_line() {
        let accord = AccordPriseEnCharge {
            mutuelle: "Mutuelle Santé Horizon".into(),
            numero_accord: "PEC-2027-000042".into(),
            etablissement: "Clinique du Parc de Dijon".into(),
            finess: "210000017".into(),
            adresse_etablissement: "12 rue de l’Hôpital, 21000 Dijon".into(),
            patient: "Marie DUPONT".into(),
            date_naissance: "12/03/1985".into(),
            numero_adherent: "100001".into(),
            sejour: "Chirurgie".into(),
            dates: "du 11/01/2027 au 14/01/2027 (4 jours)".into(),
            chambre_particuliere: true,
            lignes: vec![LigneCouverture {
                libelle: "Forfait journalier".into(),
                regle: "20 € par jour, jour de sortie compris".into(),
                jours: Some(4),
                par_jour: Some(Euros(2_000)),
                prise_en_charge: Some(Euros(8_000)),
                reste_a_charge: Some(Euros(0)),
            }],
            decide_le: "04/01/2027".into(),
        };
        let pdf = accord_prise_en_charge(&accord);
        assert!(pdf.starts_with(b"%PDF-"));
        let Some(text) = extracted_text(&pdf) else { return };
        assert_contains_all(
            &text,
            &[
                "Accord de prise en charge hospitalière",
                "PEC-2027-000042",
                "Clinique du Parc de Dijon",
                "210000017",
                "Marie DUPONT",
                "du 11/01/2027 au 14/01/2027 (4 jours)",
                "Forfait journalier",
                "80 €",
            ],
        );
    }
}
