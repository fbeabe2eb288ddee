-- A contract a self-employed member took out under article 154 bis of the code général des
-- impôts (loi Madelin): its contributions are deductible, and the mutual certifies them yearly.
ALTER TABLE contrats ADD COLUMN madelin INTEGER NOT NULL DEFAULT 0;
