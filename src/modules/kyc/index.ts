export { KYC_QUEUE, kycCheckType } from './kyc-check.ts'
export type { KycCase } from './kyc-check.ts'
