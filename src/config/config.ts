import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export type Environment = 'sandbox' | 'production'

export interface Config {
  environment: Environment
  port: number
  host: string
  /** PGlite data directory (embedded mode); null = in memory (tests only). */
  dataDir: string | null
  databaseUrl: string | null
  /** Schema for the application tables in server mode; tests use one schema per file. */
  databaseSchema: string
  redisUrl: string | null
  /** Prefix of every Redis key, so several deployments (or test files) can share one Redis. */
  redisKeyPrefix: string
  tokenSigningKey: string
  logLevel: string
  rateLimitPerSecond: number
  /** Failed authentications per client IP per minute before the token endpoint answers 429. */
  authFailuresPerMinute: number
  /** Longest a process trusts its cached view of an account's credentials (DESIGN.md: 1 s across processes). */
  credentialsCacheTtlMs: number
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number
  /** Run the background workers inside the API process (RUN_WORKERS; always on in embedded mode). */
  runWorkers: boolean
  /** How often idle workers look for jobs when no notification wakes them. */
  queuePollingSeconds: number
  /** Retries of a BAV check whose provider is unavailable, with exponential backoff from the delay. */
  bavRetry: { limit: number, delaySeconds: number }
  /** A receiver must answer within this time for a delivery to count (Standard Webhooks: a 2xx). */
  webhookTimeoutMs: number
  /** Multiplies the webhook retry schedule (1 = 5 s … 24 h); tests shrink it. */
  webhookRetryScale: number
  /** Bearer token for GET /metrics (METRICS_TOKEN); null = loopback clients only. */
  metricsToken: string | null
  /** Port on which `idcheck worker` serves its health probes and metrics (WORKER_PORT); null = no listener. */
  workerPort: number | null
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

const DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: './data',
  rateLimitPerSecond: 15,
  logLevel: 'info',
}

/** The only reader of process.env: validates once at start and refuses unsafe production settings. */
export function loadConfig (env: Env = process.env): Config {
  const environment = parseEnvironment(env.IDCHECK_ENVIRONMENT)
  const databaseUrl = nonEmpty(env.DATABASE_URL)
  const dataDir = databaseUrl ? null : resolve(nonEmpty(env.DATA_DIR) ?? DEFAULTS.dataDir)
  const tokenSigningKey = nonEmpty(env.TOKEN_SIGNING_KEY)

  if (environment === 'production') {
    if (!databaseUrl) throw new ConfigError('production needs DATABASE_URL: the embedded database is for a single laptop, not for live traffic')
    if (!tokenSigningKey) throw new ConfigError('production needs TOKEN_SIGNING_KEY (at least 32 characters, random)')
  }
  if (tokenSigningKey && tokenSigningKey.length < 32) {
    throw new ConfigError('TOKEN_SIGNING_KEY must be at least 32 characters long')
  }

  return {
    environment,
    port: parseInteger('PORT', env.PORT, DEFAULTS.port, 0, 65535),
    host: nonEmpty(env.HOST) ?? DEFAULTS.host,
    dataDir,
    databaseUrl,
    databaseSchema: 'public',
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: redisKeyPrefixFor(databaseUrl, dataDir),
    tokenSigningKey: tokenSigningKey ?? signingKeyFor(dataDir),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    rateLimitPerSecond: parseInteger('RATE_LIMIT_PER_SECOND', env.RATE_LIMIT_PER_SECOND, DEFAULTS.rateLimitPerSecond, 1, 1_000_000),
    authFailuresPerMinute: 20,
    credentialsCacheTtlMs: 500,
    bodyLimitBytes: 64 * 1024,
    runWorkers: databaseUrl === null || parseBoolean('RUN_WORKERS', env.RUN_WORKERS, true),
    queuePollingSeconds: 2,
    bavRetry: { limit: 8, delaySeconds: 5 },
    webhookTimeoutMs: 10_000,
    webhookRetryScale: 1,
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    workerPort: nonEmpty(env.WORKER_PORT) === null ? null : parseInteger('WORKER_PORT', env.WORKER_PORT, 0, 0, 65535),
  }
}

/**
 * Redis keys are named after the deployment's database: account ids repeat from one database to
 * the next, so two deployments sharing one Redis (staging and production, or test runs side by
 * side) would otherwise share their clients' rate-limit counts and failed-login counts.
 */
export function redisKeyPrefixFor (databaseUrl: string | null, dataDir: string | null): string {
  if (databaseUrl) {
    const url = new URL(databaseUrl)
    return `idcheck:${url.hostname}:${url.port || '5432'}/${decodeURIComponent(url.pathname.slice(1))}:`
  }
  return `idcheck:${dataDir ?? ''}:`
}

/**
 * An embedded sandbox keeps a generated key in DATA_DIR so tokens survive restarts. A sandbox on
 * PostgreSQL without TOKEN_SIGNING_KEY gets a per-process key: fine for one process, and the
 * server warns about it (several processes must share a key).
 */
function signingKeyFor (dataDir: string | null): string {
  if (!dataDir) return randomBytes(32).toString('base64url')
  const file = join(dataDir, 'token-signing-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  // Private to the operator: PGlite writes its files world-readable (0666), so the directory is the guard.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const key = randomBytes(32).toString('base64url')
  try {
    writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw err
  }
  chmodSync(file, 0o600)
  return key
}

function parseEnvironment (value: string | undefined): Environment {
  const v = nonEmpty(value) ?? 'sandbox'
  if (v === 'sandbox' || v === 'production') return v
  throw new ConfigError(`IDCHECK_ENVIRONMENT must be "sandbox" or "production", not "${v}"`)
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function parseLogLevel (value: string | undefined): string {
  const v = nonEmpty(value) ?? DEFAULTS.logLevel
  if (!LOG_LEVELS.includes(v)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${v}"`)
  return v
}

function parseInteger (name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const v = nonEmpty(value)
  if (v === null) return fallback
  const n = Number(v)
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not "${v}"`)
  return n
}

function parseBoolean (name: string, value: string | undefined, fallback: boolean): boolean {
  const v = nonEmpty(value)?.toLowerCase()
  if (v === undefined || v === null) return fallback
  if (['true', '1', 'yes', 'on'].includes(v)) return true
  if (['false', '0', 'no', 'off'].includes(v)) return false
  throw new ConfigError(`${name} must be true or false, not "${value}"`)
}

function nonEmpty (value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim()
}
