import { NotFound } from '../../infra/http/api-error.ts'
import type { Caller } from '#shared/caller.ts'
import { CheckServiceNotEnabled, CheckSubjectNotFound, type ChecksService } from '../checks/index.ts'
import { BavNotEnabled } from './bav.errors.ts'

export type BavService = ReturnType<typeof createBavService>

export function createBavService ({ checks }: { checks: ChecksService }) {
  return {
    /** A new attempt on request (the contract's bav-checks route): a BAV check through the pipeline, in the route's own answers. */
    async requestCheck (caller: Caller, caseId: number, bankAccountId: number): Promise<void> {
      try {
        await checks.request(caller, caseId, { checkType: 'BAV', bankAccountId })
      } catch (err) {
        if (err instanceof CheckSubjectNotFound) throw new NotFound()
        if (err instanceof CheckServiceNotEnabled) throw new BavNotEnabled(err.reason)
        throw err
      }
    },
  }
}
