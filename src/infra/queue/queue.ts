import type { EmbeddedConnection } from '../db/pglite-client.ts'
import { fromPglite, PgBoss, type QueueOptions } from 'pg-boss'
import type { Queryable } from '../db/database.ts'
import type { JobHandler } from './job.ts'

export type { JobContext, JobHandler } from './job.ts'

export interface QueueDefinition extends QueueOptions { name: string }

export interface EnqueueOptions {
  /** A time, or a delay in seconds (measured by the database's clock). */
  startAfter?: Date | number
  singletonKey?: string
  /** Higher first; jobs of equal priority in the order they were made (pg-boss fetches by priority, then age). */
  priority?: number
}

export interface Queue {
  /** Enqueues on the caller's transaction: the job exists exactly when the transaction commits. */
  enqueue (tx: Queryable, name: string, data: object, options?: EnqueueOptions): Promise<string | null>
  /** Several jobs in one statement, on the caller's transaction. */
  enqueueMany (tx: Queryable, name: string, data: object[]): Promise<void>
  work<T> (name: string, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>
  /** Jobs waiting (created or retry) and the age in seconds of the oldest, per queue. */
  backlog (): Promise<{ name: string, waiting: number, oldestSeconds: number }[]>
  stop (): Promise<void>
}

export interface QueueConnection {
  pglite: EmbeddedConnection | null
  databaseUrl: string | null
  /** pg-boss's own schema; one per application schema so test files do not share jobs. */
  schema: string
  pollingIntervalSeconds: number
}

/**
 * A worker killed mid-job stops sending heartbeats (every heartbeatSeconds / 2); a supervise pass
 * every 5 s then hands the job to another worker within about 15 s instead of waiting for expiry.
 */
export const JOB_HEARTBEAT_SECONDS = 10

/** pg-boss on the application's database: in-process PGlite or PostgreSQL (docs/decisions.md, Runtime modes). */
export async function startQueue (connection: QueueConnection, queues: readonly QueueDefinition[], onError: (err: Error) => void): Promise<Queue> {
  const COMMON = { schema: connection.schema, schedule: false, useListenNotify: true, superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 }
  const boss = connection.pglite
    ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite', ...COMMON })
    : new PgBoss({ connectionString: connection.databaseUrl!, max: 4, ...COMMON })
  boss.on('error', onError)
  await boss.start()
  for (const { name, ...options } of queues) {
    await boss.createQueue(name, { ...options, notify: true } as QueueOptions).catch(async (err) => {
      if (!/already exists/i.test(String(err?.message))) throw err
    })
    await boss.updateQueue(name, options)
  }
  const schema = connection.schema

  return {
    async enqueue (tx, name, data, options = {}) {
      return boss.send(name, data, {
        db: onTransaction(tx),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      })
    },
    async enqueueMany (tx, name, data) {
      if (data.length === 0) return
      await boss.insert(name, data.map((d) => ({ data: d })), { db: onTransaction(tx) })
    },
    async work (name, handler, options = {}) {
      // Batches with per-job outcomes: a full batch makes pg-boss fetch again at once (burst), so a
      // backlog drains at full speed instead of one job per polling interval, and one failing job
      // is retried alone.
      await boss.work(name, {
        batchSize: options.concurrency ?? 4,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: connection.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: Math.max(connection.pollingIntervalSeconds, 5),
      }, async (jobs) => Promise.all(jobs.map(async (job) => {
        try {
          await handler({ id: job.id, data: job.data as never, retryCount: job.retryCount })
          return { id: job.id, status: 'completed' as const }
        } catch (err) {
          return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } }
        }
      })))
    },
    async backlog () {
      const rows = await boss.getDb().executeSql(
        `SELECT name, count(*)::int AS waiting, coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS "oldestSeconds"
         FROM "${schema}".job WHERE state IN ('created', 'retry') GROUP BY name`)
      return rows.rows as { name: string, waiting: number, oldestSeconds: number }[]
    },
    async stop () {
      await boss.stop({ graceful: true, timeout: 20_000, close: true })
    },
  }
}

function onTransaction (tx: Queryable) {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }) }
}
