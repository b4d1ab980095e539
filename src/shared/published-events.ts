import type { Queryable } from '../infra/db/database.ts'

export interface Event { type: string, data: Record<string, unknown> }

/**
 * Announces results to the owning account's webhooks. Called inside the transaction that stores
 * the results, so an event exists exactly when its result does; several events are one statement.
 */
export type PublishEvents = (tx: Queryable, accountId: number, events: readonly Event[]) => Promise<void>
