import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const JSON_TYPE = 'application/json; charset=utf-8'

const PERSON = {
  urn: 'CUST-0001', type: 'Person', givenNames: 'Jane Anne', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987,
  addressLine1: '1 High Street', addressPostcode: 'SW1A 1AA', addressCountryCode2: 'GB',
}
const BUSINESS = { urn: 'BIZ-0001', type: 'Business', entityName: 'Acme Ltd', entityRegistrationNumber: '01234567' }

type Res = { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }

const postCase = (caller: GivenClient, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/cases', headers: caller.auth, payload: payload as object })

function assertErrors (res: Res, expected: string[]): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(res.json(), { errors: expected })
}

/** Accepted at the limit: 201 and the value stored as sent. */
function assertCreated (res: Res, expected: Record<string, unknown>): void {
  assert.equal(res.statusCode, 201, res.body)
  const body = res.json()
  assert.equal(res.headers.location, `/api/cases/${body.id}`)
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(body[field], value, field)
}

describe('POST /api/cases: validation (docs/decisions.md, Cases)', () => {
  it('when the urn is missing, then 400 naming urn', async () => {
    const caller = await givenReseller(app)
    const { urn: _urn, ...withoutUrn } = PERSON
    assertErrors(await postCase(caller, withoutUrn), ['The urn field is required.'])
  })

  it('when the urn is blank or longer than 255 characters, then 400 naming urn', async () => {
    const caller = await givenReseller(app)
    for (const urn of ['', '   ', 'u'.repeat(256)]) {
      assertErrors(await postCase(caller, { ...PERSON, urn }), ['The urn field must be 1 to 255 characters and not blank.'])
    }
  })

  it('when the urn is exactly 255 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const urn = 'u'.repeat(255)
    assertCreated(await postCase(caller, { ...PERSON, urn }), { ...PERSON, urn })
  })

  it('when the type is missing, then 400 naming type', async () => {
    const caller = await givenReseller(app)
    const { type: _type, ...withoutType } = PERSON
    assertErrors(await postCase(caller, withoutType), ['The type field is required.'])
  })

  it('when the type is neither Person nor Business, then 400 naming type and both values', async () => {
    const caller = await givenReseller(app)
    for (const type of ['Company', 'person', 'BUSINESS', '']) {
      assertErrors(await postCase(caller, { ...PERSON, type }), ['The type field must be "Person" or "Business".'])
    }
    for (const type of [1, null]) assertErrors(await postCase(caller, { ...PERSON, type }), ['The type field must be a string.'])
  })

  it('when a Person case has no names and no date of birth, then 400 naming every missing field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { urn: 'P-1', type: 'Person' }), [
      'The givenNames field is required for a Person case.',
      'The surname field is required for a Person case.',
      'The dobDay field is required for a Person case.',
      'The dobMonth field is required for a Person case.',
      'The dobYear field is required for a Person case.',
    ])
  })

  it('when a Person case has its names and date of birth as null, then 400 naming each', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, givenNames: null, dobMonth: null }), [
      'The givenNames field is required for a Person case.',
      'The dobMonth field is required for a Person case.',
    ])
  })

  it('when a Business case has no entityName, then 400 naming entityName', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { urn: 'B-1', type: 'Business', entityRegistrationNumber: '123' }), ['The entityName field is required for a Business case.'])
  })

  it('when the surname is longer than 40 characters, then 400 naming surname', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, surname: 's'.repeat(41) }), ['The surname field must be 1 to 40 characters and not blank.'])
  })

  it('when the surname is exactly 40 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const surname = 's'.repeat(40)
    assertCreated(await postCase(caller, { ...PERSON, surname }), { ...PERSON, surname })
  })

  it('when the entityRegistrationNumber has 20 characters, then 400 naming it', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...BUSINESS, entityRegistrationNumber: '1'.repeat(20) }), ['The entityRegistrationNumber field must be 1 to 19 characters.'])
  })

  it('when the entityRegistrationNumber has 19 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const entityRegistrationNumber = '1'.repeat(19)
    assertCreated(await postCase(caller, { ...BUSINESS, entityRegistrationNumber }), { ...BUSINESS, entityRegistrationNumber })
  })

  it('when addressCountryCode2 is not an ISO 3166-1 alpha-2 code, then 400 naming it', async () => {
    const caller = await givenReseller(app)
    for (const addressCountryCode2 of ['XX', 'GBR', 'G', '', 'U1']) {
      assertErrors(await postCase(caller, { ...PERSON, addressCountryCode2 }),
        ['The addressCountryCode2 field must be an ISO 3166-1 alpha-2 country code, e.g. GB.'])
    }
  })

  it('when the date of birth is 31/02, then 400 saying it is not a real date', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 31, dobMonth: 2, dobYear: 1990 }),
      ['The date of birth 31/02/1990 (dobDay/dobMonth/dobYear) is not a real date.'])
  })

  it('when the date of birth is 29/02 of a non-leap year, then 400; of a leap year, then 201', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 29, dobMonth: 2, dobYear: 2001 }),
      ['The date of birth 29/02/2001 (dobDay/dobMonth/dobYear) is not a real date.'])
    const leap = { ...PERSON, dobDay: 29, dobMonth: 2, dobYear: 2000 }
    assertCreated(await postCase(caller, leap), leap)
  })

  it('when the date of birth is tomorrow, then 400 saying it is in the future', async () => {
    const caller = await givenReseller(app)
    const tomorrow = new Date(Date.now() + 24 * 3600_000)
    const [day, month, year] = [tomorrow.getUTCDate(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCFullYear()]
    const text = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`
    assertErrors(await postCase(caller, { ...PERSON, dobDay: day, dobMonth: month, dobYear: year }),
      [`The date of birth ${text} (dobDay/dobMonth/dobYear) is in the future.`])
  })

  it('when the date of birth is before 1900, then 400 saying so', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 31, dobMonth: 12, dobYear: 1899 }),
      ['The date of birth 31/12/1899 (dobDay/dobMonth/dobYear) is before 1900.'])
  })

  it('when dobDay or dobMonth is out of range, then 400 naming each field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 32, dobMonth: 13 }), [
      'The dobDay field must be at most 31.',
      'The dobMonth field must be at most 12.',
    ])
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 0, dobMonth: 0 }), [
      'The dobDay field must be at least 1.',
      'The dobMonth field must be at least 1.',
    ])
  })

  it('when a date part is sent as a string, then 400 naming the field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobYear: '1987' }), ['The dobYear field must be an integer.'])
  })

  it('when several fields are invalid, then one 400 names every one of them', async () => {
    const caller = await givenReseller(app)
    const res = await postCase(caller, { ...PERSON, urn: '', surname: 's'.repeat(41), addressCountryCode2: 'XX', dobDay: 'x' })
    assertErrors(res, [
      'The urn field must be 1 to 255 characters and not blank.',
      'The surname field must be 1 to 40 characters and not blank.',
      'The dobDay field must be an integer.',
      'The addressCountryCode2 field must be an ISO 3166-1 alpha-2 country code, e.g. GB.',
    ])
  })
})
