//! The certificates (`assure/attestation`): of rights or of membership.

use krilla::metadata::Metadata;

use super::mise_en_page::{BODY, CONTENT_WIDTH, Layout, NOTE, SECTION_GAP, column};

/// A certificate: of rights (who is covered, by what, when) or of membership.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attestation {
    pub mutuelle: String,
    /// "Attestation de droits", "Attestation d’adhésion".
    pub titre: &'static str,
    /// What the mutual certifies, in one paragraph.
    pub declaration: String,
    /// Label and value, in reading order.
    pub champs: Vec<(&'static str, String)>,
    pub tableaux: Vec<Tableau>,
    /// As printed (dd/MM/yyyy).
    pub date_edition: String,
}

/// A titled table of three columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tableau {
    pub titre: &'static str,
    pub entetes: [&'static str; 3],
    pub lignes: Vec<[String; 3]>,
}

/// A certificate as a PDF, to hand to a hospital, an employer or a health professional.
pub fn attestation(attestation: &Attestation) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner(attestation.titre, &attestation.mutuelle);
    layout.paragraph(&attestation.declaration, BODY);
    layout.gap(SECTION_GAP);
    for (label, value) in &attestation.champs {
        layout.field(label, value);
    }
    for tableau in &attestation.tableaux {
        layout.section(
            tableau.titre,
            [column(0.0, 180.0), column(190.0, 150.0), column(350.0, CONTENT_WIDTH - 350.0)],
            tableau.entetes,
            &tableau.lignes,
        );
    }
    layout.gap(SECTION_GAP);
    layout.paragraph(
        &format!(
            "Attestation établie le {} pour servir et valoir ce que de droit. Elle ne remplace ni \
             la carte Vitale ni la carte de tiers payant.",
            attestation.date_edition
        ),
        NOTE,
    );
    layout.render(
        &format!("{} · {} éditée le {}", attestation.mutuelle, attestation.titre, attestation.date_edition),
        Metadata::new().title(attestation.titre.to_owned()).authors(vec![attestation.mutuelle.clone()]),
    )
}
