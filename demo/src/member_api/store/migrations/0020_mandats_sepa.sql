-- The SEPA direct-debit mandates a member signs online for the account their contributions are
-- taken from: each with its unique reference (RUM), the one-time code that signs it (its hash
-- only) and the evidence of the signature; the mandate in force ends the day a new one starts.
CREATE TABLE mandats_sepa (
    id INTEGER PRIMARY KEY,
    rum TEXT NOT NULL UNIQUE,
    numero_personne TEXT NOT NULL,
    titulaire TEXT NOT NULL,
    iban TEXT NOT NULL,
    bic TEXT NOT NULL,
    cree_le TEXT NOT NULL,
    -- SHA-256 of the text shown to the member, and of the reference and code sent to them.
    texte_empreinte TEXT NOT NULL,
    code_empreinte TEXT NOT NULL,
    code_expire_le TEXT NOT NULL,
    -- Where the code went, as it was then.
    code_envoye_a TEXT NOT NULL,
    essais INTEGER NOT NULL DEFAULT 0,
    signe_le TEXT,
    -- Who signed: the member, or the delegation they acted under.
    signe_par TEXT,
    debut TEXT,
    fin TEXT,
    document_id INTEGER REFERENCES documents (id)
);
CREATE INDEX mandats_par_personne ON mandats_sepa (numero_personne, cree_le);
-- The email that carries a mandate's one-time code (`code`, until it is sent): SQLite changes a
-- CHECK constraint only by making the table again.
CREATE TABLE courriels_0020 (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT',
                                           'COORDONNEES_BANCAIRES', 'NOUVEL_APPAREIL',
                                           'ADRESSE_DES_ALERTES', 'ACCORD_PRISE_EN_CHARGE',
                                           'DELEGATION_UTILISEE', 'DELEGATION_TERMINEE',
                                           'CODE_MANDAT')),
    lien TEXT NOT NULL,
    appareil TEXT,
    destinataire TEXT,
    document_id INTEGER REFERENCES documents (id),
    cree_le TEXT NOT NULL,
    envoye_le TEXT,
    tentatives INTEGER NOT NULL DEFAULT 0,
    code TEXT
);
INSERT INTO courriels_0020 (id, numero_personne, nature, lien, appareil, destinataire, document_id, cree_le,
                            envoye_le, tentatives)
    SELECT id, numero_personne, nature, lien, appareil, destinataire, document_id, cree_le, envoye_le, tentatives
    FROM courriels;
DROP TABLE courriels;
ALTER TABLE courriels_0020 RENAME TO courriels;
CREATE INDEX courriels_a_envoyer ON courriels (envoye_le, id);
