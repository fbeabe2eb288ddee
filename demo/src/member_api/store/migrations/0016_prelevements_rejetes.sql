-- « Mes cotisations »: a direct debit the member's bank rejected, with the bank's reason (its
-- ISO 20022 code, as the SEPA return names it), until it is settled.
CREATE TABLE motifs_rejet (
    code TEXT PRIMARY KEY,
    libelle TEXT NOT NULL
);
INSERT INTO motifs_rejet (code, libelle) VALUES
    ('AC04', 'compte clôturé'),
    ('AC06', 'compte bloqué'),
    ('AM04', 'provision insuffisante'),
    ('MD01', 'pas de mandat de prélèvement valide'),
    ('MD06', 'prélèvement contesté auprès de la banque'),
    ('MS02', 'prélèvement refusé par le titulaire du compte'),
    ('MS03', 'motif non communiqué par la banque');
ALTER TABLE echeances ADD COLUMN rejet_code TEXT REFERENCES motifs_rejet (code);
ALTER TABLE echeances ADD COLUMN rejet_le TEXT;
