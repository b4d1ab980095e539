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
 * Pages of the documents whose OCR-reading checks (`checkTypes`) the account made since `since`,
 * and the seconds from `since` to the oldest of them (when it leaves a window that starts at `since`). The documents table is read here
 * because a check's cost is its document's page count, known only there.
 */
export async function ocrPagesSince (q: Queryable, accountId: number, checkTypes: readonly string[], since: Date): Promise<{ pages: number, freeInSeconds: number }> {
  const [row] = await q.query<{ pages: number, freeInSeconds: number }>(
    `SELECT coalesce(sum(d.page_count), 0)::int AS pages,
       coalesce(ceil(extract(epoch FROM min(c.create_ts) - $3::timestamptz)), 0)::int AS "freeInSeconds"
     FROM checks c JOIN documents d ON d.id = c.subject_id
     WHERE c.account_id = $1 AND c.subject_type = 'document' AND c.check_type = ANY ($2::text[]) AND c.create_ts > $3`,
    [accountId, checkTypes, since])
  return { pages: Number(row!.pages), freeInSeconds: Number(row!.freeInSeconds) }
}

/** A document's page count (1 for an image), 0 when there is no such document. */
export async function pagesOf (q: Queryable, documentId: number): Promise<number> {
  const [row] = await q.query<{ pages: number }>('SELECT page_count::int AS pages FROM documents WHERE id = $1', [documentId])
  return row ? Number(row.pages) : 0
}
