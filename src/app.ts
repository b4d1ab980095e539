import type { FastifyInstance } from 'fastify'
import { type Logger, pino } from 'pino'
import type { Redis } from 'ioredis'
import type { Config } from './config/config.ts'
import { connectDatabase, type Connection } from './infra/db/connect.ts'
import type { Database } from './infra/db/database.ts'
import { migrate } from './infra/db/migrate.ts'
import { createOcrProcess } from './infra/ocr/ocr-process-client.ts'
import { createOcr, type Ocr } from './infra/ocr/ocr-service.ts'
import type { SandboxPool } from './infra/sandbox/sandbox-pool.ts'
import { type Queue, type QueueDefinition, startQueue } from './infra/queue/queue.ts'
import { registerHealth } from './infra/http/health.ts'
import { createMetrics, type Metrics, registerMetricsRoute } from './infra/http/metrics.ts'
import { createHttpApp, registerClientRateLimit } from './infra/http/http-app.ts'
import { registerOpenApi } from './infra/http/openapi.ts'
import { registerPostman } from './infra/http/postman.ts'
import { publicOrigin } from './infra/http/public-origin.ts'
import { stdoutDestination } from './infra/logging/stdout.ts'
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from './infra/rate-limit/failure-counter.ts'
import { connectRedis } from './infra/rate-limit/redis.ts'
import { REDACTED_LOG_PATHS } from './infra/security/redaction.ts'
import { createSecretBox } from './infra/security/secret-box.ts'
import { createTokens } from './infra/security/tokens.ts'
import { accountsRoutes, accountsSchemas, type AccountsService, createAccountsService } from './modules/accounts/index.ts'
import { authRoutes, authSchemas, type AuthService, bearerAuth, createAuthService, createCredentialsCache } from './modules/auth/index.ts'
import { bankAccountsRoutes, bankAccountsSchemas, type BankAccountsService, createBankAccountsService, findActiveBankAccount, lockActiveBankAccount } from './modules/bank-accounts/index.ts'
import { backOfficeRoutes } from './modules/back-office/index.ts'
import { bavCheckType, type BavProvider, bavProviderFor, bavQueue, bavRoutes, bavSchemas, type BavService, createBavService } from './modules/bav/index.ts'
import { casesRoutes, casesSchemas, type CasesService, createCasesService } from './modules/cases/index.ts'
import { checkQueues, checksRoutes, checksSchemas, type ChecksService, type CheckType, createChecksService, SERVICE_OF } from './modules/checks/index.ts'
import { KYC_QUEUE, kycCheckType } from './modules/kyc/index.ts'
import { AML_QUEUE, amlCheckType, createRescreenJob, createScreeningService, ensureSandboxList, hasLists, RESCREEN_JOB, rescreenQueues, type ScoringSandbox, type ScreeningService, screeningRoutes, screeningSchemas, startRescreen, createScoringSandbox } from './modules/screening/index.ts'
import { createDocumentsService, documentExtractionCheckType, documentQueues, documentRiskCheckType, loadDocument, lockDocument, documentsRoutes, documentsSchemas, type DocumentsService, sampleDocumentsRoutes, createDocumentParsers } from './modules/documents/index.ts'
import { pingRoutes } from './modules/ping/index.ts'
import { createServicesCatalogue, type ServicesCatalogue, servicesCatalogueRoutes } from './modules/services-catalogue/index.ts'
import { createDeliveryJob, createWebhooksService, webhookQueues, webhooksJobs, webhooksRoutes, webhooksSchemas, type WebhooksService } from './modules/webhooks/index.ts'
import { type Clock, systemClock } from '#shared/clock.ts'
import { ErrorList, ProblemDetails } from '#shared/schemas.ts'

