import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { pino } from 'pino'
import type { Redis } from 'ioredis'
import type { Config } from './config/config.ts'
import { connectDatabase, type Connection } from './infra/db/connect.ts'
import { migrate } from './infra/db/migrate.ts'
import { type Queue, type QueueDefinition, startQueue } from './infra/queue/queue.ts'
import { registerApiVersion } from './infra/http/api-version.ts'
import { registerErrorHandling } from './infra/http/error-handler.ts'
import { registerJsonBody } from './infra/http/json-body.ts'
import { registerHealth } from './infra/http/health.ts'
import { createMetrics, recordRequestMetrics, registerMetricsRoute, unmatchedRequestRecorder } from './infra/http/metrics.ts'
import { registerOpenApi } from './infra/http/openapi.ts'
import { registerPostman } from './infra/http/postman.ts'
import { publicOrigin } from './infra/http/public-origin.ts'
import { requestIdGenerator } from './infra/http/request-id.ts'
import { AccessLog } from './infra/logging/access-log.ts'
import { lazyLogger } from './infra/logging/request-logger.ts'
import { stdoutDestination } from './infra/logging/stdout.ts'
import { createValidatorCompiler } from './infra/http/validation.ts'
import { memoryFailureCounter, redisFailureCounter } from './infra/rate-limit/failure-counter.ts'
import { registerRateLimit } from './infra/rate-limit/rate-limit.ts'
import { connectRedis } from './infra/rate-limit/redis.ts'
import { REDACTED_LOG_PATHS } from './infra/security/redaction.ts'
import { createTokens } from './infra/security/tokens.ts'
import { Account, AccountWithCredentials, accountsRoutes, type AccountsService, createAccountsService, CredentialsReset, ServiceEntry } from './modules/accounts/index.ts'
import { authRoutes, type AuthService, bearerAuth, createAuthService, createCredentialsCache, FieldErrors, TokenRequest, TokenResponse } from './modules/auth/index.ts'
import { BankAccount, bankAccountsRoutes, type BankAccountsService, createBankAccountsService, DuplicateBankAccountBody, findActiveBankAccount, lockBankAccountForAttempt, refreshBankAccountDocument } from './modules/bank-accounts/index.ts'
import { BAV_CHECK_JOB, BavAttempt, BavCheckAccepted, type BavProvider, bavProviderFor, bavQueues, bavRoutes, type BavService, createBavService } from './modules/bav/index.ts'
import { Case, casesRoutes, type CasesService, createCasesService } from './modules/cases/index.ts'
import { pingRoutes } from './modules/ping/index.ts'
import { createDeliveryJob, createWebhooksService, DeliveryQueued, WEBHOOK_DELIVER_JOB, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, webhookQueues, webhooksRoutes, type WebhooksService } from './modules/webhooks/index.ts'
import { createSecretBox } from './infra/security/secret-box.ts'
import { createServicesCatalogue, type ServicesCatalogue, servicesCatalogueRoutes } from './modules/services-catalogue/index.ts'
import { type Clock, systemClock } from './shared/clock.ts'
import { ErrorList, ProblemDetails } from './shared/schemas.ts'

export interface AppServices {
  accounts: AccountsService
  auth: AuthService
  catalogue: ServicesCatalogue
  cases: CasesService
  bankAccounts: BankAccountsService
  bav: BavService
  webhooks: WebhooksService
  deliverWebhook: ReturnType<typeof createDeliveryJob>
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices
    config: Config
  }
}

export type App = FastifyInstance

/** Every queue the application uses, with its retry policy. */
const queuesFor = (config: Config): QueueDefinition[] => [...bavQueues(config.bavRetry), ...webhookQueues]

async function startWorkers (queue: Queue, services: AppServices): Promise<void> {
  await queue.work(BAV_CHECK_JOB, (job) => services.bav.runCheck(job as never), { concurrency: 4 })
  await queue.work(WEBHOOK_DELIVER_JOB, (job) => services.deliverWebhook(job as never), { concurrency: 8 })
}

/** Fastify's hop count, typed as its function form. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export interface AppOverrides {
  clock?: Clock
  /** An already open database (tests share one migrated database per file). */
  connection?: Connection
  logger?: boolean
  /** false: only the health probes and /metrics, for `idcheck worker`'s listener (no API on a worker). */
  apiRoutes?: boolean
  /** A stand-in for the outside world's BAV provider (tests). */
  bavProvider?: BavProvider
}

