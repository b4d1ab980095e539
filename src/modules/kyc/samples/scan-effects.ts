// Kept until bench/kyc/make-set.ts imports scripts/samples/identity-documents/ itself.
export * from '../../../../scripts/samples/identity-documents/scan-effects.ts'
