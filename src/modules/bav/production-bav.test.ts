import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { NAME_ON_ACCOUNT, startCopStandIn } from '../../../test/helpers/cop-stand-in.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { verifySignature } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'
import type { App } from '../../app.ts'

// Production BAV through HTTP: the modulus check built in, Confirmation of Payee at a local
// stand-in of the Open Banking CoP API, which answers by the last word of the holder's name.
const TOKEN = `cop-${randomBytes(16).toString('hex')}`
const cop = await startCopStandIn(TOKEN)
const base = { environment: 'production' as const, rateLimitPerSecond: 10_000, allowPrivateWebhookTargets: true, bavRetry: { limit: 2, delaySeconds: 1 } }
const { app } = await buildTestApp({ ...base, bavCop: { url: cop.url, token: TOKEN, timeoutMs: 400, providerName: null } })
const { app: modulusOnly } = await buildTestApp(base)

const LOW = { id: 1, name: 'Low' }
const MEDIUM = { id: 2, name: 'Medium' }
const HIGH = { id: 3, name: 'High' }
const VALID = { sortCode: '089999', accountNumber: '66374958' }
const IMPOSSIBLE = { sortCode: '089999', accountNumber: '66374959' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

type Check = { id: number, status: string, checkType: string, riskRating: { id: number, name: string } | null, result: unknown, failureReason: string | null }

/** A first name no other test uses, so the stand-in's records can be told apart. */
const uniqueFirstName = () => `Jane${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`

/** A bank account whose holder is "<unique first name> <code>", and the name CoP is sent. */
async function givenHolder (target: App, caller: GivenClient, lastName: string, account: Record<string, unknown> = VALID) {
  const firstName = uniqueFirstName()
  const caseId = await givenCase(target, caller)
  const id = await givenBankAccount(target, caller, caseId, { ...account, firstName, lastName })
  return { caseId, id, name: `${firstName} ${lastName}` }
}

async function settledBavCheck (target: App, caller: GivenClient, caseId: number, timeoutMs = 15_000): Promise<Check> {
  const checks = await eventually(async () => (await target.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[],
    (list) => list.some((c) => c.checkType === 'BAV' && c.status !== 'pending'), { timeoutMs, intervalMs: 100, what: `the BAV check of case ${caseId}` })
  return checks.find((c) => c.checkType === 'BAV')!
}

const confirmedHolder = { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' }

// Every CoP answer code, with the rating and holder it gives (docs/operating.md, "BAV in production").
const ANSWERS = [
  { code: 'MATC', rating: LOW, holder: confirmedHolder },
  { code: 'MBAM', rating: MEDIUM, holder: { status: 'close_match', code: 'MBAM', nameOnAccount: NAME_ON_ACCOUNT, message: 'The name is close to, but not the same as, the account holder\'s name (nameOnAccount); check it with your customer.' } },
  { code: 'BAMM', rating: MEDIUM, holder: { status: 'close_match', code: 'BAMM', nameOnAccount: NAME_ON_ACCOUNT, message: 'The name is close to the account holder\'s name (nameOnAccount), and the account is a business account, not a personal one; check both with your customer.' } },
  { code: 'PAMM', rating: MEDIUM, holder: { status: 'close_match', code: 'PAMM', nameOnAccount: NAME_ON_ACCOUNT, message: 'The name is close to the account holder\'s name (nameOnAccount), and the account is a personal account, not a business one; check both with your customer.' } },
  { code: 'BANM', rating: MEDIUM, holder: { status: 'account_type_mismatch', code: 'BANM', nameOnAccount: NAME_ON_ACCOUNT, message: 'The name matches, but the account is a business account, not a personal one.' } },
  { code: 'PANM', rating: MEDIUM, holder: { status: 'account_type_mismatch', code: 'PANM', nameOnAccount: NAME_ON_ACCOUNT, message: 'The name matches, but the account is a personal account, not a business one.' } },
  { code: 'ANNM', rating: HIGH, holder: { status: 'not_matched', code: 'ANNM', nameOnAccount: null, message: 'The name does not match the account holder\'s name.' } },
  { code: 'AC01', rating: HIGH, holder: { status: 'account_not_found', code: 'AC01', nameOnAccount: null, message: 'The bank says there is no such account at this sort code.' } },
  { code: 'ACNS', rating: MEDIUM, holder: { status: 'not_confirmed', code: 'ACNS', nameOnAccount: null, message: 'The holder was not confirmed: this account does not take part in Confirmation of Payee.' } },
  { code: 'OPTO', rating: MEDIUM, holder: { status: 'not_confirmed', code: 'OPTO', nameOnAccount: null, message: 'The holder was not confirmed: the account holder has opted out of Confirmation of Payee.' } },
  { code: 'SCNS', rating: MEDIUM, holder: { status: 'not_confirmed', code: 'SCNS', nameOnAccount: null, message: 'The holder was not confirmed: the bank of this sort code does not take part in Confirmation of Payee.' } },
  { code: 'CASS', rating: MEDIUM, holder: { status: 'not_confirmed', code: 'CASS', nameOnAccount: null, message: 'The holder was not confirmed: the account has been switched to another bank (Current Account Switch Service); ask your customer for their new account details.' } },
  { code: 'IVCR', rating: MEDIUM, holder: { status: 'not_confirmed', code: 'IVCR', nameOnAccount: null, message: 'The holder was not confirmed: the account needs a secondary reference (such as a building society roll number), which is not sent.' } },
]

describe('production BAV with Confirmation of Payee', { concurrency: true }, () => {
  for (const answer of ANSWERS) {
    it(`when CoP answers ${answer.code}, then the check completes ${answer.rating.name} with holder ${answer.holder.status}`, async () => {
      const caller = await givenReseller(app)
      const { caseId, name } = await givenHolder(app, caller, answer.code)
      const check = await settledBavCheck(app, caller, caseId)
      assert.equal(check.status, 'completed', JSON.stringify(check))
      assert.deepEqual(check.riskRating, answer.rating)
      assert.deepEqual(check.result, { bankName: null, modulus: 'pass', holder: answer.holder })
      assert.equal(cop.requestsFor(name).length, 1)
    })
  }

  it('when a bank account is created, then CoP gets the Open Banking request: its path, bearer token, JSON, an interaction id and the body', async () => {
    const caller = await givenReseller(app)
    const firstName = uniqueFirstName()
    const caseId = await givenCase(app, caller)
    await givenBankAccount(app, caller, caseId, { ...VALID, firstName, middleNames: 'Ada', lastName: 'MATC' })
    await settledBavCheck(app, caller, caseId)
    const [request, ...more] = cop.requestsFor(`${firstName} Ada MATC`)
    assert.deepEqual(more, [])
    assert.equal(request!.method, 'POST')
    assert.equal(request!.path, '/open-banking/v3.1/cop/account-name-check')
    assert.equal(request!.headers.authorization, `Bearer ${TOKEN}`)
    assert.equal(request!.headers['content-type'], 'application/json')
    assert.equal(request!.headers.accept, 'application/json')
    assert.match(String(request!.headers['x-fapi-interaction-id']), UUID)
    assert.deepEqual(request!.body, {
      Data: { SchemeName: 'SortCodeAccountNumber', AccountType: 'Personal', Identification: '08999966374958', Name: `${firstName} Ada MATC` },
    })
  })

  it('when CoP answers, then the contract\'s BAV attempt keeps its shape and the catalogue names the CoP host', async () => {
    const caller = await givenReseller(app)
    const { caseId, id } = await givenHolder(app, caller, 'MBAM')
    const check = await settledBavCheck(app, caller, caseId)
    const [account] = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })).json()
    assert.equal(account.id, id)
    assert.deepEqual(account.latestBavAttempt, { id: check.id, createTs: account.latestBavAttempt.createTs, bankName: null, riskRating: MEDIUM })
    const catalogue = (await app.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })).json()
    assert.deepEqual(catalogue.find((s: { checkType: string }) => s.checkType === 'BAV'), { serviceId: 2, checkType: 'BAV', provider: `idcheck-modulus + CoP (${new URL(cop.url).host})` })
  })

  it('when the sort code is outside VocaLink\'s table, then CoP is still asked, and a match rates Medium at best', async () => {
    const caller = await givenReseller(app)
    const { caseId, name } = await givenHolder(app, caller, 'MATC', { sortCode: '000000', accountNumber: '12345678' })
    const check = await settledBavCheck(app, caller, caseId)
    assert.deepEqual([check.riskRating, check.result], [MEDIUM, { bankName: null, modulus: 'not_covered', holder: confirmedHolder }])
    assert.equal(cop.requestsFor(name).length, 1)
  })

  it('when the account number is impossible at the sort code, then High without asking CoP', async () => {
    const caller = await givenReseller(app)
    const { caseId, name } = await givenHolder(app, caller, 'MATC', IMPOSSIBLE)
    const check = await settledBavCheck(app, caller, caseId)
    assert.deepEqual([check.status, check.riskRating], ['completed', HIGH])
    assert.deepEqual(check.result, {
      bankName: null, modulus: 'fail',
      holder: { status: 'not_confirmed', code: null, nameOnAccount: null, message: 'The holder was not checked: the account number is not possible at this sort code (modulus check failed).' },
    })
    assert.deepEqual(cop.requestsFor(name), [])
  })
})