export interface AppServices {
  accounts: AccountsService
  auth: AuthService
  catalogue: ServicesCatalogue
  cases: CasesService
  bankAccounts: BankAccountsService
  checks: ChecksService
  /** The check types this deployment runs, each with its provider. */
  checkTypes: readonly CheckType<any, any>[]
  bav: BavService
  documents: DocumentsService
  screening: ScreeningService
  /** The job that re-screens AML cases after an import, batch by batch. */
  rescreen: ReturnType<typeof createRescreenJob>
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

/** What every service is built on; made first and released by app.close(). */
interface Infra { config: Config, clock: Clock, logger: Logger, db: Database, redis: Redis | null, queue: Queue, metrics: Metrics, failures: FailureCounter, ocr: Ocr, parsers: SandboxPool, uploadParsers: SandboxPool, scoring: ScoringSandbox }

/** Builds infrastructure, services and the HTTP app; used by the server, the worker, the CLI and the tests. */
export async function buildApp (config: Config, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock
  const logger = pino({ level: config.logLevel, enabled: overrides.logger !== false, redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' } }, stdoutDestination())
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
      runHere: config.runJobsHere,
      runHereFallbackSeconds: config.runHereFallbackSeconds,
    }, queuesFor(config), (err) => logger.error({ err }, 'job queue error'))
    const openQueue = queue
    const failures = redis ? redisFailureCounter(redis, config.redisKeyPrefix, 60_000) : memoryFailureCounter(60_000, () => clock.now())
    // Uploaded files are parsed (pages counted, risk read, pages rendered, photos prepared) in sandbox
    // processes with a memory cap and a time budget; tesseract reads the prepared images in the OCR
    // process. All start on first use.
    const parsers = createDocumentParsers({ ...config.parsers, maxDecodedBytes: config.documents.maxDecodedBytes })
    // Uploads count pages in a process of their own, so an upload never waits behind a check's minute-long parse.
    const uploadParsers = createDocumentParsers({ ...config.parsers, processes: 1, maxDecodedBytes: config.documents.maxDecodedBytes })
    const ocr = createOcr({
      parsers,
      tesseract: createOcrProcess({ workers: config.ocrWorkers, memoryMb: config.parsers.ocrMemoryMb, callTimeoutMs: config.parsers.timeoutMs }),
      maxPixels: config.documents.maxPixels,
    })
    // AML's name scoring runs in a sandbox process with a time budget per screening, started on first use.
    const scoring = createScoringSandbox({ budgetMs: config.amlScreeningBudgetMs })
    const infra: Infra = { config, clock, logger, db, redis, queue, metrics: createMetrics(() => openQueue.backlog()), failures, ocr, parsers, uploadParsers, scoring }

    const services = await createServices(infra, overrides)
    const app = createHttpApp(infra, [ProblemDetails, ErrorList, ...authSchemas, ...accountsSchemas, ...casesSchemas, ...checksSchemas(services.checkTypes), ...bavSchemas, ...bankAccountsSchemas, ...documentsSchemas, ...screeningSchemas, ...webhooksSchemas])
    // A worker's listener (apiRoutes: false) serves only the health probes and /metrics.
    const api = overrides.apiRoutes !== false
    if (api) await registerApiPlumbing(app, infra, services)
    registerMetricsRoute(app, infra.metrics, config.metricsToken)
    registerHealth(app, db)
    if (api) await registerModules(app, infra, services)
    app.decorate('services', services)
    app.decorate('config', config)
    if (config.runWorkers) {
      for (const job of [...services.checks.jobs(), ...webhooksJobs(services.deliverWebhook), { name: RESCREEN_JOB, run: services.rescreen, concurrency: 1 }]) {
        await queue.work(job.name, job.run as never, { concurrency: job.concurrency })
      }
    }
    app.addHook('onClose', async () => {
      // Fastify has stopped taking requests and finished the in-flight ones; jobs finish next.
      await openQueue.stop()
      await ocr.close()
      await parsers.close()
      await uploadParsers.close()
      await scoring.close()
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

/** Every queue the application uses, with its retry policy. */
const queuesFor = (config: Config): QueueDefinition[] => [...checkQueues([bavQueue(config.bavRetry), ...documentQueues, AML_QUEUE, KYC_QUEUE]), ...webhookQueues, ...rescreenQueues]

/** The services, wired by hand: each gets exactly what it uses. */
async function createServices ({ config, clock, logger, db, queue, metrics, failures, ocr, parsers, uploadParsers, scoring }: Infra, overrides: AppOverrides): Promise<AppServices> {
  // AML screens against the lists in the database: the sandbox ships its own, production needs an import.
  if (config.environment === 'sandbox') await ensureSandboxList(db, new Date(clock.now()), (tx, version) => startRescreen(queue, tx, version.source, version.version))
  const yente = config.screening.provider === 'yente' ? config.screening : null
  const amlAvailable = yente !== null || await hasLists(db)
  // AML runs on case create, in the case's transaction; the checks service is made below, and is there when a case is.
  const cases = createCasesService({ db, clock, onCreated: async (tx, accountId, created) => { await checks.triggerIfEnabled(tx, 'AML', accountId, created.id, created.id) } })
  const bavProvider = overrides.bavProvider ? { provider: overrides.bavProvider, reason: null } : bavProviderFor(config.environment, config.bavCop)
  const aml = amlCheckType({ db, clock, threshold: config.amlThreshold, available: amlAvailable, yente, score: scoring.score, findCase: cases.findForCheck, lockCase: cases.lockForCheck })
  // Every check type, each a provider, a result schema and its subject's hooks (docs/checks.md).
  const checkTypes = [
    bavCheckType({
      provider: bavProvider.provider,
      unavailableReason: bavProvider.reason,
      retry: config.bavRetry,
      findActiveBankAccount,
      lockActiveBankAccount,
    }),
    documentRiskCheckType({ clock, parsers }),
    // The bank-accounts service is made after the checks it triggers; the extraction reaches it when it runs.
    documentExtractionCheckType({ ocr, maxPages: config.documents.maxPages, createBankAccount: (tx, input) => bankAccounts.createFromDocument(tx, input) }),
    aml.type,
    kycCheckType({ clock, ocr, loadDocument, lockDocument, findCase: cases.findForCheck }),
  ]
  logCheckTypes(logger, config.environment, checkTypes)
  // Production offers the checks that can run here, each named by its provider; the sandbox's are all 'Sandbox'.
  const catalogue = await createServicesCatalogue(db, {
    environment: config.environment,
    productionProviders: Object.fromEntries(checkTypes.flatMap((t) => t.provider ? [[SERVICE_OF[t.name], t.provider.name]] : [])),
  })
  const credentialsCache = createCredentialsCache({ ttlMs: config.credentialsCacheTtlMs, now: () => clock.now(), fetch: (id) => accounts.findAuth(id) })
  const accounts = createAccountsService({ db, catalogue, onAuthChanged: (id) => credentialsCache.invalidate(id) })
  const auth = createAuthService({
    accounts,
    tokens: createTokens(config.tokenSigningKey, () => clock.now()),
    cache: credentialsCache,
    failures,
    failuresPerMinute: config.authFailuresPerMinute,
    failuresPerAddressPerMinute: config.authFailuresPerAddressPerMinute,
    defaultRateLimit: config.rateLimitPerSecond,
  })
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
  const checks = createChecksService({ db, queue, clock, catalogue, assertCaseOwned: cases.assertOwned, types: checkTypes, publish: webhooks.publish, log: logger, admission: config.checkAdmission, leaseSeconds: config.checkLeaseSeconds })
  const bav = createBavService({ checks })
  const bankAccounts = createBankAccountsService({ db, cases, checks, bav })
  const documents = createDocumentsService({ db, clock, cases, checks, catalogue, limits: { ...config.documents, parsers: uploadParsers } })
  const screening = createScreeningService({ db, clock, queue, checks, assertCaseOwned: cases.assertOwned })
  const rescreen = createRescreenJob({
    db, queue, clock, screenCase: aml.screenCase,
    casesPage: cases.pageForChecks, latestCompleted: checks.latestCompleted, enabledFor: checks.enabledFor, triggerIfEnabled: checks.triggerIfEnabled,
  })
  return { accounts, auth, catalogue, cases, bankAccounts, checks, checkTypes, bav, documents, screening, rescreen, webhooks, deliverWebhook }
}

/** What the public API's routes share: its description (before the routes it describes), the bearer check, the rate limit. */
async function registerApiPlumbing (app: App, { config, redis, metrics }: Infra, s: AppServices): Promise<void> {
  const origin = publicOrigin(app, config.publicBaseUrl, config)
  await registerOpenApi(app, config.environment, origin)
  await app.register(bearerAuth, { auth: s.auth })
  registerClientRateLimit(app, { config, redis, metrics })
  registerPostman(app, origin)
}

/** One plugin per module, each with its routes. */
async function registerModules (app: App, { db, config }: Infra, s: AppServices): Promise<void> {
  await app.register(authRoutes(s.auth))
  await app.register(pingRoutes)
  await app.register(accountsRoutes(s.accounts))
  await app.register(servicesCatalogueRoutes(s.catalogue, db))
  await app.register(casesRoutes(s.cases))
  await app.register(bankAccountsRoutes(s.bankAccounts))
  await app.register(checksRoutes(s.checks))
  await app.register(bavRoutes(s.bav))
  await app.register(documentsRoutes(s.documents))
  await app.register(screeningRoutes(s.screening))
  await app.register(sampleDocumentsRoutes(config.environment))
  await app.register(webhooksRoutes(s.webhooks))
  await app.register(backOfficeRoutes())
}

/** One line per check at start: how it runs here, or why it is not offered. */
function logCheckTypes (logger: Logger, environment: string, types: readonly CheckType<any, any>[]): void {
  for (const type of types) {
    if (type.provider) logger.info({ checkType: type.name, provider: type.provider.name }, `${type.name} runs in ${environment} with ${type.provider.name}${type.provider.summary ? `: ${type.provider.summary}` : ''}`)
    else logger.warn({ checkType: type.name }, type.unavailableReason ?? `${type.name} is not offered`)
  }
}
