-- Each table has one owning module. The bank account's list JSON, which the BAV job rewrote in
-- bank_accounts, goes; the BAV history the list shows is kept by bav in a table of its own,
-- written in the transaction that records each attempt, so the list stays two key reads.
ALTER TABLE bank_accounts DROP COLUMN document;

CREATE TABLE bav_histories (
  bank_account_id integer PRIMARY KEY REFERENCES bank_accounts (id),
  -- BavAttempt JSON texts, compact: the most recent attempt, and every attempt most recent first
  latest text NOT NULL,
  history text NOT NULL
);

INSERT INTO bav_histories (bank_account_id, latest, history)
SELECT a.bank_account_id,
  (array_agg(x.attempt ORDER BY a.create_ts DESC, a.id DESC))[1],
  '[' || string_agg(x.attempt, ',' ORDER BY a.create_ts DESC, a.id DESC) || ']'
FROM bav_attempts a CROSS JOIN LATERAL (
  SELECT row_to_json(y)::text AS attempt FROM (
    SELECT a.id, to_char(a.create_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createTs", a.bank_name AS "bankName",
      (SELECT row_to_json(r) FROM (SELECT a.risk_rating_id AS id, a.risk_rating_name AS name) r) AS "riskRating"
  ) y
) x
GROUP BY a.bank_account_id;