describe('production BAV when CoP cannot answer this request', { concurrency: true }, () => {
  const cannot = [
    { why: 'refuses it with 403', lastName: '403', reason: /^The Confirmation of Payee service refused the request \(HTTP 403\), so the account holder could not be checked \(x-fapi-interaction-id [0-9a-f-]{36}\)\.$/ },
    { why: 'answers 200 with something that is not JSON', lastName: 'GARBLED', reason: /^The Confirmation of Payee service gave an answer that could not be read, so the account holder could not be checked \(x-fapi-interaction-id [0-9a-f-]{36}\)\.$/ },
    { why: 'answers with a reason code not in the spec', lastName: 'ZZZZ', reason: /^The Confirmation of Payee service answered reason code "ZZZZ" with Matched false, which is not an answer of the CoP specification, so the account holder could not be checked\.$/ },
  ]
  for (const c of cannot) {
    it(`when CoP ${c.why}, then the check fails at once with the reason, without retrying`, async () => {
      const caller = await givenReseller(app)
      const { caseId, name } = await givenHolder(app, caller, c.lastName)
      const check = await settledBavCheck(app, caller, caseId)
      assert.deepEqual([check.status, check.riskRating, check.result], ['failed', null, null])
      assert.match(check.failureReason!, c.reason)
      assert.ok(!check.failureReason!.includes(TOKEN))
      await sleep(2500) // past the first retry's delay: none comes
      assert.equal(cop.requestsFor(name).length, 1)
    })
  }
})

