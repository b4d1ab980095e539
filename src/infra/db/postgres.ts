import pg from 'pg'
import type { Database, Queryable } from './database.ts'

// int8 (count(*), sums) as numbers, as PGlite returns them: our ids and counts stay far below 2^53.
const types = {
  getTypeParser (oid: number, format?: string) {
    if (oid === 20) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

export function connectPostgres (url: string, schema: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types,
    options: schema === 'public' ? undefined : `-c search_path=${schema}`,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})

  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await client.query(sql, params as unknown[] | undefined)).rows as T[]

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction (fn) {
      const client = await pool.connect()
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) }
      try {
        await client.query('BEGIN')
        const result = await fn(tx)
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    async exec (sql) { await pool.query(sql) },
    async close () { await pool.end() },
  }
}
