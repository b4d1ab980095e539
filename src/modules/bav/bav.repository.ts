import type { Queryable } from '../../infra/db/database.ts'

/**
 * Puts a new attempt (its BavAttempt JSON text) at the head of the bank account's history, in the
 * transaction that records it: the checks pipeline holds the account's row lock there, so
 * attempts are added one after the other, in the order of their timestamps.
 */
export async function prependAttempt (tx: Queryable, bankAccountId: number, attemptJson: string): Promise<void> {
  await tx.query(
    `INSERT INTO bav_histories (bank_account_id, latest, history) VALUES ($1, $2::text, '[' || $2::text || ']')
     ON CONFLICT (bank_account_id) DO UPDATE SET latest = excluded.latest, history = '[' || excluded.latest || ',' || substr(bav_histories.history, 2)`,
    [bankAccountId, attemptJson])
}

/** Each bank account's history (JSON text, most recent first) and latest attempt, for those that have one. */
export async function historiesOf (q: Queryable, bankAccountIds: readonly number[]): Promise<Map<number, { latest: string, history: string }>> {
  const rows = await q.query<{ id: number, latest: string, history: string }>(
    'SELECT bank_account_id AS id, latest, history FROM bav_histories WHERE bank_account_id = ANY($1::int[])', [bankAccountIds])
  return new Map(rows.map(({ id, latest, history }) => [id, { latest, history }]))
}
