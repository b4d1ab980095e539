import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import type { Redis } from 'ioredis'
import type { TSchema } from 'typebox'
import type { Config } from '../config/config.ts'
import type { Clock } from '#shared/clock.ts'
import type { DomainEvents } from '#shared/domain-events.ts'
import type { Database } from './db/database.ts'
import type { TransactionEvents, TransactionHandler } from './events/transaction-events.ts'
import type { Metrics } from './http/metrics.ts'
import type { JobHandler, Queue, QueueDefinition } from './queue/queue.ts'
import type { FailureCounter } from './rate-limit/failure-counter.ts'

/** What every module is built on; made first and released last. */
export interface Infra {
  config: Config
  clock: Clock
  logger: Logger
  db: Database
  redis: Redis | null
  queue: Queue
  metrics: Metrics
  failures: FailureCounter
  /** Events a module raises inside its transaction for others to act on in it (an added document starts its checks). */
  events: TransactionEvents<DomainEvents>
  /** Stand-ins for the outside world, given by tests (a BAV provider, extra check types). */
  overrides: Readonly<Record<string, unknown>>
}

/**
 * Each module adds what it makes here, by declaration merging in its index.ts
 * (`declare module '../../infra/app-module.ts' { interface ServiceMap { cases: CasesService } }`),
 * so `use` is typed and app.ts stays a list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each module's declaration merging
export interface ServiceMap {}

export interface ModuleContext extends Infra {
  /** A module made earlier in app.ts's list; asking for a later one fails at start, naming both. */
  use<K extends keyof ServiceMap>(name: K): ServiceMap[K]
  /** Released when the app closes, after the queue stops, in reverse order of making. */
  onClose (release: () => Promise<void> | void): void
}

/** Background work a module brings, run by the workers. */
export interface Job { name: string, concurrency: number, run: JobHandler<any> }

/** One module as app.ts composes it: what it brings, and how it is made from what it needs. */
export interface AppModule<K extends keyof ServiceMap = keyof ServiceMap> {
  name: K
  /** Schemas other routes and the API description refer to by $id. */
  schemas?: readonly TSchema[]
  /** Its durable queues, with their retry policies. */
  queues?: (config: Config) => readonly QueueDefinition[]
  create (ctx: ModuleContext): ServiceMap[K] | Promise<ServiceMap[K]>
  /** Its public API routes (absent on a worker's listener). */
  routes? (made: ServiceMap[K], ctx: ModuleContext): FastifyPluginAsync
  jobs? (made: ServiceMap[K]): readonly Job[]
  /** What it does, inside the raiser's transaction, when another module raises an event. */
  on? (made: ServiceMap[K]): { [E in keyof DomainEvents]?: TransactionHandler<DomainEvents[E]> }
}

/** Keeps a module's parts typed against what it makes. */
export const defineModule = <K extends keyof ServiceMap>(module: AppModule<K>): AppModule<K> => module
