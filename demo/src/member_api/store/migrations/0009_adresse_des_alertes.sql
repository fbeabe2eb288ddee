-- A change of the alerts' address is told to the address it replaces: a new kind of security
-- email, and the address a queued email goes to when it is not the member's current one.
-- SQLite cannot change a CHECK: the table is made again with its rows.
CREATE TABLE courriels_0009 (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT',
                                           'COORDONNEES_BANCAIRES', 'NOUVEL_APPAREIL',
                                           'ADRESSE_DES_ALERTES')),
    -- The portal's page the email links to, a path such as /mutuelle/remboursements/2026-11-28.
    lien TEXT NOT NULL,
    -- For NOUVEL_APPAREIL: "Firefox sur Android".
    appareil TEXT,
    -- For ADRESSE_DES_ALERTES: the address the alerts went to before the change.
    destinataire TEXT,
    cree_le TEXT NOT NULL,
    envoye_le TEXT,
    tentatives INTEGER NOT NULL DEFAULT 0
);
INSERT INTO courriels_0009 (id, numero_personne, nature, lien, appareil, cree_le, envoye_le, tentatives)
    SELECT id, numero_personne, nature, lien, appareil, cree_le, envoye_le, tentatives FROM courriels;
DROP TABLE courriels;
ALTER TABLE courriels_0009 RENAME TO courriels;
CREATE INDEX courriels_a_envoyer ON courriels (envoye_le, id);
