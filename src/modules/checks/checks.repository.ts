import type { Queryable } from '../../infra/db/database.ts'
import type { CheckRecord, CheckTypeName, SubjectType } from './check-type.ts'
import { riskRatingOf } from './risk-rating.ts'

interface CheckRow {
  id: number
  accountId: number
  caseId: number
  checkType: CheckTypeName
  subjectType: SubjectType
  subjectId: number
  status: CheckRecord['status']
  createTs: Date
  completedTs: Date | null
  riskRatingId: number | null
  result: unknown
  failureReason: string | null
}

const COLUMNS = `id, account_id AS "accountId", case_id AS "caseId", check_type AS "checkType", subject_type AS "subjectType",
  subject_id AS "subjectId", status, create_ts AS "createTs", completed_ts AS "completedTs", risk_rating_id AS "riskRatingId",
  result, failure_reason AS "failureReason"`

const iso = (d: Date | null) => d === null ? null : new Date(d).toISOString()

const toRecord = (r: CheckRow): CheckRecord => ({
  id: r.id,
  accountId: r.accountId,
  caseId: r.caseId,
  checkType: r.checkType,
  subject: { type: r.subjectType, id: r.subjectId },
  status: r.status,
  createTs: iso(r.createTs)!,
  completedTs: iso(r.completedTs),
  riskRating: r.riskRatingId === null ? null : riskRatingOf(r.riskRatingId),
  result: r.result ?? null,
  failureReason: r.failureReason,
})

export interface NewCheck { accountId: number, caseId: number, checkType: CheckTypeName, subjectType: SubjectType, subjectId: number, createTs: Date, ocrPages?: number }

/**
 * The new pending check, with how many of the account's checks of its type were pending before it
 * (its place in the account's queue); undefined when a check of this type on this subject is
 * pending already (then no error: a trigger's transaction goes on).
 */
export async function insertPending (tx: Queryable, c: NewCheck): Promise<{ check: CheckRecord, queuedBefore: number } | undefined> {
  const [row] = await tx.query<CheckRow & { queuedBefore: number }>(
    `INSERT INTO checks (account_id, case_id, check_type, subject_type, subject_id, create_ts, ocr_pages)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (check_type, subject_type, subject_id) WHERE status = 'pending' DO NOTHING
     RETURNING ${COLUMNS},
       (SELECT count(*)::int FROM checks p WHERE p.account_id = $1 AND p.check_type = $3 AND p.status = 'pending') AS "queuedBefore"`,
    [c.accountId, c.caseId, c.checkType, c.subjectType, c.subjectId, c.createTs, c.ocrPages ?? 0])
  return row && { check: toRecord(row), queuedBefore: Number(row.queuedBefore) }
}

/** The pending check of a type on a subject, if there is one. */
export async function findPending (q: Queryable, checkType: CheckTypeName, subjectType: SubjectType, subjectId: number): Promise<CheckRecord | undefined> {
  const [row] = await q.query<CheckRow>(
    `SELECT ${COLUMNS} FROM checks WHERE check_type = $1 AND subject_type = $2 AND subject_id = $3 AND status = 'pending'`,
    [checkType, subjectType, subjectId])
  return row && toRecord(row)
}

