-- Each bank account's JSON as GET /api/cases/{caseId}/bank-accounts returns it, BAV history included:
-- the list concatenates these, so its cost hardly grows with the number of accounts and attempts.
-- Written with the account and again whenever an attempt is recorded (bank-accounts.repository.ts);
-- the backfill below repeats that file's DOCUMENT as it is at this migration.
ALTER TABLE bank_accounts ADD COLUMN document text;

UPDATE bank_accounts b SET document = (SELECT json_build_object(
    'id', b.id, 'caseId', b.case_id, 'documentId', b.document_id, 'countryCode', b.country_code,
    'firstName', b.first_name, 'middleNames', b.middle_names, 'lastName', b.last_name, 'sortCode', b.sort_code,
    'accountNumber', b.account_number, 'bankName', b.bank_name,
    'latestBavAttempt', h.attempts -> 0, 'bavAttemptHistory', h.attempts)::text
  FROM (
    SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'createTs', to_char(a.create_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'bankName', a.bank_name,
      'riskRating', json_build_object('id', a.risk_rating_id, 'name', a.risk_rating_name)) ORDER BY a.create_ts DESC, a.id DESC), '[]') AS attempts
    FROM bav_attempts a WHERE a.bank_account_id = b.id
  ) h
);

ALTER TABLE bank_accounts ALTER COLUMN document SET NOT NULL;
