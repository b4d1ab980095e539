import { Type, type Static } from 'typebox'

const Hit = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'The hit\'s number in this check, for PATCH …/hits/{hitId}' }),
  entityId: Type.String({ description: 'The listed entry\'s id in its source' }),
  source: Type.String({ description: 'The list it comes from (the source given at import)' }),
  name: Type.String({ description: 'The entry\'s primary name, as published' }),
  matchedName: Type.String({ description: 'The entry\'s name (primary or alias) that matched best, as published' }),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'How likely the entry is the case\'s subject; hits are at or above the threshold' }),
  topics: Type.Array(Type.String(), { description: 'sanction, pep, crime…' }),
  birthDates: Type.Array(Type.String(), { description: 'YYYY, YYYY-MM or YYYY-MM-DD' }),
  countries: Type.Array(Type.String(), { description: 'ISO 3166-1 alpha-2, lower case' }),
  explanation: Type.String({ description: 'Why it matched, for the analyst reviewing it' }),
})

export const AmlResult = Type.Object({
  matchStatus: Type.Union([Type.Literal('no_match'), Type.Literal('potential_match')]),
  hits: Type.Array(Hit, { description: 'Best first. An entry decided a false positive for this case is not raised again. A sanction hit rates High, PEP (or other) hits only Medium, none Low.' }),
  lists: Type.Array(Type.Object({ source: Type.String(), version: Type.String({ description: 'sha256 of the imported file' }), importedAt: Type.String({ format: 'date-time' }) }),
    { description: 'The lists screened against' }),
}, {
  $id: 'AmlResult',
  description: 'AML',
  examples: [{
    matchStatus: 'potential_match',
    hits: [{
      id: 1, entityId: 'sbx-viktor-kaine', source: 'sandbox', name: 'Viktor Kaine', matchedName: 'Viktor Kaine', score: 1,
      topics: ['sanction'], birthDates: ['1961-04-12'], countries: ['gb'],
      explanation: 'Name \'Viktor Kaine\' matches listed \'Viktor Kaine\' exactly; date of birth 1961-04-12 agrees.',
    }],
    lists: [{ source: 'sandbox', version: '5f1c…', importedAt: '2026-11-26T09:00:00.000Z' }],
  }],
})
export type AmlResult = Static<typeof AmlResult>
export type AmlHit = AmlResult['hits'][number]

const DECISION_MESSAGE = 'The decision field must be "false_positive" or "true_positive".'

export const HitDecisionBody = Type.Object({
  decision: Type.Union(['false_positive', 'true_positive'].map((d) => Type.Literal(d, { errorMessage: DECISION_MESSAGE })), { description: 'false_positive: not this person or business, not raised again for the case; true_positive: confirmed' }),
}, { additionalProperties: false, examples: [{ decision: 'false_positive' }] })
export type HitDecisionBody = Static<typeof HitDecisionBody>

export const HitDecision = Type.Object({
  source: Type.String({ description: 'The list the hit came from' }),
  entityId: Type.String({ description: "The listed entry's id in that list" }),
  decision: Type.Union([Type.Literal('false_positive'), Type.Literal('true_positive')]),
  checkId: Type.Integer({ description: 'The AML check whose hit was decided' }),
  hitId: Type.Integer({ description: 'The hit of that check' }),
  decidedAt: Type.String({ description: 'ISO 8601 UTC' }),
}, { $id: 'HitDecision', examples: [{ source: 'opensanctions', entityId: 'Q7747', decision: 'false_positive', checkId: 41, hitId: 1, decidedAt: '2026-11-22T10:20:00.000Z' }] })
export type HitDecision = Static<typeof HitDecision>
