import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { deflateRawSync } from 'node:zlib'
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
  /** Failed authentications per (client address, clientId) per minute before the token endpoint answers 429. */
  authFailuresPerMinute: number
  /** Failed authentications per client address per minute, whatever the clientId (a higher bound, for clients behind one NAT). */
  authFailuresPerAddressPerMinute: number
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false, true, a hop count, or addresses and CIDRs. */
  trustProxy: boolean | number | string[]
  /** The origin clients reach this service at (PUBLIC_BASE_URL), named in /openapi.json; null = the listen address. */
  publicBaseUrl: string | null
  /** May webhooks target private, loopback and link-local addresses? Only on a loopback sandbox or by ALLOW_PRIVATE_WEBHOOK_TARGETS. */
  allowPrivateWebhookTargets: boolean
  /** Key that encrypts webhook signing secrets at rest (WEBHOOK_SECRET_KEY), and earlier keys still accepted to read them. */
  webhookSecretKeys: { current: string, previous: string[] }
  /** Longest a process trusts its cached view of an account's credentials (docs/decisions.md: 1 s across processes). */
  credentialsCacheTtlMs: number
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number
  /** Run the background workers inside the API process (RUN_WORKERS; always on in embedded mode). */
  runWorkers: boolean
  /** How often idle workers look for jobs when no notification wakes them. */
  queuePollingSeconds: number
  /** How long a runner's claim on a check lasts unless renewed (renewed every third of it while the provider works). */
  checkLeaseSeconds: number
  /** Per account: checks pending at once (CHECKS_IN_FLIGHT_PER_ACCOUNT) and pages of documents sent to extraction or KYC per hour (OCR_PAGES_PER_HOUR_PER_ACCOUNT). */
  checkAdmission: { inFlightPerAccount: number, ocrPagesPerHour: number }
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
  /** Uploaded documents: largest file (DOCUMENT_MAX_BYTES), most PDF pages (DOCUMENT_MAX_PAGES), largest image in pixels (DOCUMENT_MAX_PIXELS), bytes a PDF's compressed streams may expand to (DOCUMENT_MAX_DECODED_MB), upload bytes one process reads at once (UPLOAD_BYTES_IN_FLIGHT_MB). */
  documents: { maxBytes: number, maxPages: number, maxPixels: number, maxDecodedBytes: number, maxBytesInFlight: number }
  /** OCR engines run at once per process (OCR_WORKERS), each a worker thread of about 100 MB while it works. */
  ocrWorkers: number
  /**
   * Sandbox processes that parse uploaded files (PARSER_PROCESSES), the memory one parse may use above
   * its process's idle size (PARSER_MEMORY_MB), the time one parse or OCR call may take
   * (PARSER_TIMEOUT_SECONDS), and the memory the OCR process may grow by while it reads (OCR_MEMORY_MB).
   */
  parsers: { processes: number, memoryMb: number, timeoutMs: number, ocrMemoryMb: number }
  /** The score from which a listed entry is an AML hit (AML_MATCH_THRESHOLD, 0.5–1; default 0.85). */
  amlThreshold: number
  /** The time one AML screening may spend comparing names (AML_SCREENING_BUDGET_MS; default 5000): past it, its check fails once. */
  amlScreeningBudgetMs: number
  /** Where AML screens (SCREENING_PROVIDER): the lists in the database, or OpenSanctions' yente at YENTE_URL. */
  screening: { provider: 'local' } | { provider: 'yente', url: string, dataset: string, apiKey: string | null }
  /** Confirmation of Payee for production BAV (BAV_COP_URL, BAV_COP_TOKEN, BAV_COP_TIMEOUT_MS, BAV_COP_PROVIDER_NAME); null = modulus check only. */
  bavCop: BavCopConfig | null
}

export interface BavCopConfig {
  /** Base URL of the Open Banking CoP API, without a trailing slash; requests go to {url}/account-name-check. */
  url: string
  /** Bearer token sent to the CoP API. Secret: never logged nor put in a message. */
  token: string
  timeoutMs: number
  /** The provider name shown in the catalogue and on checks; null = "idcheck-modulus + CoP (<host>)". */
  providerName: string | null
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
  const webhookSecretKey = nonEmpty(env.WEBHOOK_SECRET_KEY)
  const redisUrl = nonEmpty(env.REDIS_URL)
  const metricsToken = nonEmpty(env.METRICS_TOKEN)
  const host = nonEmpty(env.HOST) ?? DEFAULTS.host
  const allowPrivateFlag = parseBoolean('ALLOW_PRIVATE_WEBHOOK_TARGETS', env.ALLOW_PRIVATE_WEBHOOK_TARGETS, false)

