import { Type, type Static } from 'typebox'
import { COUNTRY_CODE_FORMAT } from '#shared/country-code.ts'

const name = (field: string) => Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', errorMessage: `The ${field} field must be 1 to 100 characters and not blank.` })

export const CreateBankAccountBody = Type.Object({
  countryCode: Type.String({ format: COUNTRY_CODE_FORMAT, description: 'ISO 3166-1 alpha-2', errorMessage: 'The countryCode field must be a valid ISO 3166-1 alpha-2 country code of 2 characters, e.g. GB.' }),
  firstName: name('firstName'),
  middleNames: Type.Optional(Type.Union([Type.String({ maxLength: 200, errorMessage: 'The middleNames field must be at most 200 characters.' }), Type.Null()])),
  lastName: name('lastName'),
  sortCode: Type.String({ pattern: '^[0-9]{6}$', description: 'Exactly 6 digits, no hyphens or spaces', errorMessage: 'The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces.' }),
  accountNumber: Type.String({ pattern: '^[0-9]{8}$', description: 'Exactly 8 digits', errorMessage: 'The accountNumber field must be exactly 8 numeric characters.' }),
  bankName: Type.Optional(Type.Union([Type.String({ maxLength: 100, errorMessage: 'The bankName field must be at most 100 characters.' }), Type.Null()])),
}, { examples: [{ countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe', sortCode: '089999', accountNumber: '66374958', bankName: null }] })
export type CreateBankAccountBody = Static<typeof CreateBankAccountBody>

const nullableString = Type.Union([Type.String(), Type.Null()])

export const BankAccount = Type.Object({
  id: Type.Integer(),
  caseId: Type.Integer(),
  documentId: Type.Union([Type.Integer(), Type.Null()], { description: 'null when not created from an extracted document' }),
  countryCode: Type.String(),
  firstName: Type.String(),
  middleNames: nullableString,
  lastName: Type.String(),
  sortCode: Type.String(),
  accountNumber: Type.String(),
  bankName: nullableString,
  latestBavAttempt: Type.Union([Type.Ref('BavAttempt'), Type.Null()], { description: 'Latest completed attempt; null if none' }),
  bavAttemptHistory: Type.Array(Type.Ref('BavAttempt'), { description: 'Most recent first' }),
}, { $id: 'BankAccount' })

export const DuplicateBankAccountBody = Type.Object({
  duplicateId: Type.Integer({ description: 'The id of the bank account already on the case' }),
}, { $id: 'DuplicateBankAccount', examples: [{ duplicateId: 5 }] })

// Examples for the API description.
const lowAttempt = { id: 7, createTs: '2026-11-22T10:15:31.250Z', bankName: 'Sandbox Albion Bank', riskRating: { id: 1, name: 'Low' } }
export const bankAccountExamples = {
  list: [{
    id: 5, caseId: 17, documentId: null, countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe',
    sortCode: '089999', accountNumber: '66374958', bankName: null, latestBavAttempt: lowAttempt, bavAttemptHistory: [lowAttempt],
  }],
}

// Kept under its old name for the module's index.ts; routes take it from #shared/path-params.ts.
