-- Each bank account's JSON as GET /api/cases/{caseId}/bank-accounts returns it, BAV history included:
-- the list concatenates these, so its cost hardly grows with the number of accounts and attempts.
-- Written with the account and again whenever an attempt is recorded (bank-accounts.repository.ts);
-- the backfill below repeats that file's DOCUMENT as it is at this migration.
ALTER TABLE bank_accounts ADD COLUMN document text;

UPDATE bank_accounts b SET document = (SELECT row_to_json(d)::text FROM (
    SELECT b.id, b.case_id AS "caseId", b.document_id AS "documentId", b.country_code AS "countryCode",
      b.first_name AS "firstName", b.middle_names AS "middleNames", b.last_name AS "lastName", b.sort_code AS "sortCode",
      b.account_number AS "accountNumber", b.bank_name AS "bankName", h.attempts -> 0 AS "latestBavAttempt", h.attempts AS "bavAttemptHistory"
    FROM (
      SELECT coalesce('[' || string_agg(x.attempt, ',' ORDER BY a.create_ts DESC, a.id DESC) || ']', '[]')::json AS attempts
      FROM bav_attempts a CROSS JOIN LATERAL (
        SELECT row_to_json(y)::text AS attempt FROM (
          SELECT a.id, to_char(a.create_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createTs", a.bank_name AS "bankName",
            (SELECT row_to_json(r) FROM (SELECT a.risk_rating_id AS id, a.risk_rating_name AS name) r) AS "riskRating"
        ) y
      ) x
      WHERE a.bank_account_id = b.id
    ) h
  ) d
);

ALTER TABLE bank_accounts ALTER COLUMN document SET NOT NULL;