  if (environment === 'production') refuseUnsafeProduction({ databaseUrl, tokenSigningKey, webhookSecretKey, redisUrl, metricsToken })
  // Every process of a server-mode deployment must share these keys: a key made per process would
  // sign tokens other processes reject and seal webhook secrets no other process (or restart) can open.
  if (databaseUrl && !tokenSigningKey) throw new ConfigError(`server mode (DATABASE_URL) needs TOKEN_SIGNING_KEY, one key shared by every process. ${MAKE_KEY}`)
  if (databaseUrl && !webhookSecretKey) throw new ConfigError(`server mode (DATABASE_URL) needs WEBHOOK_SECRET_KEY, one key shared by every process. ${MAKE_KEY}`)
  if (tokenSigningKey) checkKeyStrength('TOKEN_SIGNING_KEY', tokenSigningKey)
  if (webhookSecretKey) checkKeyStrength('WEBHOOK_SECRET_KEY', webhookSecretKey)
  const previousWebhookKeys = (nonEmpty(env.WEBHOOK_SECRET_KEYS_PREVIOUS) ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '')

  return {
    environment,
    port: parseInteger('PORT', env.PORT, DEFAULTS.port, 0, 65535),
    host,
    dataDir,
    databaseUrl,
    databaseSchema: 'public',
    redisUrl,
    redisKeyPrefix: redisKeyPrefixFor(databaseUrl, dataDir),
    tokenSigningKey: tokenSigningKey ?? generatedKeyFor(dataDir, 'token-signing-key'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    rateLimitPerSecond: parseInteger('RATE_LIMIT_PER_SECOND', env.RATE_LIMIT_PER_SECOND, DEFAULTS.rateLimitPerSecond, 1, 1_000_000),
    authFailuresPerMinute: 20,
    authFailuresPerAddressPerMinute: 200,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL),
    // A sandbox on loopback serves only this machine, so its local receivers are fair game; one
    // reachable from outside would let strangers read internal services through the delivery log.
    allowPrivateWebhookTargets: allowPrivateFlag || (environment === 'sandbox' && isLoopbackHost(host)),
    webhookSecretKeys: { current: webhookSecretKey ?? generatedKeyFor(dataDir, 'webhook-secret-key'), previous: previousWebhookKeys },
    // Embedded mode is one process, and every change of credentials goes through it (the CLI cannot
    // open a data directory the server holds), so its cache is invalidated exactly and need not
    // expire; several processes on one PostgreSQL learn of another's reset within the TTL.
    credentialsCacheTtlMs: databaseUrl === null ? 3_600_000 : 500,
    bodyLimitBytes: 64 * 1024,
    runWorkers: databaseUrl === null || parseBoolean('RUN_WORKERS', env.RUN_WORKERS, true),
    queuePollingSeconds: 2,
    // On by default in embedded mode, where the workers share the API's one database connection
    // and a queue hop is dearest; in server mode it trades peak create throughput for latency.
    checkLeaseSeconds: 30,
    checkAdmission: {
      inFlightPerAccount: parseInteger('CHECKS_IN_FLIGHT_PER_ACCOUNT', env.CHECKS_IN_FLIGHT_PER_ACCOUNT, 50, 1, 1_000_000),
      ocrPagesPerHour: parseInteger('OCR_PAGES_PER_HOUR_PER_ACCOUNT', env.OCR_PAGES_PER_HOUR_PER_ACCOUNT, 500, 1, 1_000_000),
    },
    bavRetry: { limit: 8, delaySeconds: 5 },
    webhookTimeoutMs: 10_000,
    webhookRetryScale: 1,
    metricsToken,
    workerPort: nonEmpty(env.WORKER_PORT) === null ? null : parseInteger('WORKER_PORT', env.WORKER_PORT, 0, 0, 65535),
    documents: {
      maxBytes: parseInteger('DOCUMENT_MAX_BYTES', env.DOCUMENT_MAX_BYTES, 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      maxPages: parseInteger('DOCUMENT_MAX_PAGES', env.DOCUMENT_MAX_PAGES, 50, 1, 1000),
      maxPixels: parseInteger('DOCUMENT_MAX_PIXELS', env.DOCUMENT_MAX_PIXELS, 40_000_000, 10_000, 200_000_000),
      maxDecodedBytes: parseInteger('DOCUMENT_MAX_DECODED_MB', env.DOCUMENT_MAX_DECODED_MB, 64, 1, 1024) * 1024 * 1024,
      maxBytesInFlight: parseInteger('UPLOAD_BYTES_IN_FLIGHT_MB', env.UPLOAD_BYTES_IN_FLIGHT_MB, 64, 1, 4096) * 1024 * 1024,
    },
    ocrWorkers: parseInteger('OCR_WORKERS', env.OCR_WORKERS, 1, 1, 16),
    parsers: {
      processes: parseInteger('PARSER_PROCESSES', env.PARSER_PROCESSES, 2, 1, 32),
      memoryMb: parseInteger('PARSER_MEMORY_MB', env.PARSER_MEMORY_MB, 400, 64, 16_384),
      timeoutMs: parseInteger('PARSER_TIMEOUT_SECONDS', env.PARSER_TIMEOUT_SECONDS, 60, 1, 3600) * 1000,
      ocrMemoryMb: parseInteger('OCR_MEMORY_MB', env.OCR_MEMORY_MB, 450, 64, 16_384),
    },
    amlThreshold: parseFraction('AML_MATCH_THRESHOLD', env.AML_MATCH_THRESHOLD, 0.85, 0.5, 1),
    amlScreeningBudgetMs: parseInteger('AML_SCREENING_BUDGET_MS', env.AML_SCREENING_BUDGET_MS, 5000, 100, 600_000),
    screening: parseScreening(env),
    bavCop: parseBavCop(env, environment),
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
 * An embedded deployment keeps its generated keys in DATA_DIR so tokens and webhook secrets survive
 * restarts; with no data directory (tests) a key lives as long as the process.
 */
function generatedKeyFor (dataDir: string | null, fileName: string): string {
  if (!dataDir) return randomBytes(32).toString('base64url')
  const file = join(dataDir, fileName)
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

const MAKE_KEY = 'Make one with: openssl rand -base64 32'

interface ProductionSettings {
  databaseUrl: string | null
  tokenSigningKey: string | null
  webhookSecretKey: string | null
  redisUrl: string | null
  metricsToken: string | null
}

/** Production starts only on settings that stay safe with several processes behind a proxy. */
function refuseUnsafeProduction (s: ProductionSettings): void {
  if (!s.databaseUrl) throw new ConfigError('production needs DATABASE_URL: the embedded database is for a single laptop, not for live traffic')
  if (!s.tokenSigningKey) throw new ConfigError(`production needs TOKEN_SIGNING_KEY (random, at least 32 characters). ${MAKE_KEY}`)
  if (!s.webhookSecretKey) throw new ConfigError(`production needs WEBHOOK_SECRET_KEY (random, at least 32 characters), the key that encrypts webhook secrets. ${MAKE_KEY}`)
  if (!s.redisUrl) throw new ConfigError('production needs REDIS_URL: without it each process keeps its own rate limits and failed-login counts, so every replica multiplies them')
  if (!s.metricsToken) throw new ConfigError('production needs METRICS_TOKEN: without it /metrics trusts loopback clients, and a reverse proxy on the same host makes every client one')
}

/**
 * A key must be long and look random. Its entropy is estimated twice, from how evenly its
 * characters are spread and from how well it compresses (which catches repeated words), and the
 * lower estimate must reach 128 bits.
 */
export function checkKeyStrength (name: string, key: string): void {
  if (key.length < 32) throw new ConfigError(`${name} must be at least 32 characters long. ${MAKE_KEY}`)
  if (estimatedEntropyBits(key) < 128) throw new ConfigError(`${name} is too predictable (repeated or too few different characters); use at least 32 random bytes. ${MAKE_KEY}`)
}

export function estimatedEntropyBits (key: string): number {
  const counts = new Map<string, number>()
  for (const ch of key) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  const n = [...key].length
  let perChar = 0
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n)
  return Math.min(perChar * n, deflateRawSync(key, { level: 9 }).length * 8)
}

function isLoopbackHost (host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

function parseTrustProxy (value: string | undefined): boolean | number | string[] {
  const v = nonEmpty(value)
  if (v === null || ['false', '0', 'no', 'off'].includes(v.toLowerCase())) return false
  if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true
  if (/^\d+$/.test(v)) return Number(v)
  const entries = v.split(',').map((e) => e.trim()).filter((e) => e !== '')
  for (const entry of entries) {
    const [address, prefix] = entry.split('/')
    if (isIP(address ?? '') === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxy hops, or addresses and CIDRs separated by commas, not "${v}"`)
    }
  }
  return entries
}

function parsePublicBaseUrl (value: string | undefined): string | null {
  const v = nonEmpty(value)
  if (v === null) return null
  let url: URL
  try {
    url = new URL(v)
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL such as https://api.example.com, not "${v}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_BASE_URL must start with http:// or https://, not "${v}"`)
  return url.href.replace(/\/+$/, '')
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

function parseScreening (env: NodeJS.ProcessEnv): Config['screening'] {
  const provider = nonEmpty(env.SCREENING_PROVIDER) ?? 'local'
  if (provider === 'local') return { provider }
  if (provider !== 'yente') throw new ConfigError(`SCREENING_PROVIDER must be local or yente, not "${provider}"`)
  const url = nonEmpty(env.YENTE_URL)
  if (url === null || !/^https?:\/\/[^/\s]+/.test(url)) throw new ConfigError('SCREENING_PROVIDER=yente needs YENTE_URL, the http(s) address of a yente service (e.g. http://yente:8000)')
  return { provider, url: url.replace(/\/+$/, ''), dataset: nonEmpty(env.YENTE_DATASET) ?? 'default', apiKey: nonEmpty(env.YENTE_API_KEY) }
}

/**
 * CoP is optional (without it BAV runs the modulus check alone), but a half-made setting is refused
 * rather than silently read as "no CoP". Messages never repeat BAV_COP_TOKEN or a URL's credentials.
 */
function parseBavCop (env: Env, environment: Environment): BavCopConfig | null {
  const url = nonEmpty(env.BAV_COP_URL)
  const token = nonEmpty(env.BAV_COP_TOKEN)
  if (url === null) {
    if (token !== null) throw new ConfigError('BAV_COP_TOKEN is set but BAV_COP_URL is not: set both to confirm payees, or neither to run BAV on the modulus check alone')
    return null
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError('BAV_COP_URL must be an absolute http(s) URL, such as https://cop.example.com/open-banking/v3.1/cop')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError('BAV_COP_URL must start with https:// (or http:// for a loopback address)')
  if (parsed.username !== '' || parsed.password !== '') throw new ConfigError('BAV_COP_URL must not carry credentials; put the bearer token in BAV_COP_TOKEN')
  if (parsed.search !== '' || parsed.hash !== '') throw new ConfigError('BAV_COP_URL must be a base URL without a query or fragment; requests go to {BAV_COP_URL}/account-name-check')
  // The token and the holder's name would cross the network in clear.
  if (environment === 'production' && parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname.replace(/^\[|\]$/g, ''))) {
    throw new ConfigError('production needs BAV_COP_URL to be https://: the bearer token and account holders\' names would otherwise travel in clear')
  }
  if (token === null) throw new ConfigError('BAV_COP_URL needs BAV_COP_TOKEN, the bearer token the Confirmation of Payee API expects')
  return {
    url: parsed.href.replace(/\/+$/, ''),
    token,
    timeoutMs: parseInteger('BAV_COP_TIMEOUT_MS', env.BAV_COP_TIMEOUT_MS, 10_000, 100, 60_000),
    providerName: nonEmpty(env.BAV_COP_PROVIDER_NAME),
  }
}

function parseFraction (name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const v = nonEmpty(value)
  if (v === null) return fallback
  const n = Number(v)
  if (!/^\d+(\.\d+)?$/.test(v) || n < min || n > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}, not "${v}"`)
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
