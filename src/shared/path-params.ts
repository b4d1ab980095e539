import { Type } from 'typebox'

/** A positive 32-bit id in the path (a PostgreSQL integer key); the 400 message names the parameter. */
const pathId = (name: string) => Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: `The ${name} in the path must be a positive integer.` })

/** /api/accounts/{id} and /api/webhooks/{id}: an account or webhook endpoint of the caller. */
export const IdParams = Type.Object({ id: pathId('id') })

/** /api/cases/{caseId} */
export const CaseParams = Type.Object({ caseId: pathId('caseId') })

/** /api/cases/{caseId}/<bank-accounts, checks or documents>/{id}: one item of a case. */
const CaseItemParams = Type.Object({ caseId: pathId('caseId'), id: pathId('id') })
export const BankAccountParams = CaseItemParams
export const CheckParams = CaseItemParams
export const DocumentParams = CaseItemParams

/** /api/cases/{caseId}/checks/{id}/hits/{hitId}: one hit of an AML check. */
export const HitParams = Type.Object({ caseId: pathId('caseId'), id: pathId('id'), hitId: pathId('hitId') })

/** /api/webhooks/{id}/deliveries/{deliveryId} */
export const DeliveryParams = Type.Object({ id: pathId('id'), deliveryId: pathId('deliveryId') })

/** /api/sandbox/sample-documents/{name} */
export const SampleDocumentParams = Type.Object({ name: Type.String({ maxLength: 100, description: 'A sample file name, e.g. clean-statement.pdf' }) })
