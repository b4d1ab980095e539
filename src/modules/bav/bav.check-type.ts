import { defineCheckType } from '../checks/index.ts'
import { findActiveBankAccount, lockActiveBankAccount } from '../bank-accounts/index.ts'
import type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'
import * as repo from './bav.repository.ts'
import { BavCheckResult, type BavAttemptView } from './bav.schemas.ts'
import { createProductionBavProvider } from './production-provider.ts'
import { createSandboxBavProvider } from './sandbox-provider.ts'

/**
 * BAV as a check type: a bank account verified by the provider, started when one is added. Besides
 * the pipeline's check record and check.* events it keeps the contract's own view,
 * bavAttemptHistory and the bank_account.bav_* events, written and sent with each result.
 */
export const bavCheckType = defineCheckType<BavSubject, BavResult>({
  name: 'BAV',
  service: { id: 2, code: 'bav', name: 'BAV' },
  subjectType: 'bankAccount',
  subjectField: 'bankAccountId',
  resultSchema: BavCheckResult,
  // Its queue's name predates the checks pipeline; jobs already queued keep running.
  queue: ({ bavRetry }) => ({ name: 'bav.check', retryLimit: bavRetry.limit, retryDelaySeconds: bavRetry.delaySeconds, concurrency: 16 }),
  trigger: { on: 'added' },
  create: ({ config, overrides }) => ({
    // The sandbox's deterministic provider; in production the modulus check, with Confirmation of Payee when BAV_COP_URL is set.
    provider: (overrides.bavProvider as BavProvider | undefined) ?? (config.environment === 'sandbox' ? createSandboxBavProvider() : createProductionBavProvider(config.bavCop)),
    unavailableReason: null,
    loadSubject: findActiveBankAccount,
    lockSubject: lockActiveBankAccount,
    async onCompleted (tx, check, account, result) {
      const attempt: BavAttemptView = { id: check.id, createTs: check.completedTs!, bankName: result.bankName, riskRating: check.riskRating! }
      await repo.prependAttempt(tx, account.id, JSON.stringify(attempt))
      return [{ type: 'bank_account.bav_completed', data: { caseId: account.caseId, bankAccountId: account.id, bavAttempt: attempt } }]
    },
    onFailed: async (_tx, _check, account, reason) =>
      [{ type: 'bank_account.bav_failed', data: { caseId: account.caseId, bankAccountId: account.id, reason } }],
  }),
})
