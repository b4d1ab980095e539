import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { bankAccountBody, givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'

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

const url = (caseId: number, id?: number) => `/api/cases/${caseId}/bank-accounts${id === undefined ? '' : `/${id}`}`
const create = (caller: GivenClient, caseId: number, payload: unknown) =>
  app.inject({ method: 'POST', url: url(caseId), headers: caller.auth, payload: payload as object })
const list = (caller: GivenClient, caseId: number) => app.inject({ method: 'GET', url: url(caseId), headers: caller.auth })
const remove = (caller: GivenClient, caseId: number, id: number) => app.inject({ method: 'DELETE', url: url(caseId, id), headers: caller.auth })

/** An account without BAV, so bank accounts get no attempts and the list is fully predictable. */
const givenCustomerWithoutBav = () => givenReseller(app, { services: [1] })

function assertErrors (res: Res, expected: string[]): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(res.json(), { errors: expected })
}

function assertEmpty404 (res: Res): void {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
  assert.equal(res.headers['content-type'], undefined)
}

function assertCreatedId (res: Res): number {
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.match(res.body, /^[1-9][0-9]*$/, 'the body is a bare integer')
  return res.json()
}

async function listOf (caller: GivenClient, caseId: number): Promise<any[]> {
  const res = await list(caller, caseId)
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  return res.json()
}

