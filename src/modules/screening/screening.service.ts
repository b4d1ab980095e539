import type { Database, Queryable } from '../../infra/db/database.ts'
import type { Queue } from '../../infra/queue/queue.ts'
import { NotFound } from '../../infra/http/api-error.ts'
import type { Caller } from '#shared/caller.ts'
import type { Clock } from '#shared/clock.ts'
import type { ChecksService } from '../checks/index.ts'
import { type ImportProgress, importList } from './list-import.ts'
import type { ListFormat } from './lists/index.ts'
import type { AmlResult, HitDecision, HitDecisionBody } from './screening.schemas.ts'
import * as repo from './screening.repository.ts'
import { startRescreen } from './rescreen.ts'

export type ScreeningService = ReturnType<typeof createScreeningService>

export interface ScreeningDeps {
  db: Database
  clock: Clock
  queue: Queue
  checks: ChecksService
  /** 404 (never 403) when the case is not the caller's, from the cases module. */
  assertCaseOwned: (q: Queryable, caller: Caller, caseId: number) => Promise<void>
}

export function createScreeningService ({ db, clock, queue, checks, assertCaseOwned }: ScreeningDeps) {
  return {
    /**
     * An analyst's decision on a hit of a completed AML check of the caller's case; a false positive
     * is left out of that case's later screenings. 404 (empty) for any hit that is not there.
     */
    async decideHit (caller: Caller, caseId: number, checkId: number, hitId: number, { decision }: HitDecisionBody): Promise<void> {
      const check = await checks.get(caller, caseId, checkId)
      const hit = check.checkType === 'AML' && check.status === 'completed' ? (check.result as AmlResult).hits.find((h) => h.id === hitId) : undefined
      if (!hit) throw new NotFound()
      await repo.recordDecision(db, { caseId, source: hit.source, entityId: hit.entityId, decision, checkId, hitId, at: new Date(clock.now()) })
    },

    /** The decisions on the case's hits, newest first (one per listed entry: deciding again replaces it). */
    async decisions (caller: Caller, caseId: number): Promise<HitDecision[]> {
      await assertCaseOwned(db, caller, caseId) // 404 for another account's case
      const rows = await repo.listDecisions(db, caseId)
      return rows.map((r) => ({ ...r, decidedAt: new Date(r.decidedAt).toISOString() }))
    },

    /** `idcheck screening import`: replaces the source's entries with the file's, and starts the re-screen of AML cases. */
    importList: (path: string, format: ListFormat, source: string, onProgress?: (progress: ImportProgress) => void) =>
      importList(db, { path, format, source, now: new Date(clock.now()) }, (tx, version) => startRescreen(queue, tx, version.source, version.version), onProgress),

    /** The lists in use, one version per source. */
    lists: () => repo.listVersions(db),
  }
}
