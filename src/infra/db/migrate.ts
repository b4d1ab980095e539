import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url))

/**
 * Applies migrations/NNN_name.sql in order, each in its own transaction. An advisory lock makes
 * concurrent starts of several processes on one PostgreSQL apply each file exactly once.
 */
export async function migrate (db: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
  const applied: string[] = []
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  for (const name of files) {
    const sql = readFileSync(MIGRATIONS_DIR + name, 'utf8')
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(724811)')
      // Requests get a short statement timeout (src/infra/db/postgres.ts); a migration may take longer.
      await tx.query('SET LOCAL statement_timeout = 0')
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])
      if (done.length > 0) return
      for (const statement of splitStatements(sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
      applied.push(name)
    })
  }
  return applied
}

// Migrations are plain DDL/DML separated by ';' at line ends; the extended protocol runs one statement at a time.
function splitStatements (sql: string): string[] {
  return sql.split(/;\s*$/m).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)
}
