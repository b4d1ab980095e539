export { kycCheckType } from './kyc.check-type.ts'
