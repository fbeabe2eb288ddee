-- A document the mutual issues to a member (a letter, a statement) is a third nature. SQLite
-- cannot change a CHECK in place: the table is copied.
CREATE TABLE documents_copie (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    demande_id INTEGER REFERENCES demandes (id),
    nom_fichier TEXT NOT NULL,
    type_mime TEXT NOT NULL,
    taille INTEGER NOT NULL,
    contenu BLOB NOT NULL,
    date_depot TEXT NOT NULL,
    nature TEXT NOT NULL DEFAULT 'PIECE_JOINTE'
        CHECK (nature IN ('PIECE_JOINTE', 'ACCUSE_RECEPTION_RESILIATION', 'DOCUMENT_MUTUELLE')),
    depose_le TEXT
);
INSERT INTO documents_copie (id, numero_personne, demande_id, nom_fichier, type_mime, taille, contenu,
                             date_depot, nature, depose_le)
    SELECT id, numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot, nature,
           depose_le
    FROM documents;
DROP TABLE documents;
ALTER TABLE documents_copie RENAME TO documents;
CREATE INDEX documents_par_demande ON documents (demande_id);
CREATE INDEX documents_en_attente ON documents (depose_le) WHERE demande_id IS NULL;

-- What happened to a member that the mutual tells them of: by email, as their preferences say,
-- and on the home page since their previous visit. Written in the same transaction as the
-- change it tells of.
CREATE TABLE evenements (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    type TEXT NOT NULL CHECK (type IN ('REMBOURSEMENT', 'STATUT_DEMANDE', 'REPONSE_DEMANDE', 'DOCUMENT')),
    paiement_id TEXT REFERENCES paiements (id),
    demande_id INTEGER REFERENCES demandes (id),
    document_id INTEGER REFERENCES documents (id),
    -- The request's new state, for STATUT_DEMANDE.
    etat TEXT,
    -- RFC 3339, UTC.
    survenu_le TEXT NOT NULL
);
CREATE INDEX evenements_par_adherent ON evenements (numero_personne, survenu_le);

-- The emails the mutual owes (alerts and security emails): a transactional outbox, written with
-- the change, emptied by the queue.
CREATE TABLE courriels (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT',
                                           'COORDONNEES_BANCAIRES', 'NOUVEL_APPAREIL')),
    -- The portal's page the email links to, a path such as /mutuelle/remboursements/2026-11-28.
    lien TEXT NOT NULL,
    -- For NOUVEL_APPAREIL: "Firefox sur Android".
    appareil TEXT,
    cree_le TEXT NOT NULL,
    envoye_le TEXT,
    tentatives INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX courriels_a_envoyer ON courriels (envoye_le, id);

-- A member's choices; no row means the defaults (every alert on, paper documents, the contact
-- email).
CREATE TABLE preferences (
    numero_personne TEXT PRIMARY KEY REFERENCES adherents (numero_personne),
    alerte_remboursement INTEGER NOT NULL DEFAULT 1,
    alerte_demande INTEGER NOT NULL DEFAULT 1,
    alerte_document INTEGER NOT NULL DEFAULT 1,
    zero_papier INTEGER NOT NULL DEFAULT 0,
    -- NULL: the contact email of `adherents`.
    email_alertes TEXT
);

-- The member's last two sign-ins: « depuis votre dernière visite » counts from the one before.
CREATE TABLE connexions (
    numero_personne TEXT PRIMARY KEY REFERENCES adherents (numero_personne),
    derniere TEXT NOT NULL,
    precedente TEXT
);

-- The devices a member signed in with, in canonical form (browser family and system, lower
-- case): a sign-in from any other sends a security email.
CREATE TABLE appareils_connus (
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    navigateur TEXT NOT NULL,
    systeme TEXT NOT NULL,
    vu_le TEXT NOT NULL,
    PRIMARY KEY (numero_personne, navigateur, systeme)
);

-- The conversation on a request: the mutual's answers (and, later, the member's).
CREATE TABLE messages_demande (
    id INTEGER PRIMARY KEY,
    demande_id INTEGER NOT NULL REFERENCES demandes (id),
    auteur TEXT NOT NULL CHECK (auteur IN ('MUTUELLE', 'ADHERENT')),
    texte TEXT NOT NULL,
    envoye_le TEXT NOT NULL
);
CREATE INDEX messages_par_demande ON messages_demande (demande_id, id);

-- A report of care the member did not receive names the payment's line it is about.
ALTER TABLE demandes ADD COLUMN ligne_signalee INTEGER REFERENCES lignes_prestation (id);
