import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Database } from './database.ts'
import { type EmbeddedConnection, startPgliteThread } from './pglite-client.ts'

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url))

/** Embedded PostgreSQL (WASM) in a worker thread of this process; dataDir null keeps it in memory. */
export async function openPglite (dataDir: string | null): Promise<{ db: Database, pglite: EmbeddedConnection }> {
  if (dataDir !== null && !existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(dataDir)
  return startPgliteThread(dataDir)
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
