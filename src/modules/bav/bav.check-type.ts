import type { Queryable } from '../../infra/db/database.ts'
import { type CheckType, defineCheckType } from '../checks/index.ts'
import type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'
import * as repo from './bav.repository.ts'
import { BavCheckResult, type BavAttemptView } from './bav.schemas.ts'

/** The queue BAV checks run on (its name predates the checks pipeline; jobs already queued keep running). */
export const bavQueue = (retry: { limit: number, delaySeconds: number }): CheckType['queue'] =>
  ({ name: 'bav.check', retryLimit: retry.limit, retryDelaySeconds: retry.delaySeconds, concurrency: 16 })

export interface BavCheckDeps {
  provider: BavProvider | null
  unavailableReason: string | null
  retry: { limit: number, delaySeconds: number }
  /** An active (not soft-deleted) bank account, from the bank-accounts module. */
  findActiveBankAccount: (q: Queryable, id: number) => Promise<BavSubject | undefined>
  /** Locks an active bank account (from the bank-accounts module); false when it was deleted. */
  lockActiveBankAccount: (tx: Queryable, id: number) => Promise<boolean>
}

/**
 * BAV as a check type: a bank account verified by the provider. Besides the pipeline's check
 * record and check.* events it keeps the contract's own view, bavAttemptHistory and the
 * bank_account.bav_* events, written and sent with each result.
 */
export function bavCheckType (deps: BavCheckDeps) {
  return defineCheckType<BavSubject, BavResult>({
    name: 'BAV',
    subjectType: 'bankAccount',
    subjectField: 'bankAccountId',
    resultSchema: BavCheckResult,
    queue: bavQueue(deps.retry),
    provider: deps.provider,
    unavailableReason: deps.unavailableReason,
    loadSubject: deps.findActiveBankAccount,
    lockSubject: deps.lockActiveBankAccount,
    async onCompleted (tx, check, account, result) {
      const attempt: BavAttemptView = { id: check.id, createTs: check.completedTs!, bankName: result.bankName, riskRating: check.riskRating! }
      await repo.prependAttempt(tx, account.id, JSON.stringify(attempt))
      return [{ type: 'bank_account.bav_completed', data: { caseId: account.caseId, bankAccountId: account.id, bavAttempt: attempt } }]
    },
    onFailed: async (_tx, _check, account, reason) =>
      [{ type: 'bank_account.bav_failed', data: { caseId: account.caseId, bankAccountId: account.id, reason } }],
  })
}
