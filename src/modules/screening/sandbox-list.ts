import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from '../../infra/db/database.ts'
import { importList } from './list-import.ts'
import { type ListVersion, versionOf } from './screening.repository.ts'

/** The sandbox's fictional list (docs/sandbox.md lists each name's outcome), in OpenSanctions' format. */
export const SANDBOX_LIST = fileURLToPath(new URL('./sandbox-list.csv', import.meta.url))
export const SANDBOX_SOURCE = 'sandbox'

/** Imports the shipped list when the database holds another version of it (or none): a start-up step in the sandbox. */
export async function ensureSandboxList (db: Database, now: Date, onImported: (tx: Queryable, version: ListVersion) => Promise<unknown>): Promise<void> {
  const version = createHash('sha256').update(readFileSync(SANDBOX_LIST)).digest('hex')
  if (await versionOf(db, SANDBOX_SOURCE) === version) return
  await importList(db, { path: SANDBOX_LIST, format: 'opensanctions-csv', source: SANDBOX_SOURCE, now }, onImported)
}
