-- An adult beneficiary's care kept from the holder's eyes: the holder sees the amounts paid,
-- « Soins confidentiels » instead of the care.
ALTER TABLE beneficiaires ADD COLUMN soins_confidentiels INTEGER NOT NULL DEFAULT 0;
