import type { Queryable } from '../../infra/db/database.ts'

/** Serialises one account's admissions until the transaction ends, so two requests cannot both take the last room. */
export async function lockAccount (tx: Queryable, accountId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7291, $1::int)', [accountId])
}

export async function pendingCount (q: Queryable, accountId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM checks WHERE account_id = $1 AND status = 'pending'`, [accountId])
  return Number(row!.n)
}

/**
 * Pages the account's checks read by OCR since `since`, and the seconds from `since` to the oldest
 * of those checks (when it leaves a window that starts at `since`).
 */
export async function ocrPagesSince (q: Queryable, accountId: number, since: Date): Promise<{ pages: number, freeInSeconds: number }> {
  const [row] = await q.query<{ pages: number, freeInSeconds: number }>(
    `SELECT coalesce(sum(ocr_pages), 0)::int AS pages,
       coalesce(ceil(extract(epoch FROM min(create_ts) - $2::timestamptz)), 0)::int AS "freeInSeconds"
     FROM checks WHERE account_id = $1 AND ocr_pages > 0 AND create_ts > $2`,
    [accountId, since])
  return { pages: Number(row!.pages), freeInSeconds: Number(row!.freeInSeconds) }
}
