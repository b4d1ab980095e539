import { Type, type Static } from 'typebox'
import { COUNTRY_CODE_FORMAT } from '#shared/country-code.ts'

const text = (max: number, field: string) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage: `The ${field} field must be 1 to ${max} characters and not blank.` })
const optionalText = (max: number, field: string) => Type.Optional(Type.Union([text(max, field), Type.Null()]))

const TYPE_MESSAGE = 'The type field must be "Person" or "Business".'

export const CreateCaseBody = Type.Object({
  urn: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Your reference for the case', errorMessage: 'The urn field must be 1 to 255 characters and not blank.' }),
  // The message sits on each literal too: Ajv reports the failing branch (const), not the union.
  type: Type.Union([Type.Literal('Person', { errorMessage: TYPE_MESSAGE }), Type.Literal('Business', { errorMessage: TYPE_MESSAGE })], { errorMessage: TYPE_MESSAGE }),
  givenNames: optionalText(100, 'givenNames'),
  surname: optionalText(40, 'surname'),
  dobDay: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 31 }), Type.Null()])),
  dobMonth: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 12 }), Type.Null()])),
  dobYear: Type.Optional(Type.Union([Type.Integer({ minimum: 1000, maximum: 9999 }), Type.Null()])),
  addressLine1: optionalText(200, 'addressLine1'),
  addressPostcode: optionalText(20, 'addressPostcode'),
  addressCountryCode2: Type.Optional(Type.Union([Type.String({ format: COUNTRY_CODE_FORMAT, errorMessage: 'The addressCountryCode2 field must be an ISO 3166-1 alpha-2 country code, e.g. GB.' }), Type.Null()])),
  entityName: optionalText(200, 'entityName'),
  entityRegistrationNumber: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 19, errorMessage: 'The entityRegistrationNumber field must be 1 to 19 characters.' }), Type.Null()])),
}, {
  examples: [
    { urn: 'CUST-0001', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987, addressLine1: '1 High Street', addressPostcode: 'SW1A 1AA', addressCountryCode2: 'GB' },
    { urn: 'BIZ-0001', type: 'Business', entityName: 'Acme Ltd', entityRegistrationNumber: '01234567' },
  ],
})
export type CreateCaseBody = Static<typeof CreateCaseBody>

const nullableString = Type.Union([Type.String(), Type.Null()])
const nullableInt = Type.Union([Type.Integer(), Type.Null()])

export const Case = Type.Object({
  id: Type.Integer(),
  urn: Type.String(),
  type: Type.String({ description: 'Person or Business' }),
  givenNames: nullableString,
  surname: nullableString,
  dobDay: nullableInt,
  dobMonth: nullableInt,
  dobYear: nullableInt,
  addressLine1: nullableString,
  addressPostcode: nullableString,
  addressCountryCode2: nullableString,
  entityName: nullableString,
  entityRegistrationNumber: nullableString,
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
}, { $id: 'Case' })
export type CaseView = Static<typeof Case>

// Examples for the API description.
const person = { id: 17, urn: 'CUST-0001', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987, addressLine1: '1 High Street', addressPostcode: 'SW1A 1AA', addressCountryCode2: 'GB', entityName: null, entityRegistrationNumber: null, createdAt: '2026-11-22T10:15:30.000Z' }
const business = { id: 18, urn: 'BIZ-0001', type: 'Business', givenNames: null, surname: null, dobDay: null, dobMonth: null, dobYear: null, addressLine1: null, addressPostcode: null, addressCountryCode2: null, entityName: 'Acme Ltd', entityRegistrationNumber: '01234567', createdAt: '2026-11-22T10:16:02.000Z' }
export const caseExamples = { person, list: [business, person] }

export const CaseListQuery = Type.Object({
  'api-version': Type.Optional(Type.String({ description: 'Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.', examples: ['1.0'] })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Cases per page', errorMessage: 'The limit query parameter must be an integer from 1 to 100.' })),
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Cursor: return cases older than this case id (from the Link header)', examples: [17], errorMessage: 'The before query parameter must be a case id.' })),
  urn: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Only the cases with exactly this urn (your reference; surrounding spaces ignored)', examples: ['CUST-0001'], errorMessage: 'The urn query parameter must be 1 to 255 characters and not blank.' })),
})
export type CaseListQuery = Static<typeof CaseListQuery>

// Kept under its old name for the module's index.ts; routes take it from #shared/path-params.ts.
