import { randomBytes } from 'node:crypto'
import type { Config } from '../../src/config/config.ts'
import { migratedDataDir } from './embedded-database.ts'

/**
 * The suite runs embedded by default and on PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set.
 * Embedded, each config has a database of its own: a copy of one migrated at the start of the run.
 */
export function testConfig (overrides: Partial<Config> = {}): Config {
  const unique = `t${process.pid}_${randomBytes(4).toString('hex')}`
  return {
    environment: 'sandbox',
    port: 0,
    host: '127.0.0.1',
    dataDir: process.env.DATABASE_URL || 'dataDir' in overrides ? null : migratedDataDir(),
    databaseUrl: process.env.DATABASE_URL || null,
    databaseSchema: process.env.DATABASE_URL ? unique : 'public',
    redisUrl: process.env.REDIS_URL || null,
    redisKeyPrefix: `idcheck-test:${unique}:`,
    tokenSigningKey: randomBytes(32).toString('base64url'),
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    rateLimitPerSecond: 15,
    authFailuresPerMinute: 20,
    authFailuresPerAddressPerMinute: 200,
    trustProxy: false,
    publicBaseUrl: null,
    allowPrivateWebhookTargets: (overrides.environment ?? 'sandbox') === 'sandbox',
    webhookSecretKeys: { current: randomBytes(32).toString('base64url'), previous: [] },
    credentialsCacheTtlMs: 500,
    bodyLimitBytes: 64 * 1024,
    runWorkers: true,
    queuePollingSeconds: 0.5,
    checkLeaseSeconds: 30,
    checkAdmission: { inFlightPerAccount: 1000, ocrPagesPerHour: 100_000 },
    bavRetry: { limit: 2, delaySeconds: 1 },
    webhookTimeoutMs: 2000,
    webhookRetryScale: 0.001,
    metricsToken: null,
    workerPort: null,
    documents: { maxBytes: 10 * 1024 * 1024, maxPages: 50, maxPixels: 40_000_000, maxDecodedBytes: 64 * 1024 * 1024, maxBytesInFlight: 64 * 1024 * 1024 },
    ocrWorkers: 1,
    parsers: { processes: 2, memoryMb: 400, timeoutMs: 60_000, ocrMemoryMb: 450 },
    amlThreshold: 0.85,
    amlScreeningBudgetMs: 5000,
    screening: { provider: 'local' },
    bavCop: null,
    ...overrides,
  }
}
