import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, givenSubAccount, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

// A spy on the check job (the worker looks the handler up on app.services at each job), so the
// retries of the "unavailable" test account can be observed. Behaviour is unchanged.
const jobRuns: { jobId: string, checkId: number, retryCount: number, failed: boolean }[] = []
const run = app.services.checks.run
app.services.checks.run = async (job) => {
  try {
    await run(job)
    jobRuns.push({ jobId: job.id, checkId: job.data.checkId, retryCount: job.retryCount, failed: false })
  } catch (err) {
    jobRuns.push({ jobId: job.id, checkId: job.data.checkId, retryCount: job.retryCount, failed: true })
    throw err
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const LOW = { id: 1, name: 'Low' }
const MEDIUM = { id: 2, name: 'Medium' }
const HIGH = { id: 3, name: 'High' }
/** How long the tests wait for a job that should not run (test queue polls every 0.5 s). */
const QUIET_MS = 1500

type Res = { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }
type Attempt = { id: number, createTs: string, bankName: string | null, riskRating: { id: number, name: string } }

const requestCheck = (caller: GivenClient, caseId: number, id: number) =>
  app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts/${id}/bav-checks`, headers: caller.auth })

async function bankAccountOf (caller: GivenClient, caseId: number, id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.body, JSON.stringify(res.json()), 'compact JSON, as every other response')
  const found = res.json().find((b: { id: number }) => b.id === id)
  assert.ok(found, `bank account ${id} is not listed`)
  return found as { latestBavAttempt: Attempt | null, bavAttemptHistory: Attempt[], bankName: string | null }
}

/** Waits until the bank account has `count` attempts, then makes sure no more arrive. */
async function attemptsOnceSettled (caller: GivenClient, caseId: number, id: number, count: number) {
  await eventually(() => bankAccountOf(caller, caseId, id), (b) => b.bavAttemptHistory.length >= count, { what: `${count} BAV attempt(s) on bank account ${id}` })
  await sleep(QUIET_MS)
  const account = await bankAccountOf(caller, caseId, id)
  assert.equal(account.bavAttemptHistory.length, count, JSON.stringify(account.bavAttemptHistory))
  assert.deepEqual(account.latestBavAttempt, account.bavAttemptHistory[0])
  return account
}

function assertAttempt (attempt: Attempt, expected: { bankName: string | null, riskRating: { id: number, name: string } }): void {
  assert.ok(Number.isInteger(attempt.id) && attempt.id > 0, JSON.stringify(attempt))
  assert.match(attempt.createTs, ISO_UTC)
  assert.ok(Math.abs(Date.parse(attempt.createTs) - Date.now()) < 60_000, `createTs ${attempt.createTs} is not about now`)
  assert.deepEqual(attempt, { id: attempt.id, createTs: attempt.createTs, ...expected })
}

function assertEmpty404 (res: Res): void {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
  assert.equal(res.headers['content-type'], undefined)
}

// docs/sandbox.md, "Test accounts" and "Any other input".
const SANDBOX_PAIRS = [
  { sortCode: '089999', accountNumber: '66374958', why: 'a listed modulus pass', riskRating: LOW, bankName: 'Sandbox Albion Bank' },
  { sortCode: '107999', accountNumber: '88837491', why: 'the listed Medium pair', riskRating: MEDIUM, bankName: 'Sandbox Pennine Building Society' },
  { sortCode: '202959', accountNumber: '63748472', why: 'the listed High pair', riskRating: HIGH, bankName: 'Sandbox Thames Savings Bank' },
  { sortCode: '180002', accountNumber: '00000190', why: 'a modulus pass on an unnamed sort code', riskRating: LOW, bankName: 'Sandbox Bank' },
  { sortCode: '089999', accountNumber: '66374959', why: 'a modulus fail', riskRating: HIGH, bankName: 'Sandbox Albion Bank' },
  { sortCode: '938063', accountNumber: '15763217', why: 'a modulus fail on a named sort code', riskRating: HIGH, bankName: 'Sandbox Caledonian Bank' },
  { sortCode: '000000', accountNumber: '12345678', why: 'a sort code outside the modulus table', riskRating: MEDIUM, bankName: null },
  { sortCode: '107999', accountNumber: '88837493', why: 'the Medium pair with its last digit changed (modulus fail)', riskRating: HIGH, bankName: 'Sandbox Pennine Building Society' },
  { sortCode: '991234', accountNumber: '12345678', why: 'a sort code in 990000-999999', riskRating: MEDIUM, bankName: null },
]

describe('BAV on a new bank account, with the sandbox test data', { concurrency: true }, () => {
  for (const pair of SANDBOX_PAIRS) {
    it(`when ${pair.sortCode} ${pair.accountNumber} (${pair.why}) is created, then exactly one attempt rated ${pair.riskRating.name}, bank ${pair.bankName}`, async () => {
      const caller = await givenReseller(app)
      const caseId = await givenCase(app, caller)
      const id = await givenBankAccount(app, caller, caseId, { sortCode: pair.sortCode, accountNumber: pair.accountNumber })
      const account = await attemptsOnceSettled(caller, caseId, id, 1)
      assertAttempt(account.bavAttemptHistory[0]!, { bankName: pair.bankName, riskRating: pair.riskRating })
      assert.equal(account.bankName, null, 'the bank account keeps the bankName it was created with')
    })
  }

  it('when the holder, country and bankName differ, then the result is the same and the account keeps its own bankName', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId, {
      sortCode: '107999', accountNumber: '88837491', firstName: 'Zed', middleNames: 'Q', lastName: 'Other', countryCode: 'FR', bankName: 'My Own Bank',
    })
    const account = await attemptsOnceSettled(caller, caseId, id, 1)
    assertAttempt(account.bavAttemptHistory[0]!, { bankName: 'Sandbox Pennine Building Society', riskRating: MEDIUM })
    assert.equal(account.bankName, 'My Own Bank')
  })

  it('when BAV is enabled on a sub-account, then its bank accounts are checked too', async () => {
    const reseller = await givenReseller(app)
    const customer = await givenSubAccount(app, reseller, { enabledServices: [2] })
    const caseId = await givenCase(app, customer)
    const id = await givenBankAccount(app, customer, caseId)
    const account = await attemptsOnceSettled(customer, caseId, id, 1)
    assertAttempt(account.bavAttemptHistory[0]!, { bankName: 'Sandbox Albion Bank', riskRating: LOW })
  })

  it('when the account has no BAV service, then no attempt is ever recorded', async () => {
    const caller = await givenReseller(app, { services: [1] })
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await sleep(QUIET_MS)
    const account = await bankAccountOf(caller, caseId, id)
    assert.equal(account.latestBavAttempt, null)
    assert.deepEqual(account.bavAttemptHistory, [])
    assert.deepEqual(await bavCheckIds(caller, caseId), [], 'no check was queued')
  })
})

describe('POST /api/cases/{caseId}/bank-accounts/{id}/bav-checks', () => {
  it('when a new check is requested, then 202 {"bankAccountId", "status": "queued"} and the history grows to 2, most recent first', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId, { sortCode: '202959', accountNumber: '63748472' })
    const first = (await attemptsOnceSettled(caller, caseId, id, 1)).bavAttemptHistory[0]!

    const res = await requestCheck(caller, caseId, id)

    assert.equal(res.statusCode, 202, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), { bankAccountId: id, status: 'queued' })
    const account = await attemptsOnceSettled(caller, caseId, id, 2)
    const [latest, earlier] = account.bavAttemptHistory
    assert.deepEqual(earlier, first)
    assertAttempt(latest!, { bankName: 'Sandbox Thames Savings Bank', riskRating: HIGH })
    assert.notEqual(latest!.id, first.id)
    assert.ok(Date.parse(latest!.createTs) >= Date.parse(first.createTs), 'most recent first')
    assert.deepEqual(account.latestBavAttempt, latest)
  })

  it('when two more checks are requested, then three attempts, newest first', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1)
    assert.equal((await requestCheck(caller, caseId, id)).statusCode, 202)
    await attemptsOnceSettled(caller, caseId, id, 2)
    assert.equal((await requestCheck(caller, caseId, id)).statusCode, 202)
    const account = await attemptsOnceSettled(caller, caseId, id, 3)
    const times = account.bavAttemptHistory.map((a) => Date.parse(a.createTs))
    assert.deepEqual(times, [...times].sort((a, b) => b - a))
    assert.equal(new Set(account.bavAttemptHistory.map((a) => a.id)).size, 3)
  })

  it('when eight checks are requested at once, then each is 202 (a new attempt) or 409 naming an attempt that was pending, and the list shows every attempt', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1)
    const responses = await Promise.all(Array.from({ length: 8 }, () => requestCheck(caller, caseId, id)))
    for (const r of responses) assert.ok(r.statusCode === 202 || r.statusCode === 409, r.body)
    const accepted = responses.filter((r) => r.statusCode === 202).length
    assert.ok(accepted >= 1)
    const account = await attemptsOnceSettled(caller, caseId, id, 1 + accepted)
    assert.equal(new Set(account.bavAttemptHistory.map((a) => a.id)).size, 1 + accepted)
    const attempts = new Set(account.bavAttemptHistory.slice(0, accepted).map((a) => a.id))
    for (const r of responses.filter((r) => r.statusCode === 409)) assert.ok(attempts.has(r.json().pendingCheckId), r.body)
    assert.deepEqual(account.latestBavAttempt, account.bavAttemptHistory[0])
  })

  it('when the client sends Content-Type: application/json with no body, then 202', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1) // the bank account's own check first, or this one is a 409
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts/${id}/bav-checks`, headers: { ...caller.auth, 'content-type': 'application/json' } })
    assert.equal(res.statusCode, 202, res.body)
  })

  it('when the bank account was deleted, then 404 with an empty body', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    const deleted = await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/bank-accounts/${id}`, headers: caller.auth })
    assert.equal(deleted.statusCode, 204)
    assertEmpty404(await requestCheck(caller, caseId, id))
  })

  it('when the case belongs to another account, then 404 with an empty body', async () => {
    const owner = await givenReseller(app)
    const other = await givenReseller(app)
    const caseId = await givenCase(app, owner)
    const id = await givenBankAccount(app, owner, caseId)
    assertEmpty404(await requestCheck(other, caseId, id))
  })

  it('when the bank account is on another case of the caller, then 404 with an empty body', async () => {
    const caller = await givenReseller(app)
    const caseA = await givenCase(app, caller)
    const caseB = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseA)
    assertEmpty404(await requestCheck(caller, caseB, id))
  })

  it('when the bank account does not exist, then 404 with an empty body', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    assertEmpty404(await requestCheck(caller, caseId, 2_000_000_000))
  })

  it('when the account has no BAV service, then 403 problem details and no attempt', async () => {
    const caller = await givenReseller(app, { services: [1] })
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)

    const res = await requestCheck(caller, caseId, id)

    assert.equal(res.statusCode, 403, res.body)
    assert.equal(res.headers['content-type'], PROBLEM_TYPE)
    assert.deepEqual(res.json(), {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
      title: 'Service Not Enabled',
      status: 403,
      detail: 'Bank account verification (BAV) is not enabled on this account; a reseller enables it with PATCH /api/accounts/{id}.',
    })
    await sleep(QUIET_MS)
    assert.deepEqual((await bankAccountOf(caller, caseId, id)).bavAttemptHistory, [])
  })

  it('when there is no token, then 401', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts/${id}/bav-checks` })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })
})

