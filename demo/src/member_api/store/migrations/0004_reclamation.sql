-- What a complaint adds to its request (motif, what it concerns, the dates the mutual owes), as JSON.
ALTER TABLE demandes ADD COLUMN reclamation TEXT;