/** Builds infrastructure, services and the HTTP app; used by the server, the worker, the CLI and the tests. */
export async function buildApp (config: Config, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock
  const enabled = overrides.logger !== false
  const logger = pino({ level: config.logLevel, enabled, redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' } }, stdoutDestination())
  const connection = overrides.connection ?? await connectDatabase(config)
  const { db } = connection
  let redis: Redis | null = null
  let queue: Queue | null = null
  try {
    await migrate(db)
    redis = config.redisUrl ? connectRedis(config.redisUrl) : null
    queue = await startQueue({
      pglite: connection.pglite,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema === 'public' ? 'pgboss' : `${config.databaseSchema}_boss`,
      pollingIntervalSeconds: config.queuePollingSeconds,
    }, queuesFor(config), (err) => logger.error({ err }, 'job queue error'))

    const catalogue = await createServicesCatalogue(db, { environment: config.environment, productionProviders: {} })
    const credentialsCache = createCredentialsCache({
      ttlMs: config.credentialsCacheTtlMs,
      now: () => clock.now(),
      fetch: (id) => accounts.findAuth(id),
    })
    const accounts = createAccountsService({ db, catalogue, onAuthChanged: (id) => credentialsCache.invalidate(id) })
    const failures = redis
      ? redisFailureCounter(redis, config.redisKeyPrefix, 60_000)
      : memoryFailureCounter(60_000, () => clock.now())
    const auth = createAuthService({
      accounts,
      tokens: createTokens(config.tokenSigningKey, () => clock.now()),
      cache: credentialsCache,
      failures,
      failuresPerMinute: config.authFailuresPerMinute,
      failuresPerAddressPerMinute: config.authFailuresPerAddressPerMinute,
      defaultRateLimit: config.rateLimitPerSecond,
    })
    const metrics = createMetrics(() => queue!.backlog())
    const webhookDeps = {
      db, queue, clock,
      secrets: createSecretBox({ ...config.webhookSecretKeys, legacyRootKey: config.tokenSigningKey }, 'webhook-signing-secrets'),
      allowPrivateTargets: config.allowPrivateWebhookTargets,
    }
    const webhooks = createWebhooksService(webhookDeps)
    const deliverWebhook = createDeliveryJob({
      ...webhookDeps,
      timeoutMs: config.webhookTimeoutMs,
      retryScale: config.webhookRetryScale,
      onAttempt: (outcome) => metrics.webhookDeliveries.inc({ outcome }),
    })
    const cases = createCasesService({ db, clock })
    const bavProvider = overrides.bavProvider ? { provider: overrides.bavProvider, reason: null } : bavProviderFor(config.environment)
    if (bavProvider.reason) logger.warn(bavProvider.reason)
    const bav = createBavService({
      db, queue, clock, catalogue,
      provider: bavProvider.provider,
      unavailableReason: bavProvider.reason,
      findActiveBankAccount: (q, id) => findActiveBankAccount(q, id),
      bankAccountDocument: { lock: lockBankAccountForAttempt, refresh: refreshBankAccountDocument },
      publish: webhooks.publish,
      log: logger,
      retry: config.bavRetry,
    })
    const bankAccounts = createBankAccountsService({ db, cases, bav })
    const services: AppServices = { accounts, auth, catalogue, cases, bankAccounts, bav, webhooks, deliverWebhook }

    const app = Fastify({
      loggerInstance: lazyLogger(logger as FastifyBaseLogger),
      logController: new AccessLog(logger, stdoutDestination(), unmatchedRequestRecorder(metrics)),
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
      bodyLimit: config.bodyLimitBytes,
      // A client's x-request-id is kept when it is a plausible id; anything else (10 KB, control
      // characters) is replaced, since it is echoed in the response and written to every log line.
      requestIdHeader: false,
      genReqId: requestIdGenerator(),
      // TRUST_PROXY decides whose X-Forwarded-For gives request.ip, which keys the brute-force limit.
      trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    })
    app.setValidatorCompiler(createValidatorCompiler())
    for (const schema of [ProblemDetails, ErrorList, TokenRequest, TokenResponse, FieldErrors, ServiceEntry, Account, AccountWithCredentials, CredentialsReset,
      Case, BavAttempt, BavCheckAccepted, BankAccount, DuplicateBankAccountBody,
      WebhookEndpoint, WebhookEndpointCreated, WebhookDelivery, DeliveryQueued]) {
      app.addSchema(schema)
    }

    registerJsonBody(app)
    registerErrorHandling(app)
    registerApiVersion(app)
    recordRequestMetrics(app, metrics)
    // A worker's listener (apiRoutes: false) serves only the health probes and /metrics.
    const api = overrides.apiRoutes !== false
    if (api) {
      const origin = publicOrigin(app, config.publicBaseUrl, config)
      await registerOpenApi(app, config.environment, origin) // before the routes it describes
      await app.register(bearerAuth, { auth })
      registerRateLimit(app, {
        redis,
        keyPrefix: config.redisKeyPrefix,
        keyOf: (request) => request.caller ? `account:${request.caller.accountId}` : `ip:${request.ip}`,
        perSecondOf: (request) => request.caller?.rateLimitPerSecond ?? config.rateLimitPerSecond,
        onRejected: () => metrics.rateLimited.inc(),
      })
      registerPostman(app, origin)
    }
    registerMetricsRoute(app, metrics, config.metricsToken)
    registerHealth(app, db)
    if (api) {
      await app.register(authRoutes(auth))
      await app.register(pingRoutes)
      await app.register(accountsRoutes(accounts))
      await app.register(servicesCatalogueRoutes(catalogue, db))
      await app.register(casesRoutes(cases))
      await app.register(bankAccountsRoutes(bankAccounts))
      await app.register(bavRoutes(bav))
      await app.register(webhooksRoutes(webhooks))
    }

    app.decorate('services', services)
    app.decorate('config', config)
    if (config.runWorkers) await startWorkers(queue, services)
    app.addHook('onClose', async () => {
      // Fastify has stopped taking requests and finished the in-flight ones; jobs finish next.
      await queue?.stop()
      failures.close()
      if (redis) redis.disconnect()
      if (!overrides.connection) await db.close()
    })
    await app.ready()
    return app
  } catch (err) {
    await queue?.stop().catch(() => {})
    redis?.disconnect()
    if (!overrides.connection) await db.close().catch(() => {})
    throw err
  }
}

