import { Type, type Static, type TSchema } from 'typebox'
const id = (field: string) => Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: `The ${field} field must be a positive integer.` })

/** The request body, its checkType one of the registered types' names. */
export function createCheckBody (names: readonly string[]) {
  const message = `The checkType field must be one of: ${names.join(', ')}.`
  return Type.Object({
    checkType: Type.Union(names.map((t) => Type.Literal(t, { errorMessage: message })), { description: 'Which check to run' }),
    bankAccountId: Type.Optional({ ...id('bankAccountId'), description: 'BAV: the bank account of this case to verify' }),
    documentId: Type.Optional({ ...id('documentId'), description: 'KYC, DocumentExtraction, DocumentRisk: the document of this case to check' }),
  }, { examples: [{ checkType: 'BAV', bankAccountId: 5 }] })
}
export type CreateCheckBody = Static<ReturnType<typeof createCheckBody>>

/** 409: a check of this type on this subject is pending; its result will answer this request too. */
export const PendingCheckBody = Type.Object({
  pendingCheckId: Type.Integer({ description: 'The pending check of the same type on the same subject; its result arrives by webhook and at its Location' }),
}, { $id: 'PendingCheck', examples: [{ pendingCheckId: 41 }] })

const RiskRating = Type.Object({
  id: Type.Integer({ description: '1 Low, 2 Medium, 3 High' }),
  name: Type.String({ description: 'Low, Medium or High' }),
})

export const checkExample = {
  id: 41, caseId: 17, checkType: 'BAV', subject: { type: 'bankAccount', id: 5 }, status: 'completed',
  createTs: '2026-11-22T10:15:30.120Z', completedTs: '2026-11-22T10:15:30.410Z', riskRating: { id: 1, name: 'Low' },
  result: { bankName: 'Sandbox Albion Bank', modulus: 'pass', holder: { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' } },
  failureReason: null,
}

const idOf = (schema: TSchema): string => {
  const id = (schema as { $id?: string }).$id
  if (!id) throw new Error('a check type\'s result schema needs an $id')
  return id
}

/** The Check schema, with `checkType` one of the registered types' names and `result` one of their result schemas (each has its own $id). */
export function checkSchema (names: readonly string[], resultSchemas: readonly TSchema[]) {
  return Type.Object({
    id: Type.Integer(),
    caseId: Type.Integer(),
    checkType: Type.Union(names.map((t) => Type.Literal(t))),
    subject: Type.Object({
      type: Type.Union([Type.Literal('case'), Type.Literal('bankAccount'), Type.Literal('document')]),
      id: Type.Integer(),
    }, { description: 'What was checked: the case itself (AML), a bank account (BAV) or a document' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]),
    createTs: Type.String({ description: 'When the check was requested (ISO 8601 UTC)' }),
    completedTs: Type.Union([Type.String(), Type.Null()], { description: 'When it completed or failed; null while pending' }),
    riskRating: Type.Union([RiskRating, Type.Null()], { description: 'The same scale for every check type; null unless completed' }),
    result: Type.Union([...resultSchemas.map((s) => Type.Ref(idOf(s))), Type.Null()], { description: "The check type's own result; null unless completed" }),
    failureReason: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed check failed; null otherwise' }),
  }, { $id: 'Check', examples: [checkExample] })
}
