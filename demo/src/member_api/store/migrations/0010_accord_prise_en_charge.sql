-- An agreement for a hospital stay is sent to the establishment with its PDF attached: a new
-- kind of email, and the document an email carries.
-- SQLite cannot change a CHECK: the table is made again with its rows.
CREATE TABLE courriels_0010 (
    id INTEGER PRIMARY KEY,
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    nature TEXT NOT NULL CHECK (nature IN ('REMBOURSEMENT', 'DEMANDE', 'DOCUMENT',
                                           'COORDONNEES_BANCAIRES', 'NOUVEL_APPAREIL',
                                           'ADRESSE_DES_ALERTES', 'ACCORD_PRISE_EN_CHARGE')),
    -- The portal's page the email links to, a path such as /mutuelle/remboursements/2026-11-28.
    lien TEXT NOT NULL,
    -- For NOUVEL_APPAREIL: "Firefox sur Android".
    appareil TEXT,
    -- For ADRESSE_DES_ALERTES: the address the alerts went to before the change; for
    -- ACCORD_PRISE_EN_CHARGE: the establishment's.
    destinataire TEXT,
    -- For ACCORD_PRISE_EN_CHARGE: the agreement, attached.
    document_id INTEGER REFERENCES documents (id),
    cree_le TEXT NOT NULL,
    envoye_le TEXT,
    tentatives INTEGER NOT NULL DEFAULT 0
);
INSERT INTO courriels_0010 (id, numero_personne, nature, lien, appareil, destinataire, cree_le, envoye_le, tentatives)
    SELECT id, numero_personne, nature, lien, appareil, destinataire, cree_le, envoye_le, tentatives FROM courriels;
DROP TABLE courriels;
ALTER TABLE courriels_0010 RENAME TO courriels;
CREATE INDEX courriels_a_envoyer ON courriels (envoye_le, id);
