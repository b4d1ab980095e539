import type { Database, Queryable } from '../../infra/db/database.ts'
import { NotFound } from '../../infra/http/api-error.ts'
import { type JobContext, JOB_HEARTBEAT_SECONDS, type Queue, type QueueDefinition } from '../../infra/queue/queue.ts'
import type { Caller } from '../../shared/caller.ts'
import type { Clock } from '../../shared/clock.ts'
import type { PublishEvent } from '../../shared/events.ts'
import type { ServicesCatalogue } from '../services-catalogue/index.ts'
import { type BavCheckInput, type BavProvider, BavProviderUnavailable } from './bav-provider.ts'
import { BavNotEnabled } from './bav.errors.ts'
import * as repo from './bav.repository.ts'

export const BAV_CHECK_JOB = 'bav.check'

export interface BankAccountForCheck extends BavCheckInput { id: number, caseId: number, accountId: number }

export interface BavDeps {
  db: Database
  queue: Queue
  clock: Clock
  catalogue: ServicesCatalogue
  provider: BavProvider | null
  /** Why BAV is unavailable in this deployment, when it is. */
  unavailableReason: string | null
  /** An active (not soft-deleted) bank account, from the bank-accounts module. */
  findActiveBankAccount: (q: Queryable, id: number) => Promise<BankAccountForCheck | undefined>
  /** Locks an active bank account before its attempt is recorded (from the bank-accounts module); false when it was deleted. */
  lockActiveBankAccount: (tx: Queryable, id: number) => Promise<boolean>
  publish: PublishEvent
  log: { warn (obj: object, msg: string): void, error (obj: object, msg: string): void }
  retry: { limit: number, delaySeconds: number }
}

export type BavService = ReturnType<typeof createBavService>

export function bavQueues (retry: BavDeps['retry']): QueueDefinition[] {
  return [{
    name: BAV_CHECK_JOB, retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: true, retryDelayMax: 600,
    expireInSeconds: 120, heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  }]
}

export function createBavService (deps: BavDeps) {
  const { db, queue, catalogue } = deps

  const isEnabledFor = async (q: Queryable, accountId: number) =>
    deps.provider !== null && catalogue.hasCheckType((await catalogue.enabledFor(q, [accountId])).get(accountId) ?? [], 'BAV')

  const enqueueCheck = (tx: Queryable, bankAccountId: number) => queue.enqueue(tx, BAV_CHECK_JOB, { bankAccountId })

  return {
    /** The BAV history of each bank account as JSON text (most recent first) and its latest attempt, in one query. */
    historiesJson: (q: Queryable, bankAccountIds: number[]) => repo.historiesJson(q, bankAccountIds),

    /** Called in the bank account's own transaction (the API contract): the check exists iff the account does. */
    async enqueueIfEnabled (tx: Queryable, accountId: number, bankAccountId: number): Promise<boolean> {
      if (!await isEnabledFor(tx, accountId)) return false
      await enqueueCheck(tx, bankAccountId)
      return true
    },

    /** A new attempt on request: this is how bavAttemptHistory grows. */
    async requestCheck (caller: Caller, caseId: number, bankAccountId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const account = await deps.findActiveBankAccount(tx, bankAccountId)
        if (!account || account.caseId !== caseId || account.accountId !== caller.accountId) throw new NotFound()
        if (!await isEnabledFor(tx, caller.accountId)) throw new BavNotEnabled(deps.unavailableReason)
        await enqueueCheck(tx, bankAccountId)
      })
    },


    /** The bav.check job. Idempotent: at most one attempt per job, whatever crashes or retries. */
    async runCheck (job: JobContext<{ bankAccountId: number }>): Promise<void> {
      const account = await deps.findActiveBankAccount(db, job.data.bankAccountId)
      if (!account) return // soft-deleted since it was queued: no longer eligible (the API contract)
      if (!deps.provider) return
      if (await repo.existsForJob(db, job.id)) return
      let result
      try {
        result = await deps.provider.check(account)
      } catch (err) {
        const lastTry = job.retryCount >= deps.retry.limit
        deps.log.warn({ err, jobId: job.id, bankAccountId: account.id, retryCount: job.retryCount, lastTry }, 'BAV provider call failed')
        if (lastTry && err instanceof BavProviderUnavailable) {
          await db.transaction(async (tx) => {
            if (!await deps.lockActiveBankAccount(tx, account.id)) return
            await deps.publish(tx, account.accountId, 'bank_account.bav_failed', {
              caseId: account.caseId, bankAccountId: account.id, reason: 'The BAV provider was unavailable; request a new check later.',
            })
          })
        }
        throw err
      }
      await db.transaction(async (tx) => {
        if (!await deps.lockActiveBankAccount(tx, account.id)) return // deleted while the provider answered
        const attempt = await repo.insertOnce(tx, {
          bankAccountId: account.id, jobId: job.id, createTs: new Date(deps.clock.now()),
          bankName: result.bankName, riskRating: result.riskRating, provider: deps.provider!.name,
        })
        if (attempt) {
          await repo.refreshHistory(tx, account.id)
          await deps.publish(tx, account.accountId, 'bank_account.bav_completed', { caseId: account.caseId, bankAccountId: account.id, bavAttempt: attempt })
        }
      })
    },
  }
}
