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

type Res = { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }

const url = (caseId: number, id?: number) => `/api/cases/${caseId}/bank-accounts${id === undefined ? '' : `/${id}`}`
const create = (caller: GivenClient, caseId: number, payload: unknown) =>
  app.inject({ method: 'POST', url: url(caseId), headers: caller.auth, payload: payload as object })
const list = (caller: GivenClient, caseId: number) => app.inject({ method: 'GET', url: url(caseId), headers: caller.auth })
const remove = (caller: GivenClient, caseId: number, id: number) => app.inject({ method: 'DELETE', url: url(caseId, id), headers: caller.auth })

/** An account without BAV, so bank accounts get no attempts and the list is fully predictable. */
const givenCustomerWithoutBav = () => givenReseller(app, { services: [1] })

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
  assert.equal(res.body, JSON.stringify(res.json()), 'compact JSON, as every other response')
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

  it('when the client sends Content-Type: application/json with no body, then the DELETE still succeeds', async () => {
    const caller = await givenCustomerWithoutBav()
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    const res = await app.inject({ method: 'DELETE', url: url(caseId, id), headers: { ...caller.auth, 'content-type': 'application/json' } })
    assert.equal(res.statusCode, 204, res.body)
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
