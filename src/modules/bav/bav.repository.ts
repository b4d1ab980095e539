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

/**
 * What the bank-accounts list adds to its read of `bank_accounts` (as `alias`) to get each account's
 * BAV history in the same statement: bav keeps its table's shape to itself, the list stays one key read.
 */
export const historyJoin = (alias: string) => ({
  columns: 'bav_h.latest AS "bavLatest", bav_h.history AS "bavHistory"',
  join: `LEFT JOIN bav_histories bav_h ON bav_h.bank_account_id = ${alias}.id`,
})
