import { after } from 'node:test'
import pg from 'pg'
import { buildApp, type App, type AppOverrides } from '../../src/app.ts'
import type { Config } from '../../src/config/config.ts'
import { testClock } from './test-clock.ts'
import { testConfig } from './test-config.ts'

export interface TestApp {
  app: App
  config: Config
  clock: ReturnType<typeof testClock>
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a schema of its own on PostgreSQL
 * (dropped when the test file ends). Closed automatically after the file's tests.
 */
export async function buildTestApp (configOverrides: Partial<Config> = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const config = testConfig(configOverrides)
  const clock = testClock()
  if (config.databaseUrl && config.databaseSchema !== 'public') await createSchema(config.databaseUrl, config.databaseSchema)
  const app = await buildApp(config, { clock, logger: config.logLevel !== 'silent', ...overrides })
  after(async () => {
    await app.close()
    if (config.databaseUrl && config.databaseSchema !== 'public') await dropSchema(config.databaseUrl, config.databaseSchema)
  })
  return { app, config, clock }
}

async function adminQuery (url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export const createSchema = (url: string, schema: string) => adminQuery(url, `CREATE SCHEMA IF NOT EXISTS "${schema}"`)
// The queue's schema (<schema>_boss) goes too, or every test file would leave one behind.
export const dropSchema = (url: string, schema: string) =>
  adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_boss" CASCADE`)
