import { cli } from './processes.ts'
import pg from 'pg'

export async function recreateDatabase (adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.pathname = '/' + name
  return url.toString()
}

export const BENCH_SIGNING_KEY = 'bench-signing-key-0123456789-abcdefghijklmnop'

/** Server mode on the machine's PostgreSQL (a fresh database of this name) and Redis, migrated. */
export async function serverModeEnv (database: string, root?: string): Promise<Record<string, string>> {
  const env = {
    DATABASE_URL: await recreateDatabase(process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', database),
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    TOKEN_SIGNING_KEY: BENCH_SIGNING_KEY,
    WEBHOOK_SECRET_KEY: BENCH_SIGNING_KEY.split('').reverse().join(''),
  }
  cli(['migrate'], env, root)
  return env
}

/** A reseller onboarded with the CLI and its limit raised out of the way, as an operator would. */
export function benchReseller (env: Record<string, string>, name: string, services: 'all' | 'none' = 'all', root?: string): { id: number, clientId: string, clientSecret: string } {
  const reseller = JSON.parse(cli(['reseller', 'create', '--name', `${name} ${Date.now()}`, '--services', services, '--json'], env, root))
  cli(['account', 'rate-limit', String(reseller.id), '1000000'], env, root)
  return reseller
}
