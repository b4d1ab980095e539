import type { Config } from '../../config/config.ts'
import type { Database } from './database.ts'
import { connectPostgres } from './postgres.ts'
import type { EmbeddedConnection } from './pglite-client.ts'

export interface Connection { db: Database, pglite: EmbeddedConnection | null }

/** Server mode when DATABASE_URL is set, embedded PGlite otherwise (docs/decisions.md, Runtime modes). */
export async function connectDatabase (config: Config): Promise<Connection> {
  if (config.databaseUrl) return { db: connectPostgres(config.databaseUrl, config.databaseSchema), pglite: null }
  // Loaded only in embedded mode: server-mode processes never pay for the WASM PostgreSQL.
  const { openPglite } = await import('./pglite.ts')
  return openPglite(config.dataDir)
}
