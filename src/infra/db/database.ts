/** What repositories see: a database or an open transaction. Parameters are $1, $2, … on both engines. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

/** A unique constraint name from a PostgreSQL error, when the error is a unique violation. */
export function uniqueViolation (err: unknown): string | null {
  const e = err as { code?: string, constraint?: string } | null
  return e?.code === '23505' ? (e.constraint ?? '') : null
}

/** The foreign key a statement violated (23503), or null for any other error. */
export function foreignKeyViolation (err: unknown): string | null {
  const e = err as { code?: string, constraint?: string } | null
  return e?.code === '23503' ? (e.constraint ?? '') : null
}

/**
 * Errors of the database being unreachable or not answering in time, as opposed to a bad query:
 * refused or lost connections, a server shutting down or starting up, a statement cancelled by
 * statement_timeout (57014) and node-postgres giving up on an answer (query_timeout).
 */
export function isConnectionError (err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? ''
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
    '57014', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|is not queryable/.test((err as Error)?.message ?? '')
}
