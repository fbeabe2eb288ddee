-- When an upload was received, to the second: uploads no request takes are removed a while
-- after it, and `date_depot`, a day, cannot say when a day has passed. RFC 3339 in UTC with a
-- fixed width ('2026-11-22T09:41:05Z'), so that comparing the text compares the moments.
-- Documents the mutual prints or seeds are never unsent uploads and may leave it empty.
ALTER TABLE documents ADD COLUMN depose_le TEXT;
-- The time of day was not kept: the day's end, in UTC, is the latest the upload can have
-- been received, so an upload sent before this column existed is never removed early.
UPDATE documents SET depose_le = date_depot || 'T23:59:59Z';
-- The periodic clean-up looks for unsent uploads by age: an index of these few rows spares it
-- reading every document, and the large files they hold.
CREATE INDEX documents_en_attente ON documents (depose_le) WHERE demande_id IS NULL;
