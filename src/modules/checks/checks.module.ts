import { defineModule } from '../../infra/app-module.ts'
import { type CheckType, type CheckTypeDefinition, instantiate } from './check-type.ts'
import { checksRoutes } from './checks.routes.ts'
import { checkSchema, PendingCheckBody } from './checks.schemas.ts'
import { checkQueues, type ChecksService, createChecksService } from './checks.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap {
    /** The registered check types as they run here, each with its provider (or why it has none). */
    checkTypes: readonly CheckType<any, any>[]
    checks: ChecksService
  }
}

/** Each registered check type made with the modules it needs; one line per type at start says how it runs here. */
export const checkTypesModule = (definitions: readonly CheckTypeDefinition[]) => defineModule({
  name: 'checkTypes',
  // Each type's result schema, referred to by $id from the Check schema's result union.
  schemas: definitions.map((d) => d.resultSchema),
  queues: (config) => checkQueues(definitions.map((d) => d.queue(config))),
  async create (ctx) {
    const types: CheckType<any, any>[] = []
    for (const definition of definitions) types.push(await instantiate(definition, ctx))
    for (const type of types) {
      if (type.provider) ctx.logger.info({ checkType: type.name, provider: type.provider.name }, `${type.name} runs in ${ctx.config.environment} with ${type.provider.name}${type.provider.summary ? `: ${type.provider.summary}` : ''}`)
      else ctx.logger.warn({ checkType: type.name }, type.unavailableReason ?? `${type.name} is not offered`)
    }
    return types
  },
})

/** The checks pipeline: requested or triggered checks, run once each on their type's queue, their results and events. */
export const checksModule = (definitions: readonly CheckTypeDefinition[]) => defineModule({
  name: 'checks',
  schemas: [checkSchema(definitions.map((d) => d.name), definitions.map((d) => d.resultSchema)), PendingCheckBody],
  create: ({ db, queue, clock, config, logger, use }) => createChecksService({
    db, queue, clock, log: logger,
    types: use('checkTypes'),
    catalogue: use('catalogue'),
    assertCaseOwned: use('cases').assertOwned,
    publish: use('webhooks').publish,
    admission: config.checkAdmission,
    leaseSeconds: config.checkLeaseSeconds,
  }),
  routes: (checks) => checksRoutes(checks),
  jobs: (checks) => checks.jobs(),
  on: (checks) => ({ 'subject.added': (tx, added) => checks.onSubjectAdded(tx, added) }),
})
