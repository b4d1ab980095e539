import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { answerFor, startCopStandIn } from '../helpers/cop-stand-in.ts'
import { eventually } from '../helpers/eventually.ts'
import { startWorker } from '../helpers/service-processes.ts'
import { adminQuery, ADMIN_URL, baseEnv, call, type Env, freshDatabase, givenResellerByCli, REDIS_URL, SKIP_UNLESS_FAULTS, startApi, tokenFor } from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// Production BAV asks a Confirmation of Payee API: a paid call per request. Real server processes
// take each check from the queue, and a CoP stand-in answers slower than a check's claim is renewed;
// the stand-in counts what it was asked.

const COP_TOKEN = randomBytes(24).toString('base64url')
const VALID = { sortCode: '089999', accountNumber: '66374958' }
/** A check's claim lasts 30 s from its last renewal (src/config: checkLeaseSeconds). */
const LEASE_MS = 30_000

const postgresDown = SKIP_UNLESS_FAULTS ? null : await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

async function productionEnv (t: TestContext, copUrl: string): Promise<Env> {
  return {
    ...baseEnv(),
    IDCHECK_ENVIRONMENT: 'production', DATABASE_URL: await freshDatabase(t), REDIS_URL, METRICS_TOKEN: randomBytes(32).toString('base64url'),
    BAV_COP_URL: copUrl, BAV_COP_TOKEN: COP_TOKEN, BAV_COP_TIMEOUT_MS: '60000',
    LOG_LEVEL: 'info', // the worker says when it has started, and the server where it listens, at info
  }
}

/**
 * A bank account whose holder's name is unique (the stand-in is scripted and counted by name), with
 * `before` run on that name before the account is made; its case, id and that name.
 */
async function givenHolder (base: string, token: string, before: (name: string) => void) {
  const firstName = `Jane${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
  before(`${firstName} Doe`)
  const made = await call(base, 'POST', '/api/cases', token, { urn: `ONCE-${randomBytes(4).toString('hex')}`, type: 'Person', givenNames: firstName, surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })
  assert.equal(made.status, 201, made.text)
  const caseId = made.json.id as number
  const account = await call(base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, { countryCode: 'GB', firstName, lastName: 'Doe', ...VALID })
  assert.equal(account.status, 200, account.text)
  return { caseId, id: account.json as number, name: `${firstName} Doe` }
}

async function bavChecksOf (base: string, token: string, caseId: number): Promise<{ id: number, status: string }[]> {
  const res = await call(base, 'GET', `/api/cases/${caseId}/checks`, token)
  assert.equal(res.status, 200, res.text)
  return (res.json as { id: number, checkType: string, status: string }[]).filter((c) => c.checkType === 'BAV')
}

describeUnless(SKIP_UNLESS_FAULTS || postgresDown, 'each check job runs once, across processes', () => {
  it('production: when CoP answers 7 s late with two processes on the queue, then it is asked once and the bank account gets one attempt', { timeout: 180_000 }, async (t) => {
    const cop = await startCopStandIn(COP_TOKEN)
    const env = await productionEnv(t, cop.url)
    const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
    const api = await startApi(env, { hooks: t })
    const worker = await startWorker(env, { hooks: t }) // a second process on the same queue, as deployed
    const token = await tokenFor(api.base, reseller)
    const holder = await givenHolder(api.base, token, (name) => cop.script(name, [{ ...answerFor('MATC'), delayMs: 7000 }], { forever: true }))

    const [check] = await eventually(() => bavChecksOf(api.base, token, holder.caseId), (list) => list.length === 1 && list[0]!.status !== 'pending',
      { timeoutMs: 60_000, intervalMs: 250, what: `the BAV check settled\n${api.output().slice(-3000)}` })
    await sleep(LEASE_MS + 5000) // past the claim a second runner would wait out, had it found one

    assert.equal(check!.status, 'completed')
    assert.equal(cop.requestsFor(holder.name).length, 1, `CoP was asked ${cop.requestsFor(holder.name).length} times\n${api.output().slice(-3000)}\n${worker.output().slice(-3000)}`)
    const accounts = await call(api.base, 'GET', `/api/cases/${holder.caseId}/bank-accounts`, token)
    assert.equal(accounts.json[0].bavAttemptHistory.length, 1)
    assert.equal(api.hasExited() || worker.hasExited(), false)
  })

  it('production: when the process asking CoP is killed mid-call, then another process finishes the check once its claim lapses, with one attempt', { timeout: 240_000 }, async (t) => {
    const cop = await startCopStandIn(COP_TOKEN)
    const env = await productionEnv(t, cop.url)
    const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
    // The API is the only process on the queue, so it runs the check; its call never gets an answer.
    const api = await startApi(env, { hooks: t })
    const token = await tokenFor(api.base, reseller)
    const holder = await givenHolder(api.base, token, (name) => cop.script(name, ['hang', answerFor('MATC')]))
    await eventually(async () => cop.requestsFor(holder.name).length, (n) => n >= 1, { timeoutMs: 30_000, what: 'the API asking CoP' })
    const killedAt = Date.now()
    await api.kill()
    const worker = await startWorker(env, { hooks: t })

    const second = await startApi(env, { hooks: t }) // only to read the result; the worker does the work
    const [check] = await eventually(() => bavChecksOf(second.base, token, holder.caseId), (list) => list.length === 1 && list[0]!.status !== 'pending',
      { timeoutMs: LEASE_MS + 60_000, intervalMs: 500, what: `the BAV check settled after the kill\n${worker.output().slice(-3000)}` })
    t.diagnostic(`settled ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`)

    assert.equal(check!.status, 'completed')
    assert.equal(cop.requestsFor(holder.name).length, 2, 'the dead process\'s call, then one after its claim lapsed')
    const accounts = await call(second.base, 'GET', `/api/cases/${holder.caseId}/bank-accounts`, token)
    assert.equal(accounts.json[0].bavAttemptHistory.length, 1)
    assert.equal(worker.hasExited(), false)
  })
})