describe('POST /api/cases/{caseId}/bank-accounts', () => {
  it('when a valid bank account is created, then 200 and the body is the bare integer id', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const id = assertCreatedId(await create(caller, caseId, bankAccountBody()))
    assert.deepEqual((await listOf(caller, caseId)).map((b) => b.id), [id])
  })

  it('when it is listed, then every field is exactly as sent, with documentId null and no BAV attempts', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const id = assertCreatedId(await create(caller, caseId, {
      countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe', sortCode: '089999', accountNumber: '66374958',
    }))
    assert.deepEqual(await listOf(caller, caseId), [{
      id, caseId, documentId: null, countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe',
      sortCode: '089999', accountNumber: '66374958', bankName: null, latestBavAttempt: null, bavAttemptHistory: [],
    }])
  })

  it('when middleNames and bankName are given, then they are listed; when omitted, null', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const withNames = assertCreatedId(await create(caller, caseId, {
      countryCode: 'GB', firstName: 'Jane', middleNames: 'Anne Marie', lastName: 'Doe', sortCode: '107999', accountNumber: '88837491', bankName: 'Pennine BS',
    }))
    const without = assertCreatedId(await create(caller, caseId, {
      countryCode: 'IE', firstName: 'John', lastName: 'Smith', sortCode: '202959', accountNumber: '63748472',
    }))
    const rows = (await listOf(caller, caseId)).sort((a, b) => a.id - b.id)
    assert.deepEqual(rows, [
      { id: withNames, caseId, documentId: null, countryCode: 'GB', firstName: 'Jane', middleNames: 'Anne Marie', lastName: 'Doe', sortCode: '107999', accountNumber: '88837491', bankName: 'Pennine BS', latestBavAttempt: null, bavAttemptHistory: [] },
      { id: without, caseId, documentId: null, countryCode: 'IE', firstName: 'John', middleNames: null, lastName: 'Smith', sortCode: '202959', accountNumber: '63748472', bankName: null, latestBavAttempt: null, bavAttemptHistory: [] },
    ])
  })

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

  it('when the same sort code and account number are already on the case, then 409 {"duplicateId": id}', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const first = await givenBankAccount(app, caller, caseId)
    const res = await create(caller, caseId, bankAccountBody({ firstName: 'Someone', lastName: 'Else', countryCode: 'IE', bankName: 'Other' }))
    assert.equal(res.statusCode, 409, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), { duplicateId: first })
    assert.deepEqual((await listOf(caller, caseId)).map((b) => b.id), [first])
  })

  it('when the same numbers are added to another case, then both are created', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseA = await givenCase(app, caller)
    const caseB = await givenCase(app, caller)
    const a = await givenBankAccount(app, caller, caseA)
    const b = assertCreatedId(await create(caller, caseB, bankAccountBody()))
    assert.notEqual(a, b)
    assert.deepEqual((await listOf(caller, caseB)).map((row) => [row.id, row.caseId]), [[b, caseB]])
  })

  it('when the same sort code has a different account number, then it is not a duplicate', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    await givenBankAccount(app, caller, caseId, { sortCode: '089999', accountNumber: '66374958' })
    assertCreatedId(await create(caller, caseId, bankAccountBody({ sortCode: '089999', accountNumber: '66374959' })))
    assertCreatedId(await create(caller, caseId, bankAccountBody({ sortCode: '089998', accountNumber: '66374958' })))
    assert.equal((await listOf(caller, caseId)).length, 3)
  })

  it('when a bank account was deleted, then the same numbers can be created again on the case', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const first = await givenBankAccount(app, caller, caseId)
    assert.equal((await remove(caller, caseId, first)).statusCode, 204)
    const second = assertCreatedId(await create(caller, caseId, bankAccountBody()))
    assert.notEqual(second, first)
    assert.deepEqual((await listOf(caller, caseId)).map((b) => b.id), [second])
    const again = await create(caller, caseId, bankAccountBody())
    assert.equal(again.statusCode, 409)
    assert.deepEqual(again.json(), { duplicateId: second })
  })

  it('when 20 identical creates race, then exactly one 200 and nineteen 409 naming the winner', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const results = await Promise.all(Array.from({ length: 20 }, () => create(caller, caseId, bankAccountBody())))
    const winners = results.filter((r) => r.statusCode === 200)
    const conflicts = results.filter((r) => r.statusCode === 409)
    assert.equal(winners.length, 1, results.map((r) => `${r.statusCode} ${r.body}`).join('\n'))
    assert.equal(conflicts.length, 19, results.map((r) => `${r.statusCode} ${r.body}`).join('\n'))
    const winnerId = assertCreatedId(winners[0]!)
    for (const conflict of conflicts) assert.deepEqual(conflict.json(), { duplicateId: winnerId })
    assert.deepEqual((await listOf(caller, caseId)).map((b) => b.id), [winnerId])
  })

  it('when 20 identical creates race on an account with BAV, then one 200, nineteen 409 and one BAV attempt', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const results = await Promise.all(Array.from({ length: 20 }, () => create(caller, caseId, bankAccountBody())))
    const winners = results.filter((r) => r.statusCode === 200)
    assert.equal(winners.length, 1, results.map((r) => `${r.statusCode} ${r.body}`).join('\n'))
    const winnerId = assertCreatedId(winners[0]!)
    for (const r of results.filter((x) => x !== winners[0])) {
      assert.equal(r.statusCode, 409, r.body)
      assert.deepEqual(r.json(), { duplicateId: winnerId })
    }
    // The losers' transactions rolled back their jobs with their rows: one check runs, for the winner.
    const [row] = await eventually(() => listOf(caller, caseId), (rows) => rows[0]?.latestBavAttempt !== null, { what: 'the BAV attempt' })
    await sleep(1500)
    const rows = await listOf(caller, caseId)
    assert.deepEqual(rows.map((b) => [b.id, b.bavAttemptHistory.length]), [[winnerId, 1]])
    assert.deepEqual(rows[0].latestBavAttempt, row.latestBavAttempt)
  })

  it('when the case does not exist, then 404 with an empty body', async () => {
    const caller = await givenCustomerWithoutBav()
    assertEmpty404(await create(caller, 2_000_000_000, bankAccountBody()))
  })

  it('when the case belongs to another account, then 404 with an empty body and nothing is created', async () => {
    const owner = await givenCustomerWithoutBav()
    const other = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, owner)
    assertEmpty404(await create(other, caseId, bankAccountBody()))
    assert.deepEqual(await listOf(owner, caseId), [])
  })

  it('when the case id in the path is not a positive integer, then 400', async () => {
    const caller = await givenCustomerWithoutBav()
    assertErrors(await app.inject({ method: 'POST', url: '/api/cases/0/bank-accounts', headers: caller.auth, payload: bankAccountBody() }),
      ['The caseId in the path must be a positive integer.'])
  })

  it('when there is no token, then 401', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const res = await app.inject({ method: 'POST', url: url(caseId), payload: bankAccountBody() })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })
})

