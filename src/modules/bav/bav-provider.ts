import type { CheckProvider } from '../checks/index.ts'
import type { BavCheckResultView } from './bav.schemas.ts'

/** A bank account as a BAV provider sees it (from the bank-accounts module). */
export interface BavSubject {
  id: number
  caseId: number
  accountId: number
  countryCode: string
  firstName: string
  middleNames: string | null
  lastName: string
  sortCode: string
  accountNumber: string
  bankName: string | null
}

/** What a BAV check finds besides its risk rating (the BavCheckResult schema). */
export type BavResult = BavCheckResultView

/**
 * The seam between BAV and whoever verifies bank accounts: the sandbox provider in sandbox mode,
 * an adapter in production. A transient failure throws ProviderUnavailable (from checks).
 */
export type BavProvider = CheckProvider<BavSubject, BavResult>
