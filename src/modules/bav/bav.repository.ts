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

/** Every attempt of these bank accounts, most recent first per account, in one query. */
export async function listForBankAccounts (q: Queryable, bankAccountIds: number[]): Promise<Map<number, BavAttemptView[]>> {
  const byAccount = new Map<number, BavAttemptView[]>()
  if (bankAccountIds.length === 0) return byAccount
  const rows = await q.query<AttemptRow>(
    `SELECT ${COLUMNS} FROM bav_attempts WHERE bank_account_id = ANY($1::int[]) ORDER BY bank_account_id, create_ts DESC, id DESC`, [bankAccountIds])
  for (const row of rows) {
    const list = byAccount.get(row.bankAccountId)
    if (list) list.push(toView(row))
    else byAccount.set(row.bankAccountId, [toView(row)])
  }
  return byAccount
}
