import pg from 'pg'
import { isConnectionError, type Database, type Queryable } from './database.ts'

// int8 (count(*), sums) as numbers, as PGlite returns them: our ids and counts stay far below 2^53.
const types = {
  getTypeParser (oid: number, format?: string) {
    if (oid === 20) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

/**
 * A statement gets QUERY_TIMEOUT_MS for its answer. A live server cancels it itself a little earlier
 * (statement_timeout, the connection stays usable); a dead link or a frozen server gives no answer at
 * all, and the client gives up (query_timeout). Either way the request fails with 503 instead of
 * hanging. Our statements are small OLTP queries and migrations, far below this.
 */
const QUERY_TIMEOUT_MS = 5000
const STATEMENT_TIMEOUT_MS = 4500

const ignore = () => {}

/**
 * Every statement with parameters is prepared once per connection (node-postgres keeps them by
 * name): PostgreSQL then plans it once instead of on every call. Our statements are a fixed set of
 * texts, so the names stay few.
 */
const names = new Map<string, string>()
function statementName (sql: string): string {
  let name = names.get(sql)
  if (name === undefined) names.set(sql, name = `idcheck_${names.size + 1}`)
  return name
}

export function connectPostgres (url: string, schema: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    types,
    // public last: extensions (pg_trgm) are installed there once per database.
    options: schema === 'public' ? undefined : `-c search_path=${schema},public`,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', ignore)

  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await client.query({ name: statementName(sql), text: sql, values: params as unknown[] | undefined })).rows as T[]

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction (fn) {
      const client = await pool.connect()
      // A checked-out client has no listener of the pool's: a connection lost between two statements
      // would otherwise be an unhandled 'error' event and end the process.
      client.on('error', ignore)
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) }
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        const result = await fn(tx)
        await client.query('COMMIT')
        return result
      } catch (err) {
        // A lost or silent connection is thrown away, not rolled back: ROLLBACK would wait on it again
        // and the next request would queue behind a statement that never answers.
        if (isConnectionError(err)) broken = err as Error
        else await client.query('ROLLBACK').catch((rollbackFailed: Error) => { broken = rollbackFailed })
        throw err
      } finally {
        client.off('error', ignore)
        client.release(broken)
      }
    },
    async exec (sql) { await pool.query(sql) },
    async close () { await pool.end() },
  }
}
