-- The conversation goes both ways: when the member read each of the mutual's messages (NULL:
-- not yet; the member's own messages leave it NULL, they are read by whoever wrote them), and
-- the documents sent with a message (they also belong to its request, whose documents they
-- are, so that the rules of attachment and download stay those of a request's).
ALTER TABLE messages_demande ADD COLUMN lu_le TEXT;
ALTER TABLE documents ADD COLUMN message_id INTEGER REFERENCES messages_demande (id);
CREATE INDEX messages_non_lus ON messages_demande (demande_id) WHERE auteur = 'MUTUELLE' AND lu_le IS NULL;
