import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'

// What the tests that run the service as real processes share (test/processes, test/faults): the
// operator CLI, admin queries on the machine's PostgreSQL, and plain HTTP calls.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export type Env = Record<string, string>

/** Where cleanups go: a test's context, or a suite's own list. */
export interface Hooks { after (fn: () => unknown): void }

/** The operator CLI (`src/cli/main.ts`) on the Node running the tests (the pinned one); its stdout. */
export async function runCli (env: Env, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['src/cli/main.ts', ...args], { cwd: ROOT, env, timeout: 120_000 })
  return stdout
}

export interface Credentials { id: number, clientId: string, clientSecret: string }

/** A reseller with every service, onboarded by the CLI as an operator does, and optionally its rate limit raised. */
export async function givenResellerByCli (env: Env, options: { name?: string, rateLimit?: number } = {}): Promise<Credentials> {
  const name = options.name ?? `Reseller ${randomBytes(4).toString('hex')}`
  const reseller = JSON.parse(await runCli(env, ['reseller', 'create', '--name', name, '--services', 'all', '--json'])) as Credentials
  if (options.rateLimit !== undefined) await runCli(env, ['account', 'rate-limit', String(reseller.id), String(options.rateLimit)])
  return reseller
}

export async function adminQuery<T = Record<string, unknown>> (url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows as T[]
  } finally {
    await client.end()
  }
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl`, dropped (WITH FORCE) when the test
 * ends, after `beforeDrop` (a test that restarts PostgreSQL waits for it there); its URL.
 */
export async function givenDatabase (t: Hooks, adminUrl: string, prefix: string, beforeDrop?: () => Promise<unknown>): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`)
  t.after(async () => {
    await beforeDrop?.()
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON; null when it is empty or not JSON. */
  json: any
  /** From sending the request to the whole body read. */
  ms: number
}

/** One HTTP call; throws on a network error or when no answer comes within timeoutMs. */
export async function call (base: string, method: string, path: string, token: string | null, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token !== null && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await res.text()
  let json: unknown = null
  try { json = text === '' ? null : JSON.parse(text) } catch {}
  return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started }
}

export async function tokenFor (base: string, credentials: { clientId: string, clientSecret: string }): Promise<string> {
  const res = await call(base, 'POST', '/api/authenticate', null, { clientId: credentials.clientId, clientSecret: credentials.clientSecret })
  if (res.status !== 200) throw new Error(`authenticate answered ${res.status}: ${res.text}`)
  return res.json.accessToken
}
