import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'

/** Embedded PostgreSQL (WASM) in this process; dataDir null keeps it in memory. */
export async function openPglite (dataDir: string | null): Promise<{ db: Database, pglite: PGlite }> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create()
  return { db: wrapPglite(pglite), pglite }
}

export function wrapPglite (pglite: PGlite): Database {
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows
  return {
    kind: 'pglite',
    query: (sql, params) => run(pglite, sql, params),
    transaction: (fn) => pglite.transaction((t) => {
      const tx: Queryable = { query: (sql, params) => run(t, sql, params) }
      return fn(tx)
    }),
    async exec (sql) { await pglite.exec(sql) },
    async close () { if (!pglite.closed) await pglite.close() },
  }
}
