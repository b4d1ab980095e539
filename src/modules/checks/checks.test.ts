import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it } from 'node:test'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenWebhook, verifySignature } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'
import { createSandboxBavProviderForTests } from '../../../test/helpers/held-bav-provider.ts'

// The sandbox's BAV provider, except that it holds the answer for account number 44444444 until
// the test lets it go, so a deletion lands between a check's start and its result every time.
const held = createSandboxBavProviderForTests('44444444')
// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 }, { bavProvider: held.provider })
const receiver = await startWebhookReceiver()
after(() => receiver.close())

const JSON_TYPE = 'application/json; charset=utf-8'
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

type Check = {
  id: number, caseId: number, checkType: string, subject: { type: string, id: number }, status: string,
  createTs: string, completedTs: string | null, riskRating: { id: number, name: string } | null, result: unknown, failureReason: string | null
}

const post = (caller: GivenClient, caseId: number, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: payload as object })
const get = (caller: GivenClient, url: string) => app.inject({ method: 'GET', url, headers: caller.auth })

async function settled (caller: GivenClient, caseId: number, id: number): Promise<Check> {
  return eventually(async () => (await get(caller, `/api/cases/${caseId}/checks/${id}`)).json() as Check, (c) => c.status !== 'pending', { what: `check ${id} settled` })
}

/** Waits until the case has no pending check (a trigger's BAV), so a new request is not a 409. */
async function noPending (caller: GivenClient, caseId: number): Promise<void> {
  await eventually(async () => (await get(caller, `/api/cases/${caseId}/checks`)).json() as Check[], (list) => list.every((c) => c.status !== 'pending'), { what: `case ${caseId} with no pending check` })
}

function assertErrors (res: { statusCode: number, headers: Record<string, unknown>, body: string }, errors: string[]) {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(JSON.parse(res.body), { errors })
}

function assertEmpty404 (res: { statusCode: number, body: string }) {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
}

