import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { promisify } from 'node:util'
import pg from 'pg'
import { waitUntil } from '../helpers/webhook-receiver.ts'

// Real processes of the service (API, worker, CLI) on the pinned Node, for the scale-out and shutdown tests.

export const ROOT = new URL('../../', import.meta.url).pathname
export const NODE = `${ROOT}node_modules/.bin/node`

export type Env = Record<string, string>

/** Where cleanups go: a test's context, or a suite's own list. */
export interface Hooks { after (fn: () => unknown): void }

/** One deployment's environment: the machine's DATABASE_URL/REDIS_URL/DATA_DIR never leak in; `settings` decide. */
export function deploymentEnv (settings: Env): Env {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _dir, RUN_WORKERS: _workers, METRICS_TOKEN: _metrics, ...inherited } = process.env as Env
  return {
    ...inherited,
    IDCHECK_ENVIRONMENT: 'sandbox',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    TOKEN_SIGNING_KEY: randomBytes(32).toString('base64url'),
    ...settings,
  }
}

async function adminQuery (url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

/** A PostgreSQL database of its own on the server of DATABASE_URL, dropped (WITH FORCE) when the test ends. */
export async function givenFreshDatabase (t: Hooks, prefix: string): Promise<string> {
  const adminUrl = process.env.DATABASE_URL!
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`)
  t.after(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Moves the account id sequence of a fresh, migrated database to a random start. Rate-limit and
 * brute-force keys in Redis are `idcheck:…account:<id>` for every deployment on that Redis, and every
 * fresh database starts at id 1, so test files running side by side would share counters otherwise.
 */
export async function randomizeAccountIds (databaseUrl: string): Promise<void> {
  const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000)
  await adminQuery(databaseUrl, `SELECT setval(pg_get_serial_sequence('accounts', 'id'), ${start})`)
}

export async function runCli (env: Env, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(NODE, ['src/cli/main.ts', ...args], { cwd: ROOT, env, timeout: 120_000 })
  return stdout
}

export interface Credentials { id: number, clientId: string, clientSecret: string }

/** A reseller with every service, onboarded the way an operator does it. */
export async function givenResellerByCli (env: Env, name = `Scale ${randomBytes(4).toString('hex')}`): Promise<Credentials> {
  return JSON.parse(await runCli(env, ['reseller', 'create', '--name', name, '--services', 'all', '--json']))
}

export interface Running {
  readonly child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output (): string
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  readonly exited: Promise<number | null>
  hasExited (): boolean
}

export interface RunningApi extends Running { base: string }

/** Fastify's log line once a process listens, with its address. */
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/

function spawnService (t: Hooks, script: string, env: Env): Running {
  const child = spawn(NODE, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  return { child, output: () => output, exited, hasExited: () => child.exitCode !== null || child.signalCode !== null }
}

/** `src/server.ts` on a port of its own (PORT 0: the port comes from its log line), once it is ready. */
export async function startApi (t: Hooks, env: Env): Promise<RunningApi> {
  const running = spawnService(t, 'src/server.ts', env)
  const base = await waitUntil(() => {
    if (running.hasExited()) throw new Error(`the API process exited:\n${running.output()}`)
    return LISTENING.exec(running.output())?.[1]
  }, 90_000, 'the API process to listen')
  await waitUntil(async () => (await fetch(`${base}/health/ready`)).status === 200 ? true : undefined, 30_000, 'the API process to be ready')
  return { ...running, base }
}

export interface RunningWorker extends Running {
  /** Where it serves its health probes and /metrics (WORKER_PORT), or null without a listener. */
  base: string | null
}

/** `src/worker.ts`, once it says it is processing jobs. */
export async function startWorker (t: Hooks, env: Env): Promise<RunningWorker> {
  const running = spawnService(t, 'src/worker.ts', env)
  await waitUntil(() => {
    if (running.hasExited()) throw new Error(`the worker exited:\n${running.output()}`)
    return running.output().includes('worker started') ? true : undefined
  }, 90_000, 'the worker to start')
  return { ...running, base: LISTENING.exec(running.output())?.[1] ?? null }
}

/** SIGKILL, and wait until the process is reaped. */
export async function killHard (running: Running): Promise<void> {
  if (running.hasExited()) return
  running.child.kill('SIGKILL')
  await running.exited
}

export interface Answer { status: number, headers: Headers, text: string, json: any }

export async function call (base: string, method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token !== null && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  let json: unknown = null
  try { json = text === '' ? null : JSON.parse(text) } catch {}
  return { status: res.status, headers: res.headers, text, json }
}

export async function tokenFor (base: string, credentials: { clientId: string, clientSecret: string }): Promise<string> {
  const res = await call(base, 'POST', '/api/authenticate', null, { clientId: credentials.clientId, clientSecret: credentials.clientSecret })
  if (res.status !== 200) throw new Error(`authenticate answered ${res.status}: ${res.text}`)
  return res.json.accessToken
}

/** Distinct pairs for one case: sort codes outside VocaLink's table, which the sandbox rates Medium (docs/sandbox.md). */
export const bankAccountPair = (i: number) => ({ countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '000000', accountNumber: String(20_000_000 + i) })

export interface BankAccountView { id: number, bavAttemptHistory: unknown[] }

export async function bankAccountsOf (base: string, token: string, caseId: number): Promise<BankAccountView[]> {
  const res = await call(base, 'GET', `/api/cases/${caseId}/bank-accounts`, token)
  if (res.status !== 200) throw new Error(`GET bank-accounts answered ${res.status}: ${res.text}`)
  return res.json
}

export async function givenCase (base: string, token: string, urn: string): Promise<number> {
  const res = await call(base, 'POST', '/api/cases', token, { urn, type: 'Business', entityName: 'Scale Ltd' })
  if (res.status !== 201) throw new Error(`POST /api/cases answered ${res.status}: ${res.text}`)
  return res.json.id
}
