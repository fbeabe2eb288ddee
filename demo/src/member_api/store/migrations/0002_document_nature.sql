-- What a document is: a file the member uploaded, or the termination acknowledgement the
-- mutual printed. The acknowledgement email attaches only the latter, found by its nature,
-- never by its position among the request's documents.
ALTER TABLE documents ADD COLUMN nature TEXT NOT NULL DEFAULT 'PIECE_JOINTE'
    CHECK (nature IN ('PIECE_JOINTE', 'ACCUSE_RECEPTION_RESILIATION'));
UPDATE documents SET nature = 'ACCUSE_RECEPTION_RESILIATION'
    WHERE nom_fichier LIKE 'accuse-reception-resiliation-%.pdf' AND demande_id IS NOT NULL;
