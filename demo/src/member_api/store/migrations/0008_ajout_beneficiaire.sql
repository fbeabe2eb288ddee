-- What a request to add a beneficiary adds to it (who, the start date foreseen, what the mutual
-- needs to create them, its decision), as JSON.
ALTER TABLE demandes ADD COLUMN ajout_beneficiaire TEXT;
-- The age up to which a contract covers a child: 26 unless the contract says otherwise.
ALTER TABLE contrats ADD COLUMN age_limite_enfant INTEGER NOT NULL DEFAULT 26;