describe('GET /api/cases/{caseId}/bank-accounts', () => {
  it('when the case has no bank accounts, then 200 and an empty array', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assert.deepEqual(await listOf(caller, caseId), [])
  })

  it('when the case has bank accounts, then only that case\'s are listed', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseA = await givenCase(app, caller)
    const caseB = await givenCase(app, caller)
    const a1 = await givenBankAccount(app, caller, caseA, { accountNumber: '00000001' })
    const a2 = await givenBankAccount(app, caller, caseA, { accountNumber: '00000002' })
    await givenBankAccount(app, caller, caseB, { accountNumber: '00000003' })
    assert.deepEqual((await listOf(caller, caseA)).map((b) => b.id).sort((x: number, y: number) => x - y), [a1, a2])
  })

  it('when the case belongs to another account, then 404 with an empty body', async () => {
    const owner = await givenCustomerWithoutBav()
    const other = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, owner)
    await givenBankAccount(app, owner, caseId)
    assertEmpty404(await list(other, caseId))
  })

  it('when the case does not exist, then 404 with an empty body', async () => {
    const caller = await givenCustomerWithoutBav()
    assertEmpty404(await list(caller, 2_000_000_000))
  })
})

describe('DELETE /api/cases/{caseId}/bank-accounts/{id}', () => {
  it('when an active bank account is deleted, then 204 with an empty body and it leaves the list', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const kept = await givenBankAccount(app, caller, caseId, { accountNumber: '00000001' })
    const gone = await givenBankAccount(app, caller, caseId, { accountNumber: '00000002' })

    const res = await remove(caller, caseId, gone)

    assert.equal(res.statusCode, 204)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-type'], undefined)
    assert.deepEqual((await listOf(caller, caseId)).map((b) => b.id), [kept])
  })

  it('when it is deleted twice, then the second DELETE is 404 with an empty body', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    assert.equal((await remove(caller, caseId, id)).statusCode, 204)
    assertEmpty404(await remove(caller, caseId, id))
  })

  it('when the bank account is on another case, then 404 and it is not deleted', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseA = await givenCase(app, caller)
    const caseB = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseA)
    assertEmpty404(await remove(caller, caseB, id))
    assert.deepEqual((await listOf(caller, caseA)).map((b) => b.id), [id])
  })

  it('when the bank account does not exist, then 404 with an empty body', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    assertEmpty404(await remove(caller, caseId, 2_000_000_000))
  })

  it('when the case belongs to another account, then 404 and the bank account stays', async () => {
    const owner = await givenCustomerWithoutBav()
    const other = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, owner)
    const id = await givenBankAccount(app, owner, caseId)
    assertEmpty404(await remove(other, caseId, id))
    assert.deepEqual((await listOf(owner, caseId)).map((b) => b.id), [id])
  })
})

describe('bank accounts are immutable', () => {
  it('when a client tries PUT or PATCH on a bank account, then no route answers it and nothing changes', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    const before = await listOf(caller, caseId)
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await app.inject({ method, url: url(caseId, id), headers: caller.auth, payload: bankAccountBody({ firstName: 'Changed' }) })
      assert.equal(res.statusCode, 404, `${method}: ${res.body}`)
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8')
      assert.deepEqual(res.json(), {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5', title: 'Not Found', status: 404, detail: `No route for ${method} ${url(caseId, id)}`,
      })
    }
    assert.deepEqual(await listOf(caller, caseId), before)
  })
})
