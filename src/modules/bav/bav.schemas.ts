import { Type, type Static } from 'typebox'

export const BavAttempt = Type.Object({
  id: Type.Integer(),
  createTs: Type.String({ description: 'ISO 8601 UTC timestamp' }),
  bankName: Type.Union([Type.String(), Type.Null()]),
  riskRating: Type.Object({
    id: Type.Integer({ description: '1 Low, 2 Medium, 3 High' }),
    name: Type.String({ description: 'Low, Medium or High' }),
  }),
}, { $id: 'BavAttempt', examples: [{ id: 7, createTs: '2026-11-22T10:15:30.000Z', bankName: 'Sandbox Albion Bank', riskRating: { id: 1, name: 'Low' } }] })
export type BavAttemptView = Static<typeof BavAttempt>

export const BavCheckAccepted = Type.Object({
  bankAccountId: Type.Integer(),
  status: Type.Literal('queued'),
}, { $id: 'BavCheckAccepted', examples: [{ bankAccountId: 5, status: 'queued' }] })