describe('production BAV when CoP is unavailable', { concurrency: true }, () => {
  const transient = [
    { why: 'does not answer within BAV_COP_TIMEOUT_MS', step: 'hang' as const },
    { why: 'answers 500', step: { status: 500 } },
    { why: 'answers 429', step: { status: 429 } },
  ]
  for (const t of transient) {
    it(`when CoP first ${t.why}, then the check is retried and completes with the next answer`, async () => {
      const caller = await givenReseller(app)
      const firstName = uniqueFirstName()
      cop.script(`${firstName} MATC`, [t.step])
      const caseId = await givenCase(app, caller)
      await givenBankAccount(app, caller, caseId, { ...VALID, firstName, lastName: 'MATC' })
      const check = await settledBavCheck(app, caller, caseId, 20_000)
      assert.deepEqual([check.status, check.riskRating, check.result], ['completed', LOW, { bankName: null, modulus: 'pass', holder: confirmedHolder }])
      assert.equal(cop.requestsFor(`${firstName} MATC`).length, 2)
    })
  }

  it('when CoP answers 503 to every try, then the check is retried up to the limit, fails, and bank_account.bav_failed is sent', async () => {
    const caller = await givenReseller(app)
    const receiver = await startWebhookReceiver()
    try {
      const hook = await app.inject({ method: 'POST', url: '/api/webhooks', headers: caller.auth, payload: { url: receiver.url, events: ['bank_account.bav_failed'] } })
      assert.equal(hook.statusCode, 201, hook.body)
      const firstName = uniqueFirstName()
      cop.script(`${firstName} MATC`, [{ status: 503 }], { forever: true })
      const caseId = await givenCase(app, caller)
      const id = await givenBankAccount(app, caller, caseId, { ...VALID, firstName, lastName: 'MATC' })

      const check = await settledBavCheck(app, caller, caseId, 40_000)
      assert.deepEqual([check.status, check.riskRating, check.result, check.failureReason], ['failed', null, null, 'The BAV provider was unavailable; request a new check later.'])
      // the queue's first try and its `limit` retries
      assert.equal(cop.requestsFor(`${firstName} MATC`).length, app.config.bavRetry.limit + 1)
      const [event] = await receiver.waitForDistinct(1, 20_000)
      const sent = verifySignature(hook.json().secret, event!) as { type: string, data: unknown }
      assert.deepEqual({ type: sent.type, data: sent.data }, {
        type: 'bank_account.bav_failed', data: { caseId, bankAccountId: id, reason: 'The BAV provider was unavailable; request a new check later.' },
      })
      const [account] = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })).json()
      assert.deepEqual([account.latestBavAttempt, account.bavAttemptHistory], [null, []])
    } finally {
      await receiver.close()
    }
  })
})