/** How many of the account's checks of a type were pending before this one (its place in the account's queue). */
export async function queuedBefore (q: Queryable, check: CheckRecord): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM checks WHERE account_id = $1 AND check_type = $2 AND status = 'pending' AND id < $3`,
    [check.accountId, check.checkType, check.id])
  return Number(row!.n)
}

export async function find (q: Queryable, id: number): Promise<CheckRecord | undefined> {
  const [row] = await q.query<CheckRow>(`SELECT ${COLUMNS} FROM checks WHERE id = $1`, [id])
  return row && toRecord(row)
}

export async function findOwned (q: Queryable, accountId: number, caseId: number, id: number): Promise<CheckRecord | undefined> {
  const [row] = await q.query<CheckRow>(`SELECT ${COLUMNS} FROM checks WHERE id = $1 AND case_id = $2 AND account_id = $3`, [id, caseId, accountId])
  return row && toRecord(row)
}

/** The case's checks, newest first. */
export async function listOwned (q: Queryable, accountId: number, caseId: number): Promise<CheckRecord[]> {
  const rows = await q.query<CheckRow>(`SELECT ${COLUMNS} FROM checks WHERE case_id = $1 AND account_id = $2 ORDER BY id DESC`, [caseId, accountId])
  return rows.map(toRecord)
}

export interface Outcome { completedTs: Date, riskRatingId: number | null, result: unknown, failureReason: string | null, provider: string | null }

/**
 * Settles a pending check once: undefined when it was settled already (a job run twice, or a
 * retry after a crash), so a check never gets a second result.
 */
export async function settle (tx: Queryable, id: number, status: 'completed' | 'failed', o: Outcome): Promise<CheckRecord | undefined> {
  const [row] = await tx.query<CheckRow>(
    `UPDATE checks SET status = $2, completed_ts = $3, risk_rating_id = $4, result = $5, failure_reason = $6, provider = $7
     WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, status, o.completedTs, o.riskRatingId, o.result === null ? null : JSON.stringify(o.result), o.failureReason, o.provider])
  return row && toRecord(row)
}

/** The newest check of each type on one subject. */
export async function latestOfSubject (q: Queryable, accountId: number, subjectType: SubjectType, subjectId: number): Promise<CheckRecord[]> {
  const rows = await q.query<CheckRow>(
    `SELECT DISTINCT ON (check_type) ${COLUMNS} FROM checks WHERE subject_type = $1 AND subject_id = $2 AND account_id = $3 ORDER BY check_type, id DESC`,
    [subjectType, subjectId, accountId])
  return rows.map(toRecord)
}

/** The newest completed check of a type on each of several subjects (AML's re-screen compares with it). */
export async function latestCompleted (q: Queryable, checkType: string, subjectType: SubjectType, subjectIds: readonly number[]): Promise<CheckRecord[]> {
  const rows = await q.query<CheckRow>(
    `SELECT DISTINCT ON (subject_id) ${COLUMNS} FROM checks
     WHERE check_type = $1 AND subject_type = $2 AND subject_id = ANY ($3::int[]) AND status = 'completed' ORDER BY subject_id, id DESC`,
    [checkType, subjectType, subjectIds])
  return rows.map(toRecord)
}

/**
 * Claims a pending check for `leaseSeconds` (database time): 'claimed', 'settled' when it is no
 * longer pending, or the seconds left on another runner's live claim.
 */
export async function claim (q: Queryable, id: number, token: string, leaseSeconds: number): Promise<'claimed' | 'settled' | number> {
  const [row] = await q.query<{ status: string, secondsLeft: number | null, mine: boolean }>(
    `WITH taken AS (
       UPDATE checks SET claim_token = $2::uuid, claimed_until = clock_timestamp() + make_interval(secs => $3::float8)
       WHERE id = $1 AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= clock_timestamp())
       RETURNING id)
     SELECT c.status, extract(epoch FROM c.claimed_until - clock_timestamp())::float8 AS "secondsLeft", EXISTS (SELECT 1 FROM taken) AS mine
     FROM checks c WHERE c.id = $1`,
    [id, token, leaseSeconds])
  if (!row || row.status !== 'pending') return 'settled'
  if (row.mine) return 'claimed'
  return Math.max(0, Number(row.secondsLeft ?? 0))
}

/** Extends a live claim; false when it lapsed or was taken (then the runner no longer holds the check). */
export async function renewClaim (q: Queryable, id: number, token: string, leaseSeconds: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE checks SET claimed_until = clock_timestamp() + make_interval(secs => $3::float8)
     WHERE id = $1 AND claim_token = $2::uuid AND status = 'pending' AND claimed_until > clock_timestamp() RETURNING id`,
    [id, token, leaseSeconds])
  return rows.length === 1
}

/** Gives a claim up (the provider failed and the job will retry), so the retry can claim at once. */
export async function releaseClaim (q: Queryable, id: number, token: string): Promise<void> {
  await q.query('UPDATE checks SET claim_token = NULL, claimed_until = NULL WHERE id = $1 AND claim_token = $2::uuid', [id, token])
}
