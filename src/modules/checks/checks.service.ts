import type { Database, Queryable } from '../../infra/db/database.ts'
import { NotFound, ValidationFailed } from '../../infra/http/api-error.ts'
import type { JobContext, QueueDefinition, Queue } from '../../infra/queue/queue.ts'
import { JOB_HEARTBEAT_SECONDS } from '../../infra/queue/queue.ts'
import type { Caller } from '#shared/caller.ts'
import type { Clock } from '#shared/clock.ts'
import type { PublishEvents } from '#shared/published-events.ts'
import type { ServicesCatalogue } from '../services-catalogue/index.ts'
import type { SubjectAdded } from '#shared/domain-events.ts'
import { CheckCannotComplete, type CheckQueue, type CheckRecord, type CheckType, type CheckTypeName, ProviderUnavailable, type Subject, type SubjectType } from './check-type.ts'
import { claimCheck, type Lease } from './check-lease.ts'
import { type AdmissionLimits, createAdmission, lockAccount, type Need } from './checks-admission.ts'
import { CheckAlreadyPending, CheckServiceNotEnabled, CheckSubjectNotFound } from './checks.errors.ts'
import * as repo from './checks.repository.ts'

export interface ChecksDeps {
  db: Database
  queue: Queue
  clock: Clock
  catalogue: ServicesCatalogue
  /** 404 (never 403) when the case is not the caller's, from the cases module. */
  assertCaseOwned: (q: Queryable, caller: Caller, caseId: number) => Promise<void>
  types: readonly CheckType<any, any>[]
  publish: PublishEvents
  log: { warn (obj: object, msg: string): void }
  /** Per-account limits on checks in flight and OCR pages per hour (config checkAdmission). */
  admission: AdmissionLimits
  /** How long a runner's claim on a check lasts unless renewed (config checkLeaseSeconds). */
  leaseSeconds: number
}

export interface CheckRequest { checkType: CheckTypeName, bankAccountId?: number, documentId?: number }

/** The job's data: the check it settles. */
export interface CheckJob { checkId: number }

export type ChecksService = ReturnType<typeof createChecksService>

/** The check types' queues, with their retry policies (made before the types, which need the queue). */
export function checkQueues (queues: readonly CheckQueue[]): QueueDefinition[] {
  return queues.map((queue) => ({
    name: queue.name, retryLimit: queue.retryLimit, retryDelay: queue.retryDelaySeconds, retryBackoff: true, retryDelayMax: 600,
    expireInSeconds: 120, heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  }))
}

const deletedReason = (check: CheckRecord) =>
  `The ${check.subject.type === 'bankAccount' ? 'bank account' : check.subject.type} was deleted before the check completed.`

/** Another run settled the check first: its transaction is rolled back. */
class AlreadySettled extends Error {}

const withoutMark = ({ existing: _existing, ...check }: CheckRecord & { existing: boolean }): CheckRecord => check

/** The public view: the record without its owner. */
export const checkView = ({ accountId: _owner, ...view }: CheckRecord) => view

