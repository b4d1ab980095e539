import { randomBytes } from 'node:crypto'
import { adminQuery, call, type Env, givenDatabase, type Hooks } from '../helpers/service-processes.ts'

export {
  type Answer, call, type Credentials, type Env, givenResellerByCli, type Hooks, runCli, type RunningApi, type RunningWorker, type ServiceProcess,
  startApi, startWorker, tokenFor,
} from '../helpers/service-processes.ts'

// Deployments of the service as real processes (API, worker, CLI), for the scale-out and shutdown tests.

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
