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

export interface NewCheck { accountId: number, caseId: number, checkType: CheckTypeName, subjectType: SubjectType, subjectId: number, createTs: Date }

/** The new pending check; undefined when `condition` (SQL in which $1 is the account id) is false. */
export async function insertPending (tx: Queryable, c: NewCheck, condition = 'true'): Promise<CheckRecord | undefined> {
  const [row] = await tx.query<CheckRow>(
    `INSERT INTO checks (account_id, case_id, check_type, subject_type, subject_id, create_ts)
     SELECT $1::int, $2::int, $3::text, $4::text, $5::int, $6::timestamptz WHERE ${condition} RETURNING ${COLUMNS}`,
    [c.accountId, c.caseId, c.checkType, c.subjectType, c.subjectId, c.createTs])
  return row && toRecord(row)
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
