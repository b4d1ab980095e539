import type { FastifyInstance } from 'fastify'
import type { Config } from './config/config.ts'
import { CHECK_TYPES } from './check-types.ts'
import type { AppModule, ServiceMap } from './infra/app-module.ts'
import { createInfra } from './infra/app-infra.ts'
import { composeModules, queuesOf, schemasOf } from './infra/compose-modules.ts'
import type { Connection } from './infra/db/connect.ts'
import { registerHealth } from './infra/http/health.ts'
import { createHttpApp, registerClientRateLimit } from './infra/http/http-app.ts'
import { registerMetricsRoute } from './infra/http/metrics.ts'
import { registerOpenApi } from './infra/http/openapi.ts'
import { registerPostman } from './infra/http/postman.ts'
import { publicOrigin } from './infra/http/public-origin.ts'
import { accountsModule } from './modules/accounts/index.ts'
import { authModule, bearerAuth } from './modules/auth/index.ts'
import { backOfficeModule } from './modules/back-office/index.ts'
import { bankAccountsModule } from './modules/bank-accounts/index.ts'
import { bavModule } from './modules/bav/index.ts'
import { casesModule } from './modules/cases/index.ts'
import { type CheckTypeDefinition, checksModule, checkTypesModule } from './modules/checks/index.ts'
import { documentParsingModule, documentsModule, sampleDocumentsModule } from './modules/documents/index.ts'
import { pingModule } from './modules/ping/index.ts'
import { amlScreenerModule, screeningModule } from './modules/screening/index.ts'
import { servicesCatalogueModule } from './modules/services-catalogue/index.ts'
import { webhooksModule } from './modules/webhooks/index.ts'
import { type Clock, systemClock } from '#shared/clock.ts'
import { ErrorList, ProblemDetails } from '#shared/schemas.ts'

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceMap
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
  bavProvider?: unknown
  /** Check types besides the registered ones (the pipeline's contract test adds a demo type). */
  extraCheckTypes?: readonly CheckTypeDefinition[]
}

/**
 * The modules, in the order they are made: each uses only modules above it. Check types are made
 * after what they read (cases, bank accounts, document parsing, AML's engine) and before the
 * catalogue that sells them and the pipeline that runs them.
 */
const modulesOf = (checkTypes: readonly CheckTypeDefinition[]): AppModule[] => [
  webhooksModule, casesModule, bavModule, bankAccountsModule, documentParsingModule(checkTypes.flatMap((type) => type.sandboxTaskModules ?? [])), amlScreenerModule,
  checkTypesModule(checkTypes), servicesCatalogueModule, checksModule(checkTypes),
  accountsModule, authModule, documentsModule, screeningModule, sampleDocumentsModule, pingModule, backOfficeModule,
]

/** The order of the public API's routes, which is the order the API description lists them in. */
const ROUTE_ORDER: readonly (keyof ServiceMap)[] = [
  'auth', 'ping', 'accounts', 'catalogue', 'cases', 'bankAccounts', 'checks', 'bav', 'documents', 'screening', 'sampleDocuments', 'webhooks', 'backOffice',
]

/** Builds infrastructure, modules and the HTTP app; used by the server, the worker, the CLI and the tests. */
export async function buildApp (config: Config, overrides: AppOverrides = {}): Promise<App> {
  const modules = modulesOf([...CHECK_TYPES, ...overrides.extraCheckTypes ?? []])
  const infra = await createInfra(config, queuesOf(modules, config), {
    clock: overrides.clock ?? systemClock, connection: overrides.connection, logger: overrides.logger, overrides: { bavProvider: overrides.bavProvider },
  })
  const composed = await composeModules(infra, modules).catch(async (err) => { await infra.close(); throw err })
  try {
    const app = createHttpApp(infra, [ProblemDetails, ErrorList, ...schemasOf(modules)])
    app.decorate('services', composed.services)
    app.decorate('config', config)
    app.addHook('onClose', async () => {
      // Fastify has stopped taking requests and finished the in-flight ones; jobs finish next.
      await infra.queue.stop()
      await composed.close()
      await infra.close()
    })
    // A worker's listener (apiRoutes: false) serves only the health probes and /metrics.
    if (overrides.apiRoutes !== false) {
      const origin = publicOrigin(app, config.publicBaseUrl, config)
      await registerOpenApi(app, config.environment, origin) // before the routes it describes
      await app.register(bearerAuth, { auth: composed.services.auth })
      registerClientRateLimit(app, infra)
      registerPostman(app, origin)
    }
    registerMetricsRoute(app, infra.metrics, config.metricsToken)
    registerHealth(app, infra.db)
    if (overrides.apiRoutes !== false) await composed.registerRoutes(app, ROUTE_ORDER)
    if (config.runWorkers) {
      for (const job of composed.jobs) await infra.queue.work(job.name, job.run, { concurrency: job.concurrency })
    }
    await app.ready()
    return app
  } catch (err) {
    await composed.close().catch(() => {})
    await infra.close().catch(() => {})
    throw err
  }
}