/** The case's BAV check ids, newest first. */
async function bavCheckIds (caller: GivenClient, caseId: number): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().filter((c: { checkType: string }) => c.checkType === 'BAV').map((c: { id: number }) => c.id)
}

describe('the BAV check job', () => {
  it('when the provider is unavailable (938063 55065200), then the queue tries it once and retries it up to the retry limit; no attempt is recorded and the check fails', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId, { sortCode: '938063', accountNumber: '55065200' })
    const [checkId] = await bavCheckIds(caller, caseId)
    const { limit } = app.config.bavRetry

    await eventually(async () => jobRuns.filter((r) => r.checkId === checkId), (r) => r.length >= limit + 1,
      { timeoutMs: 30_000, intervalMs: 200, what: `${limit + 1} runs of the job` })
    await sleep(4000) // longer than the next backoff step would be: no run beyond the limit

    const all = jobRuns.filter((r) => r.checkId === checkId)
    assert.deepEqual(all.map((r) => [r.retryCount, r.failed]), Array.from({ length: limit + 1 }, (_, i) => [i, true]),
      'the queue\'s first try and `limit` retries, each failing')
    assert.equal(new Set(all.map((r) => r.jobId)).size, 1, 'retries of one job')
    const account = await bankAccountOf(caller, caseId, id)
    assert.equal(account.latestBavAttempt, null)
    assert.deepEqual(account.bavAttemptHistory, [])
    const check = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks/${checkId}`, headers: caller.auth })
    assert.equal(check.statusCode, 200, check.body)
    assert.deepEqual({ ...(check.json() as object), createTs: 'x', completedTs: 'y' }, {
      id: checkId, caseId, checkType: 'BAV', subject: { type: 'bankAccount', id }, status: 'failed', createTs: 'x', completedTs: 'y',
      riskRating: null, result: null, failureReason: 'The BAV provider was unavailable; request a new check later.',
    })
  })

  it('when one job runs twice (a redelivery), then one attempt is recorded', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1)
    const [checkId] = await bavCheckIds(caller, caseId)
    const job = { id: `same-job-${randomBytes(6).toString('hex')}`, data: { checkId: checkId! }, retryCount: 0 }

    await app.services.checks.run(job)
    await app.services.checks.run({ ...job, retryCount: 1 })

    const account = await attemptsOnceSettled(caller, caseId, id, 1)
    assert.equal(account.bavAttemptHistory[0]!.id, checkId)
  })

  it('when one pending check is run by three jobs at the same time, then one attempt is recorded', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1)
    const requested = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'BAV', bankAccountId: id } })
    assert.equal(requested.statusCode, 202, requested.body)
    const job = (n: number) => ({ id: `same-check-${n}-${randomBytes(6).toString('hex')}`, data: { checkId: requested.json().id }, retryCount: 0 })

    await Promise.all([app.services.checks.run(job(1)), app.services.checks.run(job(2)), app.services.checks.run(job(3))])

    await attemptsOnceSettled(caller, caseId, id, 2)
  })

  it('when a job queued before checks existed names only its bank account, then it still records one attempt', async () => {
    const caller = await givenReseller(app)
    const caseId = await givenCase(app, caller)
    const id = await givenBankAccount(app, caller, caseId)
    await attemptsOnceSettled(caller, caseId, id, 1)
    const [legacy] = app.services.checks.jobs().filter((j) => j.name === 'bav.check')

    await legacy!.run({ id: `legacy-${randomBytes(6).toString('hex')}`, data: { bankAccountId: id }, retryCount: 0 })

    await attemptsOnceSettled(caller, caseId, id, 2)
    assert.equal((await bavCheckIds(caller, caseId)).length, 2)
  })
})
