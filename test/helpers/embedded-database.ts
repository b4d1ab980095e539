import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Why: an in-memory PGlite runs initdb (3-4 s) and every migration on each start, once per test
// app; a data directory already made and migrated opens in a quarter of a second. So the suite
// makes one per run (per migrations and PGlite version) and gives each test app a copy of it.

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url))
const MAKE_TEMPLATE = fileURLToPath(new URL('./make-embedded-template.ts', import.meta.url))

/** What the template depends on: the migrations' text and the PGlite build that wrote it. */
function templateKey (): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS, name)))
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(pglite)
  return hash.digest('hex').slice(0, 16)
}

let template: string | undefined
/** The migrated data directory this run's test apps start from, made by the first test process that needs it. */
function migratedTemplate (): string {
  if (template) return template
  const dir = join(tmpdir(), `idcheck-test-embedded-${templateKey()}`)
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const making = `${dir}.making-${process.pid}`
    rmSync(making, { recursive: true, force: true })
    execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', MAKE_TEMPLATE, making], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 })
    try {
      renameSync(making, dir)
    } catch {
      rmSync(making, { recursive: true, force: true }) // another test process made it first
    }
  }
  template = dir
  return dir
}

let copies: string | undefined
/** A data directory of this test process's own, already migrated: removed when the process exits. */
export function migratedDataDir (): string {
  if (!copies) {
    const parent = mkdtempSync(join(tmpdir(), 'idcheck-test-db-'))
    copies = parent
    process.on('exit', () => rmSync(parent, { recursive: true, force: true }))
  }
  const dir = mkdtempSync(join(copies, 'data-'))
  cpSync(migratedTemplate(), dir, { recursive: true })
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return dir
}
