-- The day of the month a contract's contributions are debited, which the member chooses among
-- the mutual's (the seed's calls for funds fall on the 5th).
ALTER TABLE contrats ADD COLUMN jour_prelevement INTEGER NOT NULL DEFAULT 5;
