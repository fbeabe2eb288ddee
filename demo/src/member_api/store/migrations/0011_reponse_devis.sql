-- A quote answered in writing: the mutual's answer, line by line, kept with its request (JSON).
ALTER TABLE demandes ADD COLUMN devis TEXT;
