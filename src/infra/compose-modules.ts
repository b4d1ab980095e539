import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import type { AppModule, Infra, Job, ModuleContext, ServiceMap } from './app-module.ts'
import type { QueueDefinition } from './queue/queue.ts'

export interface ComposedModules {
  /** What each module made, by its name. */
  services: ServiceMap
  /** Every module's routes, those named in `order` first and in its order, then the rest in the list's order. */
  registerRoutes (app: FastifyInstance, order?: readonly (keyof ServiceMap)[]): Promise<void>
  jobs: readonly Job[]
  /** Releases what the modules hold, last made first. */
  close (): Promise<void>
}

/** Every schema and queue the modules bring, known before anything is made. */
export const schemasOf = (modules: readonly AppModule[]): TSchema[] => modules.flatMap((m) => m.schemas ?? [])
export const queuesOf = (modules: readonly AppModule[], config: Infra['config']): QueueDefinition[] => modules.flatMap((m) => m.queues?.(config) ?? [])

/**
 * Makes the modules in the list's order, each from the infrastructure and the modules before it,
 * then subscribes their event handlers: a module can only use what is already made.
 */
export async function composeModules (infra: Infra, modules: readonly AppModule[]): Promise<ComposedModules> {
  const made = new Map<keyof ServiceMap, unknown>()
  const releases: (() => Promise<void> | void)[] = []
  const close = async () => { for (const release of releases.reverse()) await release() }
  let making = ''
  const ctx: ModuleContext = {
    ...infra,
    use (name) {
      if (!made.has(name)) throw new Error(`module ${making} uses ${String(name)}, which is not made before it: move ${String(name)} up the list in app.ts`)
      return made.get(name) as ServiceMap[typeof name]
    },
    onClose: (release) => { releases.push(release) },
  }
  try {
    for (const module of modules) {
      making = module.name
      made.set(module.name, await module.create(ctx))
    }
  } catch (err) {
    await close().catch(() => {})
    throw err
  }
  const services = Object.fromEntries(made) as unknown as ServiceMap
  const service = (module: AppModule) => made.get(module.name) as ServiceMap[keyof ServiceMap]
  for (const module of modules) {
    const handlers = module.on?.(service(module)) ?? {}
    for (const type of Object.keys(handlers) as (keyof typeof handlers)[]) infra.events.on(type, handlers[type]!)
  }
  return {
    services,
    async registerRoutes (app, order = []) {
      const rank = (module: AppModule) => { const at = order.indexOf(module.name); return at === -1 ? order.length : at }
      for (const module of [...modules].sort((a, b) => rank(a) - rank(b))) {
        if (module.routes) await app.register(module.routes(service(module), ctx))
      }
    },
    jobs: modules.flatMap((module) => module.jobs?.(service(module)) ?? []),
    close,
  }
}
