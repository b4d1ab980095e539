import type { Queryable } from '../infra/db/database.ts'

/**
 * Announces a result to the owning account's webhooks. Called inside the transaction that stores
 * the result, so the event exists exactly when the result does.
 */
export type PublishEvent = (tx: Queryable, accountId: number, type: string, data: Record<string, unknown>) => Promise<void>