describe('POST /api/cases/{caseId}/checks', () => {
  it('when a BAV check is requested, then 202 with the pending check and its Location, and it completes with its result and risk rating', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const bankAccountId = await givenBankAccount(app, caller, caseId, { sortCode: '107999', accountNumber: '88837491' })
    await noPending(caller, caseId)

    const res = await post(caller, caseId, { checkType: 'BAV', bankAccountId })

    assert.equal(res.statusCode, 202, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    const pending = res.json() as Check
    assert.equal(res.headers.location, `/api/cases/${caseId}/checks/${pending.id}`)
    assert.match(pending.createTs, ISO_UTC)
    assert.deepEqual(pending, {
      id: pending.id, caseId, checkType: 'BAV', subject: { type: 'bankAccount', id: bankAccountId }, status: 'pending',
      createTs: pending.createTs, completedTs: null, riskRating: null, result: null, failureReason: null,
    })
    const done = await settled(caller, caseId, pending.id)
    assert.match(done.completedTs!, ISO_UTC)
    assert.ok(Date.parse(done.completedTs!) >= Date.parse(done.createTs))
    assert.deepEqual(done, { ...pending, status: 'completed', completedTs: done.completedTs, riskRating: { id: 2, name: 'Medium' }, result: {
      bankName: 'Sandbox Pennine Building Society',
      modulus: 'pass',
      holder: { status: 'close_match', code: 'MBAM', nameOnAccount: 'Sandbox Holder', message: 'The name is close to, but not the same as, the account holder\'s name (nameOnAccount); check it with your customer.' },
    } })

    // The contract's BAV view shows the same attempt, under the check's id.
    const list = await get(caller, `/api/cases/${caseId}/bank-accounts`)
    const account = list.json().find((b: { id: number }) => b.id === bankAccountId)
    assert.deepEqual(account.bavAttemptHistory[0], { id: done.id, createTs: done.completedTs, bankName: 'Sandbox Pennine Building Society', riskRating: { id: 2, name: 'Medium' } })
  })

  it('when the checkType is missing or unknown, then 400 naming the allowed types', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const message = 'The checkType field must be one of: BAV, AML, KYC, DocumentExtraction, DocumentRisk.'
    assertErrors(await post(caller, caseId, { checkType: 'Credit' }), [message])
    assertErrors(await post(caller, caseId, { checkType: 'bav', bankAccountId: 1 }), [message])
    assertErrors(await post(caller, caseId, {}), ['The checkType field is required.'])
  })

  it('when a BAV check names no bank account, or not a positive integer, then 400 naming the field', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    assertErrors(await post(caller, caseId, { checkType: 'BAV' }), ['The bankAccountId field is required for a BAV check.'])
    assertErrors(await post(caller, caseId, { checkType: 'BAV', bankAccountId: '5' }), ['The bankAccountId field must be an integer.'])
    assertErrors(await post(caller, caseId, { checkType: 'BAV', bankAccountId: 0 }), ['The bankAccountId field must be a positive integer.'])
  })

  it('when the bank account is deleted, on another case, another owner\'s or unknown, then 400 with one message for all', async () => {
    const caller = await givenReseller(app)
    const other = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const otherCase = await givenCase(app, caller)
    const onOtherCase = await givenBankAccount(app, caller, otherCase)
    const deleted = await givenBankAccount(app, caller, caseId, { accountNumber: '11111111', sortCode: '000000' })
    assert.equal((await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/bank-accounts/${deleted}`, headers: caller.auth })).statusCode, 204)
    const othersCase = await givenCase(app, other)
    const others = await givenBankAccount(app, other, othersCase)

    for (const id of [deleted, onOtherCase, others, 2_000_000_000]) {
      assertErrors(await post(caller, caseId, { checkType: 'BAV', bankAccountId: id }), [`The bankAccountId field names no active bank account of this case: ${id}.`])
    }
  })

  it('when the account does not have the service, then 400 "The BAV service is not enabled on this account." and no check', async () => {
    const customer = await givenReseller(app, { services: [1] })
    const caseId = await givenCase(app, customer)
    const bankAccountId = await givenBankAccount(app, customer, caseId)

    assertErrors(await post(customer, caseId, { checkType: 'BAV', bankAccountId }), ['The BAV service is not enabled on this account.'])

    const list = await get(customer, `/api/cases/${caseId}/checks`)
    assert.equal(list.statusCode, 200, list.body)
    assert.equal(list.body, '[]')
  })

  it('when the case is not the caller\'s or does not exist, then an empty 404', async () => {
    const owner = await givenReseller(app)
    const stranger = await givenReseller(app)
    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId)
    assertEmpty404(await post(stranger, caseId, { checkType: 'BAV', bankAccountId }))
    assertEmpty404(await post(owner, 2_000_000_000, { checkType: 'BAV', bankAccountId }))
  })

  it('when there is no token, then 401 with WWW-Authenticate: Bearer', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/cases/1/checks', payload: { checkType: 'BAV', bankAccountId: 1 } })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })
})

describe('GET /api/cases/{caseId}/checks and /checks/{id}', () => {
  it('when a case has checks from a trigger and on request, then the list is newest first and each is readable by id', async () => {
    const caller = await givenReseller(app, { services: [2] })
    const caseId = await givenCase(app, caller)
    const bankAccountId = await givenBankAccount(app, caller, caseId)
    await noPending(caller, caseId)
    const requested = (await post(caller, caseId, { checkType: 'BAV', bankAccountId })).json() as Check

    const res = await get(caller, `/api/cases/${caseId}/checks`)

    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    const checks = res.json() as Check[]
    assert.deepEqual(checks.map((c) => [c.checkType, c.subject]), [['BAV', { type: 'bankAccount', id: bankAccountId }], ['BAV', { type: 'bankAccount', id: bankAccountId }]])
    assert.equal(checks[0]!.id, requested.id)
    assert.ok(checks[1]!.id < requested.id)
    for (const check of checks) {
      const one = await get(caller, `/api/cases/${caseId}/checks/${check.id}`)
      assert.equal(one.statusCode, 200, one.body)
      assert.equal(one.json().id, check.id)
    }
  })

  it('when the case has no checks (its account has no AML), then []', async () => {
    const caller = await givenReseller(app, { services: [2] })
    const caseId = await givenCase(app, caller)
    const res = await get(caller, `/api/cases/${caseId}/checks`)
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, '[]')
  })

  it('when the case or the check is not the caller\'s, or the check is of another case, then an empty 404', async () => {
    const owner = await givenReseller(app)
    const stranger = await givenReseller(app)
    const caseId = await givenCase(app, owner)
    const otherCase = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId)
    await noPending(owner, caseId)
    const check = (await post(owner, caseId, { checkType: 'BAV', bankAccountId })).json() as Check

    assertEmpty404(await get(stranger, `/api/cases/${caseId}/checks`))
    assertEmpty404(await get(stranger, `/api/cases/${caseId}/checks/${check.id}`))
    assertEmpty404(await get(owner, `/api/cases/${otherCase}/checks/${check.id}`))
    assertEmpty404(await get(owner, `/api/cases/${caseId}/checks/2000000000`))
  })

  it('when the id is not a positive integer, then 400', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    assertErrors(await get(caller, `/api/cases/${caseId}/checks/abc`), ['The id field must be an integer.'])
    assertErrors(await get(caller, `/api/cases/${caseId}/checks/0`), ['The id in the path must be a positive integer.'])
  })
})

describe('check events', () => {
  it('when a check completes, then check.completed is signed and sent with {caseId, check} equal to the check as read', async () => {
    const owner = await givenReseller(app)
    const hook = await givenWebhook(app, owner, receiver.url, ['check.completed'])
    const caseId = await givenCase(app, owner, { urn: `EVT-${randomBytes(4).toString('hex')}` })
    const bankAccountId = await givenBankAccount(app, owner, caseId, { sortCode: '202959', accountNumber: '63748472' })

    const sent = await eventually(async () => receiver.requests.filter((r) => JSON.parse(r.body).data?.check?.subject?.id === bankAccountId),
      (r) => r.length >= 1, { what: 'the check.completed event' })

    const event = verifySignature(hook.secret, sent[0]!) as { type: string, timestamp: string, data: { caseId: number, check: Check } }
    assert.equal(event.type, 'check.completed')
    const read = await get(owner, `/api/cases/${caseId}/checks/${event.data.check.id}`)
    assert.deepEqual(event.data, { caseId, check: read.json() })
    assert.deepEqual(event.data.check.riskRating, { id: 3, name: 'High' })
  })

  it('when a bank account is deleted while its check is with the provider, then the check fails with the reason and check.failed is sent', async () => {
    const owner = await givenReseller(app)
    const hook = await givenWebhook(app, owner, receiver.url, ['check.failed'])
    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId, { sortCode: '000000', accountNumber: '44444444' })
    const [pending] = (await get(owner, `/api/cases/${caseId}/checks`)).json() as Check[]
    await eventually(async () => held.waiting(), (n) => n >= 1, { what: 'the check with the provider' })

    assert.equal((await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/bank-accounts/${bankAccountId}`, headers: owner.auth })).statusCode, 204)
    held.releaseAll()

    const done = await settled(owner, caseId, pending!.id)
    assert.deepEqual(done, { ...pending, status: 'failed', completedTs: done.completedTs, failureReason: 'The bank account was deleted before the check completed.' })
    const sent = await eventually(async () => receiver.requests.filter((r) => JSON.parse(r.body).data?.check?.id === pending!.id),
      (r) => r.length >= 1, { what: 'the check.failed event' })
    const event = verifySignature(hook.secret, sent[0]!) as { type: string, timestamp: string, data: unknown }
    assert.deepEqual(event, { type: 'check.failed', timestamp: event.timestamp, data: { caseId, check: done } })
  })
})

describe('checks in production settings', async () => {
  // No screening list is imported in this fresh production database, so AML is not offered.
  const { app: production } = await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000 })

  it('when an AML check is requested where AML is not offered, then 400 naming the service and why, and no check', async () => {
    const caller = await givenReseller(production)
    const caseId = await givenCase(production, caller)
    const res = await production.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'AML' } })
    assertErrors(res, ['The AML service is not enabled on this account. AML is not offered: no sanctions or PEP list is imported (an operator imports one with idcheck screening import).'])
    const list = await production.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })
    assert.equal(list.statusCode, 200)
    assert.equal(list.body, '[]', 'no check was triggered by the create either')
  })
})
