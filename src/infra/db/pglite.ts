import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setImmediate } from 'node:timers/promises'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { type Database, settleAfterTransaction } from './database.ts'

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never
 * shrinks: 16 MB cut an embedded idcheck's resident set at rest by about 140 MB (docs/performance.md),
 * and a single-machine database this size is read from the operating system's file cache anyway.
 * Given as start parameters, not `postgresqlconf`, which would replace the data directory's whole
 * postgresql.conf (its time zone and locale settings with it).
 */
export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url))

/** Embedded PostgreSQL (WASM) in this process; dataDir null keeps it in memory. */
export async function openPglite (dataDir: string | null): Promise<{ db: Database, pglite: PGlite }> {
  if (dataDir !== null && !existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(dataDir)
  const pglite = await PGlite.create(dataDir ?? undefined, { startParams: START_PARAMS })
  return { db: wrapPglite(pglite), pglite }
}

/**
 * A new data directory is made (PostgreSQL's initdb, in its own WebAssembly module) by a short-lived
 * child process: initdb's memory, and V8's compiled code for it, leave with that process instead of
 * staying in the server's resident set (docs/performance.md, embedded mode's memory).
 */
async function initialiseInChildProcess (dataDir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, ['--disable-warning=ExperimentalWarning', INITDB_SCRIPT, dataDir], { timeout: 120_000 })
  } catch (err) {
    const { stderr } = err as { stderr?: string }
    throw new Error(`could not create the embedded database in ${dataDir}: ${stderr?.trim() || (err as Error).message}`)
  }
}

export function wrapPglite (pglite: PGlite): Database {
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows
  return {
    kind: 'pglite',
    async query (sql, params) {
      await setImmediate()
      return run(pglite, sql, params)
    },
    async transaction (fn) {
      const ended: ((committed: boolean) => void)[] = []
      await setImmediate()
      try {
        const result = await pglite.transaction((t) => fn({ query: (sql, params) => run(t, sql, params), afterTransaction: (f) => { ended.push(f) } }))
        settleAfterTransaction(ended, true)
        return result
      } catch (err) {
        settleAfterTransaction(ended, false)
        throw err
      }
    },
    async exec (sql) { await pglite.exec(sql) },
    async close () { if (!pglite.closed) await pglite.close() },
  }
}