describe('production BAV without Confirmation of Payee', { concurrency: true }, () => {
  it('when a valid account is checked, then Medium: the modulus check passed but the holder was not confirmed', async () => {
    const caller = await givenReseller(modulusOnly)
    const { caseId } = await givenHolder(modulusOnly, caller, 'MATC')
    const check = await settledBavCheck(modulusOnly, caller, caseId)
    assert.deepEqual([check.status, check.riskRating], ['completed', MEDIUM])
    assert.deepEqual(check.result, {
      bankName: null, modulus: 'pass',
      holder: { status: 'not_confirmed', code: null, nameOnAccount: null, message: 'The holder was not confirmed: no Confirmation of Payee service is configured, so only the modulus check ran.' },
    })
    const catalogue = (await modulusOnly.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })).json()
    assert.deepEqual(catalogue.find((s: { checkType: string }) => s.checkType === 'BAV'), { serviceId: 2, checkType: 'BAV', provider: 'idcheck-modulus' })
  })

  it('when an impossible account is checked, then High', async () => {
    const caller = await givenReseller(modulusOnly)
    const { caseId } = await givenHolder(modulusOnly, caller, 'MATC', IMPOSSIBLE)
    const check = await settledBavCheck(modulusOnly, caller, caseId)
    assert.deepEqual([check.riskRating, (check.result as { modulus: string }).modulus], [HIGH, 'fail'])
  })

  it('when the sort code is outside VocaLink\'s table, then Medium', async () => {
    const caller = await givenReseller(modulusOnly)
    const { caseId } = await givenHolder(modulusOnly, caller, 'MATC', { sortCode: '000000', accountNumber: '12345678' })
    const check = await settledBavCheck(modulusOnly, caller, caseId)
    assert.deepEqual([check.riskRating, (check.result as { modulus: string }).modulus], [MEDIUM, 'not_covered'])
  })
})
