//! The files of the seeded requests.

/// The documents attached to the seeded requests, as a member would have sent them.
pub const DOCUMENTS: &[(&str, &[u8])] = &[
    ("devis-dentaire.pdf", include_bytes!("documents/devis-dentaire.pdf")),
    ("facture-optique.pdf", include_bytes!("documents/facture-optique.pdf")),
    ("note-honoraires-osteopathe.png", include_bytes!("documents/note-honoraires-osteopathe.png")),
    ("certificat-scolarite.pdf", include_bytes!("documents/certificat-scolarite.pdf")),
    ("rib.pdf", include_bytes!("documents/rib.pdf")),
];
