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

const BavHolder = Type.Object({
  status: Type.Union([
    Type.Literal('confirmed'), Type.Literal('close_match'), Type.Literal('account_type_mismatch'),
    Type.Literal('not_matched'), Type.Literal('account_not_found'), Type.Literal('not_confirmed'),
  ], {
    description: 'What the account holder\'s bank said of the name on the bank account (its firstName, middleNames and lastName), through Confirmation of Payee (CoP): ' +
      'confirmed (the name matches; CoP MATC), ' +
      'close_match (the name is close but not exact, nameOnAccount gives the real one; MBAM, and BAMM/PAMM where the account type differs too), ' +
      'account_type_mismatch (the name matches, but it is a business account where a personal one was asked for, or the reverse; BANM, PANM), ' +
      'not_matched (the name does not match; ANNM), ' +
      'account_not_found (no such account at that sort code; AC01), ' +
      'not_confirmed (the holder could not be confirmed either way: CoP is not configured, the modulus check failed so no bank was asked, ' +
      'or the bank could not answer: ACNS, OPTO, SCNS, CASS, IVCR; message says which)',
  }),
  code: Type.Union([Type.String(), Type.Null()], { description: 'The CoP answer code (MATC, MBAM, BAMM, PAMM, BANM, PANM, ANNM, AC01, ACNS, OPTO, SCNS, CASS, IVCR); null when no CoP service was asked' }),
  nameOnAccount: Type.Union([Type.String(), Type.Null()], { description: 'The name on the account as the bank gave it, for a close match or an account type mismatch; null otherwise' }),
  message: Type.String({ description: 'The holder check\'s outcome in a sentence, for a person to act on' }),
}, { description: 'The account holder\'s name check (Confirmation of Payee). Present on every check since it was added; absent on older ones' })
export type BavHolder = Static<typeof BavHolder>
export type BavHolderStatus = BavHolder['status']

/** A completed BAV check's result (its risk rating is the check's). */
export const BavCheckResult = Type.Object({
  bankName: Type.Union([Type.String(), Type.Null()], { description: 'The bank the sort code belongs to, when known (production does not look it up: null)' }),
  // Optional only because checks recorded before these fields existed lack them; every new result has both.
  modulus: Type.Optional(Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('not_covered')], {
    description: 'The UK modulus check (VocaLink\'s table): pass (the account number is possible at the sort code), ' +
      'fail (it is not: the account cannot exist; rated High, and no bank is asked), ' +
      'not_covered (the sort code is outside the table, so nothing could be checked; rated Medium at best). ' +
      'Present on every check since holder checks were added; absent on older ones',
  })),
  holder: Type.Optional(BavHolder),
}, {
  $id: 'BavCheckResult',
  description: 'BAV: the risk rating is the worse of the modulus check\'s (pass Low, not_covered Medium, fail High) and the holder check\'s ' +
    '(confirmed Low; close_match, account_type_mismatch and not_confirmed Medium; not_matched and account_not_found High)',
  examples: [{ bankName: null, modulus: 'pass', holder: { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' } }],
})
/** A result as the providers make it now: both fields always there. */
export type BavCheckResultView = Required<Static<typeof BavCheckResult>>

export const BavCheckAccepted = Type.Object({
  bankAccountId: Type.Integer(),
  status: Type.Literal('queued'),
}, { $id: 'BavCheckAccepted', examples: [{ bankAccountId: 5, status: 'queued' }] })
