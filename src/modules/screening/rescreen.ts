import type { Database, Queryable } from '../../infra/db/database.ts'
import { JOB_HEARTBEAT_SECONDS, type JobContext, type Queue, type QueueDefinition } from '../../infra/queue/queue.ts'
import type { Clock } from '#shared/clock.ts'
import { CheckCannotComplete, type CheckRecord, type CheckTypeName } from '../checks/index.ts'
import type { ScreenedCase } from './aml-provider.ts'
import type { AmlResult } from './screening.schemas.ts'
import * as repo from './screening.repository.ts'

export const RESCREEN_JOB = 'screening.rescreen'
export const rescreenQueues: QueueDefinition[] = [
  { name: RESCREEN_JOB, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600, heartbeatSeconds: JOB_HEARTBEAT_SECONDS },
]
/** Cases screened per job: a batch commits its progress, so a crash repeats at most one. */
const BATCH = 100

export interface RescreenJob { source: string, version: string, after: number }

export interface RescreenDeps {
  db: Database
  queue: Queue
  clock: Clock
  /** The AML check's own screening (the lists in the database, or yente). */
  screenCase: (screened: ScreenedCase) => Promise<AmlResult>
  /** Cases after an id, in id order, with their owners (cases module). */
  casesPage: (q: Queryable, afterId: number, limit: number) => Promise<ScreenedCase[]>
  latestCompleted: (q: Queryable, name: CheckTypeName, subjectIds: readonly number[]) => Promise<Map<number, CheckRecord>>
  /** The accounts among `accountIds` that have the check type's service, in one read (checks module). */
  enabledAmong: (q: Queryable, name: CheckTypeName, accountIds: readonly number[]) => Promise<Set<number>>
  triggerIfEnabled: (tx: Queryable, name: CheckTypeName, accountId: number, caseId: number, subjectId: number) => Promise<unknown>
}

/** The first batch of a version's re-screen, queued in the import's transaction. */
export const startRescreen = (queue: Queue, tx: Queryable, source: string, version: string) =>
  queue.enqueue(tx, RESCREEN_JOB, { source, version, after: 0 } satisfies RescreenJob)

const hitKeys = (result: AmlResult | undefined) => (result?.hits ?? []).map((h) => `${h.source} ${h.entityId}`).sort().join('\n')

/**
 * One batch of the re-screen an import starts: every case whose account has AML is screened again,
 * and those whose hits changed get a new AML check (its attempt and check.completed event); the
 * others get nothing. The batch's progress, its new checks and the next batch's job commit together.
 */
export function createRescreenJob (deps: RescreenDeps) {
  return async (job: JobContext<RescreenJob>): Promise<void> => {
    const { source, version, after } = job.data
    const page = await deps.casesPage(deps.db, after, BATCH)
    const enabled = await deps.enabledAmong(deps.db, 'AML', [...new Set(page.map((c) => c.accountId))])
    const batch = page.filter((c) => enabled.has(c.accountId))
    const latest = await deps.latestCompleted(deps.db, 'AML', batch.map((c) => c.id))
    const changed: ScreenedCase[] = []
    for (const screened of batch) {
      let result: AmlResult
      try {
        result = await deps.screenCase(screened)
      } catch (error) {
        // A name over the screening budget must not stall the batch: its case gets a new check, which fails saying why.
        if (!(error instanceof CheckCannotComplete)) throw error
        changed.push(screened)
        continue
      }
      if (hitKeys(result) !== hitKeys(latest.get(screened.id)?.result as AmlResult | undefined)) changed.push(screened)
    }
    const done = page.length < BATCH
    await deps.db.transaction(async (tx) => {
      const to = page.at(-1)?.id ?? after
      if (!await repo.advanceRescreen(tx, { source, version, after, to, cases: batch.length, changed: changed.length, done, at: new Date(deps.clock.now()) })) return
      for (const c of changed) await deps.triggerIfEnabled(tx, 'AML', c.accountId, c.id, c.id)
      if (!done) await deps.queue.enqueue(tx, RESCREEN_JOB, { source, version, after: to } satisfies RescreenJob)
    })
  }
}
