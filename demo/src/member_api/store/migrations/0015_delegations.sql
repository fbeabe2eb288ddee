-- « Agir pour un proche »: who may act for a member, with which rights, until when; and what
-- was done under each delegation. A delegation is given by the member to an email address
-- (PROCHE), or recorded by the mutual from a court decision (TUTELLE, CURATELLE), whose
-- judgement it keeps, or is a beneficiary's own space on the contract (BENEFICIAIRE), which
-- shows them their own care only. It is bound to the account (`sujet`) at its first use.
CREATE TABLE delegations (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('PROCHE', 'TUTELLE', 'CURATELLE', 'BENEFICIAIRE')),
    -- For BENEFICIAIRE: whose own space it is.
    beneficiaire_id INTEGER REFERENCES beneficiaires (id),
    -- The invited address, in lower case: what a delegate's verified email is compared with.
    courriel TEXT NOT NULL,
    -- A comma-separated set of REMBOURSEMENTS, ATTESTATIONS, DEMANDES, GESTION.
    droits TEXT NOT NULL,
    debut TEXT NOT NULL,
    -- The last day included.
    fin TEXT NOT NULL,
    cree_le TEXT NOT NULL,
    retiree_le TEXT,
    -- The delegate's account (the token's `sub`) and name, from the first use on.
    sujet TEXT,
    nom TEXT,
    premier_usage TEXT,
    -- The member was told that it ended (by its date or withdrawn).
    fin_annoncee INTEGER NOT NULL DEFAULT 0,
    jugement_nom TEXT,
    jugement_contenu BLOB
);
CREATE INDEX delegations_par_adherent ON delegations (numero_personne);
CREATE INDEX delegations_par_courriel ON delegations (courriel);
CREATE TABLE actions_deleguees (
    id INTEGER PRIMARY KEY,
    delegation_id INTEGER NOT NULL REFERENCES delegations (id),
    fait_le TEXT NOT NULL,
    libelle TEXT NOT NULL
);
CREATE INDEX actions_par_delegation ON actions_deleguees (delegation_id, id);
-- The member is told when a delegation is first used and when it ends.
CREATE TABLE courriels_0015 (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT',
                                           'COORDONNEES_BANCAIRES', 'NOUVEL_APPAREIL',
                                           'ADRESSE_DES_ALERTES', 'ACCORD_PRISE_EN_CHARGE',
                                           'DELEGATION_UTILISEE', 'DELEGATION_TERMINEE')),
    lien TEXT NOT NULL,
    appareil TEXT,
    destinataire TEXT,
    document_id INTEGER REFERENCES documents (id),
    cree_le TEXT NOT NULL,
    envoye_le TEXT,
    tentatives INTEGER NOT NULL DEFAULT 0
);
INSERT INTO courriels_0015 (id, numero_personne, nature, lien, appareil, destinataire, document_id, cree_le,
                            envoye_le, tentatives)
    SELECT id, numero_personne, nature, lien, appareil, destinataire, document_id, cree_le, envoye_le, tentatives
    FROM courriels;
DROP TABLE courriels;
ALTER TABLE courriels_0015 RENAME TO courriels;
CREATE INDEX courriels_a_envoyer ON courriels (envoye_le, id);
