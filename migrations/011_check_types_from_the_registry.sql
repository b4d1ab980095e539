-- The check types are the ones the build registers (src/check-types.ts), checked by the API's
-- schema; a list here would make every new check type a migration.
ALTER TABLE checks DROP CONSTRAINT IF EXISTS checks_check_type_check;

-- The pages a check reads by OCR, kept on the check: the admission limit sums them without reading
-- another module's table. Checks made before this count their document's pages, as they did.
ALTER TABLE checks ADD COLUMN ocr_pages integer NOT NULL DEFAULT 0;
UPDATE checks c SET ocr_pages = d.page_count
  FROM documents d
  WHERE c.subject_type = 'document' AND c.subject_id = d.id AND c.check_type IN ('DocumentExtraction', 'KYC');

-- A bank account belongs to a case of its own account, said by the schema: its insert needs no
-- question to the cases module first (a stranger's case is a foreign-key violation, answered 404).
ALTER TABLE cases ADD CONSTRAINT cases_id_account_key UNIQUE (id, account_id);
ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_case_owner_fkey FOREIGN KEY (case_id, account_id) REFERENCES cases (id, account_id);
-- The case alone is part of that key: its own key would answer first, under another name.
ALTER TABLE bank_accounts DROP CONSTRAINT bank_accounts_case_id_fkey;
