import type { CheckTypeDefinition } from './modules/checks/index.ts'
import { bavCheckType } from './modules/bav/index.ts'
import { documentExtractionCheckType, documentRiskCheckType } from './modules/documents/index.ts'
import { kycCheckType } from './modules/kyc/index.ts'
import { amlCheckType } from './modules/screening/index.ts'

/**
 * The check types this build runs, one line each: the checks pipeline, its queues, the catalogue,
 * the API description's checkType and result union, and the triggers all come from this list
 * (docs/architecture.md, "Add a check type"). Its order is the order the API lists them in.
 */
export const CHECK_TYPES: readonly CheckTypeDefinition[] = [
  bavCheckType,
  amlCheckType,
  kycCheckType,
  documentExtractionCheckType,
  documentRiskCheckType,
]
