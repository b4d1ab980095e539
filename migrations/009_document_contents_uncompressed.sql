-- PDF, PNG and JPEG are compressed already: PostgreSQL's own compression would find little to save,
-- and uncompressed (EXTERNAL) values let a read of one slice fetch only that slice's chunks.
ALTER TABLE document_contents ALTER COLUMN bytes SET STORAGE EXTERNAL;
