import type { Queryable } from '../../infra/db/database.ts'
import type { BavAttemptView } from './bav.schemas.ts'

interface AttemptRow { id: number, bankAccountId: number, createTs: Date, bankName: string | null, riskRatingId: number, riskRatingName: string }

const COLUMNS = `id, bank_account_id AS "bankAccountId", create_ts AS "createTs", bank_name AS "bankName",
  risk_rating_id AS "riskRatingId", risk_rating_name AS "riskRatingName"`

const toView = (r: AttemptRow): BavAttemptView => ({
  id: r.id,
  createTs: new Date(r.createTs).toISOString(),
  bankName: r.bankName,
  riskRating: { id: r.riskRatingId, name: r.riskRatingName },
})

export interface NewAttempt {
  bankAccountId: number
  jobId: string
  createTs: Date
  bankName: string | null
  riskRating: { id: number, name: string }
  provider: string
}

/** null when this job already recorded its attempt (a retry after a crash). */
export async function insertOnce (tx: Queryable, a: NewAttempt): Promise<BavAttemptView | null> {
  const [row] = await tx.query<AttemptRow>(
    `INSERT INTO bav_attempts (bank_account_id, job_id, create_ts, bank_name, risk_rating_id, risk_rating_name, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id) DO NOTHING RETURNING ${COLUMNS}`,
    [a.bankAccountId, a.jobId, a.createTs, a.bankName, a.riskRating.id, a.riskRating.name, a.provider])
  return row ? toView(row) : null
}

export async function existsForJob (q: Queryable, jobId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM bav_attempts WHERE job_id = $1', [jobId])).length > 0
}

/** One attempt as BavAttempt JSON text, compact as JSON.stringify writes it. */
const ATTEMPT_JSON = `SELECT row_to_json(y)::text FROM (
    SELECT a.id, to_char(a.create_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createTs", a.bank_name AS "bankName",
      (SELECT row_to_json(r) FROM (SELECT a.risk_rating_id AS id, a.risk_rating_name AS name) r) AS "riskRating"
  ) y`

/**
 * Rewrites a bank account's history from its attempts, in the transaction that records one (the
 * caller holds the account's row lock, so concurrent attempts write it one after the other).
 */
export async function refreshHistory (tx: Queryable, bankAccountId: number): Promise<void> {
  await tx.query(
    `INSERT INTO bav_histories (bank_account_id, latest, history)
     SELECT $1, (array_agg(x.attempt ORDER BY a.create_ts DESC, a.id DESC))[1],
       '[' || string_agg(x.attempt, ',' ORDER BY a.create_ts DESC, a.id DESC) || ']'
     FROM bav_attempts a CROSS JOIN LATERAL (${ATTEMPT_JSON.replace('SELECT row_to_json(y)::text', 'SELECT row_to_json(y)::text AS attempt')}) x
     WHERE a.bank_account_id = $1
     ON CONFLICT (bank_account_id) DO UPDATE SET latest = excluded.latest, history = excluded.history`, [bankAccountId])
}

/** The BAV history of each of these bank accounts as JSON text, in one key read; accounts without attempts are absent. */
export async function historiesJson (q: Queryable, bankAccountIds: number[]): Promise<Map<number, { latest: string, history: string }>> {
  const byAccount = new Map<number, { latest: string, history: string }>()
  if (bankAccountIds.length === 0) return byAccount
  const rows = await q.query<{ bankAccountId: number, latest: string, history: string }>(
    'SELECT bank_account_id AS "bankAccountId", latest, history FROM bav_histories WHERE bank_account_id = ANY($1::int[])', [bankAccountIds])
  for (const row of rows) byAccount.set(row.bankAccountId, { latest: row.latest, history: row.history })
  return byAccount
}
