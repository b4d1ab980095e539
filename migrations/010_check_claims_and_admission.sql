-- A runner claims a pending check (a lease it renews while the provider works) before calling the
-- provider, so a second runner (the run-here fallback copy, a redelivery) never asks it twice.
ALTER TABLE checks ADD COLUMN claim_token uuid;
ALTER TABLE checks ADD COLUMN claimed_until timestamptz;

-- One pending check per type and subject: earlier duplicates are folded into the oldest, whose
-- result then stands for them (their jobs find them settled and do nothing).
UPDATE checks c
SET status = 'failed', completed_ts = now(),
  failure_reason = 'Check ' || k.id || ' of the same type and subject was already pending; its result stands for this one.'
FROM (SELECT min(id) AS id, check_type, subject_type, subject_id FROM checks WHERE status = 'pending' GROUP BY check_type, subject_type, subject_id) k
WHERE c.status = 'pending' AND c.check_type = k.check_type AND c.subject_type = k.subject_type AND c.subject_id = k.subject_id AND c.id <> k.id;

CREATE UNIQUE INDEX checks_one_pending_key ON checks (check_type, subject_type, subject_id) WHERE status = 'pending';

-- Admission: an account's checks in flight, and its recent document checks (OCR pages per hour).
CREATE INDEX checks_pending_account_idx ON checks (account_id, check_type) WHERE status = 'pending';
CREATE INDEX checks_account_recent_idx ON checks (account_id, create_ts);
