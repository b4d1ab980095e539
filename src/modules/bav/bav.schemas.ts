import { Type, type Static } from 'typebox'

export const BavAttempt = Type.Object({
  id: Type.Integer({ description: 'The id of the BAV check that made it (GET /api/cases/{caseId}/checks/{id})' }),
  createTs: Type.String({ description: 'ISO 8601 UTC timestamp' }),
  bankName: Type.Union([Type.String(), Type.Null()]),
  riskRating: Type.Object({
    id: Type.Integer({ description: '1 Low, 2 Medium, 3 High' }),
    name: Type.String({ description: 'Low, Medium or High' }),
  }),
}, { $id: 'BavAttempt', examples: [{ id: 7, createTs: '2026-11-22T10:15:30.000Z', bankName: 'Sandbox Albion Bank', riskRating: { id: 1, name: 'Low' } }] })
export type BavAttemptView = Static<typeof BavAttempt>

/** A completed BAV check's result (its risk rating is the check's). */
export const BavCheckResult = Type.Object({
  bankName: Type.Union([Type.String(), Type.Null()], { description: 'The bank the sort code belongs to, when known' }),
}, { $id: 'BavCheckResult', description: 'BAV', examples: [{ bankName: 'Sandbox Albion Bank' }] })

export const BavCheckAccepted = Type.Object({
  bankAccountId: Type.Integer(),
  status: Type.Literal('queued'),
}, { $id: 'BavCheckAccepted', examples: [{ bankAccountId: 5, status: 'queued' }] })
