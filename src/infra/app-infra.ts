import { pino } from 'pino'
import type { Redis } from 'ioredis'
import type { Config } from '../config/config.ts'
import type { Clock } from '#shared/clock.ts'
import type { DomainEvents } from '#shared/domain-events.ts'
import type { Infra } from './app-module.ts'
import { connectDatabase, type Connection } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { createTransactionEvents } from './events/transaction-events.ts'
import { createMetrics } from './http/metrics.ts'
import { stdoutDestination } from './logging/stdout.ts'
import { type Queue, type QueueDefinition, startQueue } from './queue/queue.ts'
import { memoryFailureCounter, redisFailureCounter } from './rate-limit/failure-counter.ts'
import { connectRedis } from './rate-limit/redis.ts'
import { REDACTED_LOG_PATHS } from './security/redaction.ts'

export interface InfraOptions {
  clock: Clock
  /** An already open database (tests share one migrated database per file); left open at close. */
  connection?: Connection
  logger?: boolean
  overrides: Infra['overrides']
}

/** What every module is built on, and how to release it: the database (migrated), Redis when configured, the job queue with every module's queues. */
export async function createInfra (config: Config, queues: readonly QueueDefinition[], options: InfraOptions): Promise<Infra & { close (): Promise<void> }> {
  const { clock } = options
  const logger = pino({ level: config.logLevel, enabled: options.logger !== false, redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' } }, stdoutDestination())
  const connection = options.connection ?? await connectDatabase(config)
  const { db } = connection
  let redis: Redis | null = null
  let queue: Queue | null = null
  const close = async () => {
    await queue?.stop()
    redis?.disconnect()
    if (!options.connection) await db.close()
  }
  try {
    await migrate(db)
    redis = config.redisUrl ? connectRedis(config.redisUrl) : null
    queue = await startQueue({
      pglite: connection.pglite,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema === 'public' ? 'pgboss' : `${config.databaseSchema}_boss`,
      pollingIntervalSeconds: config.queuePollingSeconds,
    }, queues, (err) => logger.error({ err }, 'job queue error'))
    const openQueue = queue
    const failures = redis ? redisFailureCounter(redis, config.redisKeyPrefix, 60_000) : memoryFailureCounter(60_000, () => clock.now())
    return {
      config, clock, logger, db, redis, queue, failures,
      metrics: createMetrics(() => openQueue.backlog()),
      events: createTransactionEvents<DomainEvents>(),
      overrides: options.overrides,
      async close () {
        failures.close()
        await close()
      },
    }
  } catch (err) {
    await close().catch(() => {})
    throw err
  }
}
