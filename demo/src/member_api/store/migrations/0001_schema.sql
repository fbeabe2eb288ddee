-- The demo member API's data. Amounts are integer cents, dates ISO `YYYY-MM-DD` text.

-- The day the demo data was generated: every seeded date is relative to it.
CREATE TABLE seed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seeded_on TEXT NOT NULL
);

CREATE TABLE produits (
    code TEXT PRIMARY KEY,
    libelle TEXT NOT NULL,
    gamme TEXT NOT NULL
);

CREATE TABLE garanties (
    id INTEGER PRIMARY KEY,
    code_produit TEXT NOT NULL REFERENCES produits (code),
    categorie TEXT NOT NULL,
    libelle TEXT NOT NULL,
    regle TEXT NOT NULL,
    plafond INTEGER,
    periodicite_plafond TEXT,
    ordre INTEGER NOT NULL
);

CREATE TABLE adherents (
    numero_personne TEXT PRIMARY KEY,
    civilite TEXT NOT NULL,
    prenom TEXT NOT NULL,
    nom TEXT NOT NULL,
    date_naissance TEXT NOT NULL,
    email TEXT NOT NULL,
    telephone_portable TEXT,
    telephone_fixe TEXT,
    courtier TEXT,
    numero_et_voie TEXT NOT NULL,
    complement_destinataire TEXT,
    complement_adresse TEXT,
    lieu_dit TEXT,
    code_postal TEXT NOT NULL,
    commune TEXT NOT NULL,
    pays TEXT NOT NULL,
    adresse_modifiee_le TEXT
);

CREATE TABLE beneficiaires (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    lien TEXT NOT NULL CHECK (lien IN ('ASSURE_PRINCIPAL', 'CONJOINT', 'ENFANT')),
    prenom TEXT NOT NULL,
    nom TEXT NOT NULL,
    date_naissance TEXT NOT NULL,
    numero_securite_sociale TEXT NOT NULL,
    rang_naissance INTEGER NOT NULL,
    caisse TEXT NOT NULL,
    statut_noemie TEXT NOT NULL
);
CREATE INDEX beneficiaires_par_adherent ON beneficiaires (numero_personne);

CREATE TABLE contrats (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    numero_contrat TEXT NOT NULL UNIQUE,
    code_produit TEXT NOT NULL REFERENCES produits (code),
    type_contrat TEXT NOT NULL CHECK (type_contrat IN ('INDIVIDUEL', 'COLLECTIF')),
    entreprise TEXT,
    date_debut TEXT NOT NULL,
    date_fin TEXT,
    motif_fin TEXT,
    cotisation INTEGER NOT NULL,
    periodicite TEXT NOT NULL,
    mode_paiement TEXT NOT NULL
);
CREATE INDEX contrats_par_adherent ON contrats (numero_personne);

CREATE TABLE contrat_beneficiaires (
    contrat_id INTEGER NOT NULL REFERENCES contrats (id),
    beneficiaire_id INTEGER NOT NULL REFERENCES beneficiaires (id),
    PRIMARY KEY (contrat_id, beneficiaire_id)
);

-- The contribution schedule: one row per call for funds.
CREATE TABLE echeances (
    id INTEGER PRIMARY KEY,
    contrat_id INTEGER NOT NULL REFERENCES contrats (id),
    date_echeance TEXT NOT NULL,
    periode_debut TEXT NOT NULL,
    periode_fin TEXT NOT NULL,
    montant INTEGER NOT NULL
);
CREATE INDEX echeances_par_contrat ON echeances (contrat_id, date_echeance);

CREATE TABLE comptes_bancaires (
    id INTEGER PRIMARY KEY,
    beneficiaire_id INTEGER NOT NULL REFERENCES beneficiaires (id),
    usage TEXT NOT NULL CHECK (usage IN ('PRESTATIONS', 'COTISATIONS')),
    titulaire TEXT NOT NULL,
    iban TEXT NOT NULL,
    bic TEXT NOT NULL,
    domiciliation TEXT,
    date_mise_a_jour TEXT NOT NULL,
    UNIQUE (beneficiaire_id, usage)
);

-- One payment: what was paid on one day, for one beneficiary, to one payee.
CREATE TABLE paiements (
    id TEXT PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    beneficiaire_id INTEGER NOT NULL REFERENCES beneficiaires (id),
    date_paiement TEXT NOT NULL,
    destinataire TEXT NOT NULL CHECK (destinataire IN ('ASSURE', 'PROFESSIONNEL_DE_SANTE')),
    nom_destinataire TEXT NOT NULL
);
CREATE INDEX paiements_par_adherent ON paiements (numero_personne, date_paiement);

CREATE TABLE lignes_prestation (
    id INTEGER PRIMARY KEY,
    paiement_id TEXT NOT NULL REFERENCES paiements (id),
    date_soins TEXT NOT NULL,
    code_acte TEXT NOT NULL,
    libelle_acte TEXT NOT NULL,
    professionnel_sante TEXT NOT NULL,
    montant_depense INTEGER NOT NULL,
    base_remboursement INTEGER NOT NULL,
    taux_secu INTEGER NOT NULL,
    montant_secu INTEGER NOT NULL,
    montant_mutuelle INTEGER NOT NULL,
    reste_a_charge INTEGER NOT NULL,
    tiers_payant INTEGER NOT NULL,
    statut TEXT NOT NULL CHECK (statut IN ('PAYE', 'REJETE')),
    motif_rejet TEXT
);
CREATE INDEX lignes_par_paiement ON lignes_prestation (paiement_id);

CREATE TABLE cartes_tp (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    numero_amc TEXT NOT NULL,
    type_convention TEXT NOT NULL,
    critere_aiguillage TEXT NOT NULL,
    numero_adherent TEXT NOT NULL,
    date_debut TEXT NOT NULL,
    date_fin TEXT NOT NULL
);

CREATE TABLE carte_tp_domaines (
    carte_id INTEGER NOT NULL REFERENCES cartes_tp (id),
    code TEXT NOT NULL,
    libelle TEXT NOT NULL,
    taux TEXT NOT NULL,
    ordre INTEGER NOT NULL,
    PRIMARY KEY (carte_id, code)
);

CREATE TABLE demandes (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    type TEXT NOT NULL,
    type_code TEXT NOT NULL,
    objet TEXT NOT NULL,
    commentaire TEXT,
    beneficiaire_id INTEGER REFERENCES beneficiaires (id),
    etat TEXT NOT NULL,
    date_creation TEXT NOT NULL,
    date_mise_a_jour TEXT NOT NULL,
    -- What the dedicated forms add (hospital care, termination) and the GED metadata, as JSON.
    hospitalisation TEXT,
    resiliation TEXT,
    metadata TEXT
);
CREATE INDEX demandes_par_adherent ON demandes (numero_personne, date_creation);

-- Uploaded files; `demande_id` stays empty until a request takes the document.
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    demande_id INTEGER REFERENCES demandes (id),
    nom_fichier TEXT NOT NULL,
    type_mime TEXT NOT NULL,
    taille INTEGER NOT NULL,
    contenu BLOB NOT NULL,
    date_depot TEXT NOT NULL
);
CREATE INDEX documents_par_demande ON documents (demande_id);
