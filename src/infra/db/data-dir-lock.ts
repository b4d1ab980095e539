import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirBusy extends Error {}

/**
 * PGlite files must be opened by one process at a time. The lock file names the holder so a
 * second process (a CLI command while the server runs) fails with a clear message, not corruption.
 */
export function lockDataDir (dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, 'idcheck.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx', mode: 0o600 })
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = readOwner(file)
      if (owner && isAlive(owner.pid)) {
        throw new DataDirBusy(`the data directory ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}). ` +
          'Stop it first (Ctrl-C or kill ' + owner.pid + '), or run against PostgreSQL with DATABASE_URL.')
      }
      rmSync(file, { force: true }) // left behind by a process that died
    }
  }
  throw new DataDirBusy(`could not lock the data directory ${dataDir}`)
}

function readOwner (file: string): { pid: number, holder: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

function isAlive (pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
