import type { Queryable } from '../db/database.ts'

/** A handler runs inside the transaction that raised the event, so what it writes commits with it. */
export type TransactionHandler<E> = (tx: Queryable, event: E) => Promise<void>

export interface TransactionEvents<M> {
  /** Called by the module whose change it is, inside that change's transaction. */
  emit<K extends keyof M>(tx: Queryable, type: K, event: M[K]): Promise<void>
  on<K extends keyof M>(type: K, handler: TransactionHandler<M[K]>): void
}

/**
 * In-process events raised inside a transaction: a module announces its change without knowing
 * who reacts (an added document starts its checks), and every reaction commits or rolls back with it.
 */
export function createTransactionEvents<M> (): TransactionEvents<M> {
  const handlers = new Map<keyof M, TransactionHandler<never>[]>()
  return {
    async emit (tx, type, event) {
      for (const handler of handlers.get(type) ?? []) await (handler as TransactionHandler<typeof event>)(tx, event)
    },
    on (type, handler) {
      handlers.set(type, [...handlers.get(type) ?? [], handler as TransactionHandler<never>])
    },
  }
}