export function createChecksService (deps: ChecksDeps) {
  const { db, queue, clock, catalogue } = deps
  const types = new Map(deps.types.map((t) => [t.name, t]))
  const typeOf = (name: CheckTypeName) => types.get(name)

  /** Whether the account has the type's service here (false when it is not offered in this deployment). */
  const enabled = async (q: Queryable, type: CheckType<any, any>, accountId: number) =>
    type.provider !== null && (await catalogue.enabledAmong(q, type.service.name, [accountId])).has(accountId)

  const assertRoomFor = createAdmission(deps.admission, clock, deps.types.filter((t) => t.pagesToRead).map((t) => t.name).sort())

  /** Takes the account's admission lock and checks its limits for a new check of `type` on the subject; the pages it will read by OCR. */
  const admit = async (tx: Queryable, type: CheckType<any, any>, accountId: number, subjectId: number): Promise<number> => {
    await lockAccount(tx, accountId)
    const ocrPages = type.pagesToRead ? await type.pagesToRead(tx, subjectId) : 0
    await assertRoomFor(tx, accountId, { checkTypes: [type.name], ocrPages })
    return ocrPages
  }

  /**
   * The check row and its job, on the caller's transaction: the check exists iff its job does.
   * When a check of the type is pending on the subject already, that one is returned, marked `existing`.
   */
  const enqueue = async (tx: Queryable, type: CheckType<any, any>, accountId: number, caseId: number, subjectId: number, ocrPages: number) => {
    const made = await repo.insertPending(tx, { accountId, caseId, checkType: type.name, subjectType: type.subjectType, subjectId, createTs: new Date(clock.now()), ocrPages })
    if (!made) {
      const pending = await repo.findPending(tx, type.name, type.subjectType, subjectId)
      return pending ? { ...pending, existing: true } : null
    }
    // In the queue, an account's nth pending check of a type waits behind every other account's first n.
    await queue.enqueue(tx, type.queue.name, { checkId: made.check.id } satisfies CheckJob, { priority: -made.queuedBefore })
    return { ...made.check, existing: false }
  }

  /**
   * A triggered check of an enabled type, in the subject's transaction. An upload's checks are the
   * client's request and count against its limits (a 429 undoes the upload); a case's AML, a bank
   * account's BAV and a re-screen are never refused (docs/decisions.md).
   */
  const start = async (tx: Queryable, type: CheckType<any, any>, accountId: number, caseId: number, subjectId: number): Promise<CheckRecord | null> => {
    const ocrPages = type.subjectType === 'document' ? await admit(tx, type, accountId, subjectId) : 0
    const check = await enqueue(tx, type, accountId, caseId, subjectId, ocrPages)
    return check && withoutMark(check)
  }

  /** Records a failure once, with check.failed and the type's own event, when the subject still exists. */
  const fail = async (check: CheckRecord, type: CheckType<any, any>, subject: Subject | undefined, reason: string) => {
    await db.transaction(async (tx) => {
      const kept = subject !== undefined && await type.lockSubject(tx, check.subject.id)
      const failed = await repo.settle(tx, check.id, 'failed', { completedTs: new Date(clock.now()), riskRatingId: null, result: null, failureReason: reason, provider: type.provider?.name ?? null })
      if (!failed) return
      const own = kept && type.onFailed ? await type.onFailed(tx, failed, subject, reason) : []
      await deps.publish(tx, check.accountId, [{ type: 'check.failed', data: { caseId: check.caseId, check: checkView(failed) } }, ...own])
    })
  }

  /**
   * A job queued before checks existed names its subject (BAV: { bankAccountId }), not a check:
   * it gets its check now, so an upgrade with jobs in the queue loses none. -1: the subject is gone.
   */
  const adopt = async (type: CheckType<any, any>, data: Record<string, unknown>): Promise<number> => {
    const subjectId = data[type.subjectField ?? 'caseId']
    const subject = typeof subjectId === 'number' ? await type.loadSubject(db, subjectId) : undefined
    if (!subject) return -1
    const made = await repo.insertPending(db, { accountId: subject.accountId, caseId: subject.caseId, checkType: type.name, subjectType: type.subjectType, subjectId: subjectId as number, createTs: new Date(clock.now()) })
    return made?.check.id ?? (await repo.findPending(db, type.name, type.subjectType, subjectId as number))?.id ?? -1
  }

  /** The provider's part of a run, by the holder of the check's claim. */
  const settleClaimed = async (job: JobContext<CheckJob>, check: CheckRecord, type: CheckType<any, any>, lease: Lease): Promise<void> => {
    const subject = await type.loadSubject(db, check.subject.id)
    if (!subject) return fail(check, type, undefined, deletedReason(check))
    if (!type.provider) return fail(check, type, subject, type.unavailableReason ?? `No ${type.name} provider is configured.`)
    let answer
    try {
      answer = await type.provider.run(subject)
    } catch (err) {
      if (err instanceof CheckCannotComplete) return fail(check, type, subject, err.message)
      const lastTry = job.retryCount >= type.queue.retryLimit
      deps.log.warn({ err, jobId: job.id, checkId: check.id, checkType: type.name, retryCount: job.retryCount, lastTry }, 'check provider call failed')
      if (lastTry) await fail(check, type, subject, err instanceof ProviderUnavailable ? `The ${type.name} provider was unavailable; request a new check later.` : 'The check could not be completed; request a new check later.')
      else await lease.release() // the retry may claim it at once
      throw err
    }
    const recorded = await db.transaction(async (tx) => {
      // Locked first, so results on one subject commit in the order of their timestamps.
      if (!await type.lockSubject(tx, check.subject.id)) return false
      const result = type.prepareResult ? await type.prepareResult(tx, check, subject, answer.result) : answer.result
      const completed = await repo.settle(tx, check.id, 'completed', {
        completedTs: new Date(clock.now()), riskRatingId: answer.riskRating.id, result, failureReason: null, provider: type.provider!.name,
      })
      if (!completed) {
        if (type.prepareResult) throw new AlreadySettled() // undo what prepareResult wrote
        return true
      }
      const own = type.onCompleted ? await type.onCompleted(tx, completed, subject, result) : []
      await deps.publish(tx, check.accountId, [{ type: 'check.completed', data: { caseId: check.caseId, check: checkView(completed) } }, ...own])
      return true
    }).catch((err) => { if (err instanceof AlreadySettled) return true; throw err })
    if (!recorded) await fail(check, type, undefined, deletedReason(check))
  }

  return {
    /** The registered check types' names, in registration order. */
    typeNames: deps.types.map((t) => t.name),

    /**
     * A trigger: called in the subject's own transaction, so the subject and its check commit
     * together. Nothing happens when the account does not have the service.
     */
    async triggerIfEnabled (tx: Queryable, name: CheckTypeName, accountId: number, caseId: number, subjectId: number): Promise<CheckRecord | null> {
      const type = typeOf(name)
      if (!type || !await enabled(tx, type, accountId)) return null
      return start(tx, type, accountId, caseId, subjectId)
    },

    /**
     * A subject was added (in its transaction): every check type whose trigger takes it starts, when
     * the account has its service (asked once for all of them).
     */
    async onSubjectAdded (tx: Queryable, added: SubjectAdded): Promise<void> {
      const triggered = deps.types.filter((type) => type.provider && type.trigger?.on === 'added' && type.subjectType === added.subjectType && (!type.trigger.when || type.trigger.when(added)))
      if (triggered.length === 0) return
      const on = new Set((await catalogue.enabledFor(tx, [added.accountId])).get(added.accountId)?.map((s) => s.checkType))
      for (const type of triggered) {
        if (on.has(type.service.name)) await start(tx, type, added.accountId, added.caseId, added.subjectId)
      }
    },

    /**
     * The check types that start by themselves when a subject of this type is added and that the
     * account has (`enabled`), and the catalogue names of all of them (`services`), in catalogue order.
     */
    async startedBy (q: Queryable, accountId: number, subjectType: SubjectType): Promise<{ enabled: CheckType<any, any>[], services: string[] }> {
      const triggered = deps.types.filter((t) => t.trigger && t.subjectType === subjectType).sort((a, b) => a.service.id - b.service.id)
      const on = new Set((await catalogue.enabledFor(q, [accountId])).get(accountId)?.map((s) => s.checkType))
      return { enabled: triggered.filter((t) => t.provider && on.has(t.service.name)), services: triggered.map((t) => t.service.name) }
    },

    /** The accounts among `accountIds` that have the type's service here, in one read. */
    async enabledAmong (q: Queryable, name: CheckTypeName, accountIds: readonly number[]): Promise<Set<number>> {
      const type = typeOf(name)
      return type?.provider ? catalogue.enabledAmong(q, type.service.name, accountIds) : new Set()
    },

    /**
     * 429 (TooManyChecks) when the account has no room for the checks `need` would start; the
     * upload route asks before it reads a body. Without a lock: the checks' own insert asks again.
     */
    assertRoomFor: (q: Queryable, accountId: number, need: Need): Promise<void> => assertRoomFor(q, accountId, need),

    /** A check on request (POST /api/cases/{caseId}/checks, and BAV's own bav-checks route). */
    async request (caller: Caller, caseId: number, body: CheckRequest): Promise<CheckRecord> {
      return db.transaction(async (tx) => {
        await deps.assertCaseOwned(tx, caller, caseId)
        const type = typeOf(body.checkType)
        if (!type) throw new Error(`no check type ${body.checkType} is registered`) // the body's schema allows only registered types
        const subjectId = type.subjectField ? body[type.subjectField] : caseId
        if (subjectId === undefined) throw new ValidationFailed([`The ${type.subjectField} field is required for a ${type.name} check.`])
        const subject = await type.loadSubject(tx, subjectId)
        if (!subject || subject.caseId !== caseId || subject.accountId !== caller.accountId) throw new CheckSubjectNotFound(type.subjectField!, subjectId)
        const refusal = type.refuse?.(subject)
        if (refusal) throw new ValidationFailed([refusal])
        if (!await enabled(tx, type, caller.accountId)) throw new CheckServiceNotEnabled(type.name, type.unavailableReason)
        const pending = await repo.findPending(tx, type.name, type.subjectType, subjectId)
        if (pending) throw new CheckAlreadyPending(pending.id)
        const ocrPages = await admit(tx, type, caller.accountId, subjectId)
        const check = await enqueue(tx, type, caller.accountId, caseId, subjectId, ocrPages)
        if (!check) throw new CheckServiceNotEnabled(type.name, type.unavailableReason)
        if (check.existing) throw new CheckAlreadyPending(check.id) // made by a concurrent request since the look above
        return withoutMark(check)
      })
    },

    async list (caller: Caller, caseId: number): Promise<CheckRecord[]> {
      const checks = await repo.listOwned(db, caller.accountId, caseId)
      if (checks.length === 0) await deps.assertCaseOwned(db, caller, caseId) // an empty list, or not the caller's case (404)
      return checks
    },

    /** The newest check of each type on a subject (a document's latest extraction and risk result). */
    async latestOf (caller: Caller, subjectType: SubjectType, subjectId: number): Promise<Map<CheckTypeName, CheckRecord>> {
      const checks = await repo.latestOfSubject(db, caller.accountId, subjectType, subjectId)
      return new Map(checks.map((c) => [c.checkType, c]))
    },

    /** The newest completed check of a type on each subject, by subject id (for a re-screen's comparison). */
    async latestCompleted (q: Queryable, name: CheckTypeName, subjectIds: readonly number[]): Promise<Map<number, CheckRecord>> {
      const type = typeOf(name)
      if (!type || subjectIds.length === 0) return new Map()
      const checks = await repo.latestCompleted(q, name, type.subjectType, subjectIds)
      return new Map(checks.map((c) => [c.subject.id, c]))
    },

    async get (caller: Caller, caseId: number, id: number): Promise<CheckRecord> {
      const check = await repo.findOwned(db, caller.accountId, caseId, id)
      if (!check) throw new NotFound()
      return check
    },

    /**
     * The job of every check type. Idempotent: a check is settled once, so a job run twice (a
     * redelivery, a retry after a crash) records one result and sends one event.
     */
    async run (job: JobContext<CheckJob>): Promise<void> {
      const check = await repo.find(db, job.data.checkId)
      if (!check || check.status !== 'pending') return
      const type = typeOf(check.checkType)
      if (!type) return // a type this build no longer has: left pending for the build that does
      const lease = await claimCheck(db, check.id, deps.leaseSeconds, () =>
        deps.log.warn({ jobId: job.id, checkId: check.id, checkType: type.name }, 'check claim lapsed while its provider ran; another runner may take it'))
      if (lease === 'settled') return
      if (typeof lease === 'number') {
        // Another runner is alive on it: come back when its claim would lapse, so a dead run is still finished.
        const priority = -await repo.queuedBefore(db, check)
        await queue.enqueue(db, type.queue.name, { checkId: check.id } satisfies CheckJob, { startAfter: Math.ceil(lease) + 1, priority })
        return
      }
      try {
        await settleClaimed(job, check, type, lease)
      } finally {
        lease.stop()
      }
    },

    /** One job per type's queue, for the workers. */
    jobs () {
      return deps.types.map((type) => ({
        name: type.queue.name,
        concurrency: type.queue.concurrency,
        run: async (job: JobContext<Record<string, unknown>>) =>
          this.run({ ...job, data: { checkId: typeof job.data.checkId === 'number' ? job.data.checkId : await adopt(type, job.data) } }),
      }))
    },
  }
}
