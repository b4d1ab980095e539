import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { bankAccountBody, givenCase } from '../../../test/helpers/given-cases.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const JSON_TYPE = 'application/json; charset=utf-8'
const MESSAGES = {
  countryCode: 'The countryCode field must be a valid ISO 3166-1 alpha-2 country code of 2 characters, e.g. GB.',
  sortCode: 'The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces.',
  accountNumber: 'The accountNumber field must be exactly 8 numeric characters.',
  firstName: 'The firstName field must be 1 to 100 characters and not blank.',
  lastName: 'The lastName field must be 1 to 100 characters and not blank.',
}

type Res = { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }

const url = (caseId: number) => `/api/cases/${caseId}/bank-accounts`
const create = (caller: GivenClient, caseId: number, payload: unknown) =>
  app.inject({ method: 'POST', url: url(caseId), headers: caller.auth, payload: payload as object })

/** An account without BAV: validation is under test, not the checks. */
const givenCustomerWithoutBav = () => givenReseller(app, { services: [1] })

/** 400 {"errors": [...]} with exactly these messages, in this order: every failing field in one answer. */
function assertErrors (res: Res, expected: string[]): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(res.json(), { errors: expected })
}

function assertCreatedId (res: Res): number {
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.match(res.body, /^[1-9][0-9]*$/, 'the body is a bare integer')
  return res.json()
}

async function listOf (caller: GivenClient, caseId: number): Promise<any[]> {
  const res = await app.inject({ method: 'GET', url: url(caseId), headers: caller.auth })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

describe('POST /api/cases/{caseId}/bank-accounts: validation (the API contract)', () => {
  it('when the country code is lower case, then it is accepted and stored upper case', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assertCreatedId(await create(caller, caseId, bankAccountBody({ countryCode: 'gb' })))
    const [row] = await listOf(caller, caseId)
    assert.equal(row.countryCode, 'GB')
  })

  it('when the country code is not an ISO 3166-1 alpha-2 code, then 400 naming countryCode', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    for (const countryCode of ['XX', 'GBR', 'G', '', 'U1', ' GB', 'ZZ']) {
      assertErrors(await create(caller, caseId, bankAccountBody({ countryCode })), [MESSAGES.countryCode])
    }
    assert.deepEqual(await listOf(caller, caseId), [])
  })

  it('when the sort code has hyphens, spaces, letters, or 5 or 7 digits, then 400 naming sortCode', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    for (const sortCode of ['08-99-99', '08 99 99', '089 999', ' 089999', '089999 ', '08999', '0899990', '08999A', 'abcdef', '', '０８９９９９']) {
      assertErrors(await create(caller, caseId, bankAccountBody({ sortCode })), [MESSAGES.sortCode])
    }
    assert.deepEqual(await listOf(caller, caseId), [])
  })

  it('when the account number has 7 or 9 digits, letters, hyphens or spaces, then 400 naming accountNumber', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    for (const accountNumber of ['6637495', '663749580', '6637495X', '6637-4958', '6637 4958', '']) {
      assertErrors(await create(caller, caseId, bankAccountBody({ accountNumber })), [MESSAGES.accountNumber])
    }
    assert.deepEqual(await listOf(caller, caseId), [])
  })

  it('when the account number has leading zeros, then they are kept', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assertCreatedId(await create(caller, caseId, bankAccountBody({ sortCode: '180002', accountNumber: '00000190' })))
    const [row] = await listOf(caller, caseId)
    assert.equal(row.sortCode, '180002')
    assert.equal(row.accountNumber, '00000190')
  })

  it('when the body is empty, then 400 naming every required field', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const expected = ['countryCode', 'firstName', 'lastName', 'sortCode', 'accountNumber'].map((f) => `The ${f} field is required.`)
    assertErrors(await create(caller, caseId, {}), expected)
    assertErrors(await app.inject({ method: 'POST', url: url(caseId), headers: { ...caller.auth, 'content-type': 'application/json' } }), expected)
  })

  it('when one required field is missing, then 400 naming just that field', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    for (const field of ['countryCode', 'firstName', 'lastName', 'sortCode', 'accountNumber']) {
      const { [field]: _missing, ...rest } = bankAccountBody()
      assertErrors(await create(caller, caseId, rest), [`The ${field} field is required.`])
    }
  })

  it('when the names are blank, then 400 naming each', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assertErrors(await create(caller, caseId, bankAccountBody({ firstName: '', lastName: '   ' })), [MESSAGES.firstName, MESSAGES.lastName])
  })

  it('when fields have the wrong JSON types, then 400 naming every one of them', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const res = await create(caller, caseId, {
      countryCode: 44, firstName: null, middleNames: 3, lastName: true, sortCode: 89999, accountNumber: 66374958, bankName: [],
    })
    assertErrors(res, [
      'The countryCode field must be a string.',
      'The firstName field must be a string.',
      'The middleNames field must be a string.',
      'The lastName field must be a string.',
      'The sortCode field must be a string.',
      'The accountNumber field must be a string.',
      'The bankName field must be a string.',
    ])
  })

  it('when every field is invalid at once, then one 400 names them all', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const res = await create(caller, caseId, { countryCode: 'XX', firstName: '', lastName: '', sortCode: '08-99-99', accountNumber: '1234567' })
    assertErrors(res, [MESSAGES.countryCode, MESSAGES.firstName, MESSAGES.lastName, MESSAGES.sortCode, MESSAGES.accountNumber])
  })

  it('when some fields are invalid and others missing, then one 400 names them all', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const res = await create(caller, caseId, { countryCode: 'gbr', sortCode: '12345', firstName: 'Jane' })
    assertErrors(res, [
      'The lastName field is required.',
      'The accountNumber field is required.',
      MESSAGES.countryCode,
      MESSAGES.sortCode,
    ])
  })

  it('when the body is a JSON array, then 400 {"errors": [...]}', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assertErrors(await create(caller, caseId, [bankAccountBody()]), ['The request body must be a JSON object.'])
  })

  it('when the case id in the path is not a positive integer, then 400', async () => {
    const caller = await givenCustomerWithoutBav()
    assertErrors(await app.inject({ method: 'POST', url: '/api/cases/0/bank-accounts', headers: caller.auth, payload: bankAccountBody() }),
      ['The caseId in the path must be a positive integer.'])
  })
})
