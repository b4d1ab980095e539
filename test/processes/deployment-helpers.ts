import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { waitUntil } from '../helpers/webhook-receiver.ts'
import { adminQuery, call, type Env, givenDatabase, type Hooks, ROOT } from '../helpers/service-processes.ts'

export { type Answer, call, type Credentials, type Env, givenResellerByCli, type Hooks, runCli, tokenFor } from '../helpers/service-processes.ts'

// Real processes of the service (API, worker, CLI) on the pinned Node, for the scale-out and shutdown tests.

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
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
    ...settings,
  }
}

/** A PostgreSQL database of its own on the server of DATABASE_URL, dropped (WITH FORCE) when the test ends. */
export const givenFreshDatabase = (t: Hooks, prefix: string): Promise<string> => givenDatabase(t, process.env.DATABASE_URL!, prefix)

/**
 * Moves the account id sequence of a fresh, migrated database to a random start. Rate-limit and
 * brute-force keys in Redis are `idcheck:…account:<id>` for every deployment on that Redis, and every
 * fresh database starts at id 1, so test files running side by side would share counters otherwise.
 */
export async function randomizeAccountIds (databaseUrl: string): Promise<void> {
  const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000)
  await adminQuery(databaseUrl, `SELECT setval(pg_get_serial_sequence('accounts', 'id'), ${start})`)
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
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
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
