-- « Mes documents »: how each member wants each kind of document the mutual issues (a row only
-- once they choose by kind; otherwise « zéro papier » decides), and how each document was sent.
CREATE TABLE envois (
    numero_personne TEXT NOT NULL REFERENCES adherents (numero_personne),
    categorie TEXT NOT NULL CHECK (categorie IN ('ATTESTATION', 'RELEVE', 'COURRIER', 'ACCORD')),
    canal TEXT NOT NULL CHECK (canal IN ('EN_LIGNE', 'POSTE')),
    PRIMARY KEY (numero_personne, categorie)
);
ALTER TABLE documents ADD COLUMN categorie TEXT;
ALTER TABLE documents ADD COLUMN canal TEXT;
-- What the mutual issued before: letters, their channel not recorded.
UPDATE documents SET categorie = 'COURRIER' WHERE nature IN ('DOCUMENT_MUTUELLE', 'ACCUSE_RECEPTION_RESILIATION');
