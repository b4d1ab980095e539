import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { connectDatabase } from '../../infra/db/connect.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { createSandboxBavProviderForTests, createSlowSandboxBavProviderForTests } from '../../../test/helpers/held-bav-provider.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// The stored copy of a job run here is due 1 s after its commit (workers, woken by notifications,
// poll every 5 s), and a claim lasts 3 s unless renewed: a 7 s provider call outlives all three, as
// a long OCR run or a slow bank outlives 15 s and 30 s.
const FALLBACK_SECONDS = 1
const LEASE_SECONDS = 3
const SLOW_MS = 7000

type Check = { id: number, status: string, subject: { type: string, id: number }, failureReason: string | null }

/** The case's BAV checks (its AML check, made with the case, is not under test). */
const checksOf = async (app: Awaited<ReturnType<typeof buildTestApp>>['app'], caller: GivenClient, caseId: number) =>
  ((await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]).filter((c) => c.subject.type === 'bankAccount')

// One receiver per test: each test's app has a database of its own, so check ids repeat between them.
async function givenReceiver () {
  const receiver = await startWebhookReceiver()
  after(() => receiver.close())
  return receiver
}

const eventsFor = (receiver: WebhookReceiver, checkId: number, type: string) =>
  receiver.requests.filter((r) => { const e = JSON.parse(r.body); return e.type === type && e.data?.check?.id === checkId })

describe('each check job runs once', () => {
  it('when the provider takes longer than the fallback delay and the claim, then it is asked once, and one result and one event are recorded', async () => {
    const slow = createSlowSandboxBavProviderForTests(SLOW_MS)
    const { app } = await buildTestApp({ rateLimitPerSecond: 10_000, runHereFallbackSeconds: FALLBACK_SECONDS, checkLeaseSeconds: LEASE_SECONDS }, { bavProvider: slow.provider })
    const owner = await givenReseller(app)
    const receiver = await givenReceiver()
    await givenWebhook(app, owner, receiver.url, ['check.completed'])
    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId, { sortCode: '202959', accountNumber: '63748472' })
    const [check] = await checksOf(app, owner, caseId)

    const done = await eventually(() => checksOf(app, owner, caseId), (list) => list[0]!.status !== 'pending', { timeoutMs: 20_000, what: 'the BAV check settled' })
    // The stored copy and its postponements come back after the run; they must find it settled.
    await sleep((FALLBACK_SECONDS + LEASE_SECONDS + 2) * 1000)

    assert.equal(done.length, 1)
    assert.equal(done[0]!.status, 'completed')
    assert.equal(slow.callsFor(bankAccountId), 1, 'the provider was asked once')
    assert.equal(eventsFor(receiver, check!.id, 'check.completed').length, 1, 'one check.completed event')
    const accounts = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })).json()
    assert.equal(accounts[0].bavAttemptHistory.length, 1, 'one BAV attempt')
  })

  it('when the runner holding a check stops renewing its claim (its process stalled or died), then the queue finishes the check once the claim lapses', async () => {
    const held = createSandboxBavProviderForTests('44444444')
    const config = testConfig({ rateLimitPerSecond: 10_000, runHereFallbackSeconds: FALLBACK_SECONDS, checkLeaseSeconds: LEASE_SECONDS })
    const connection = await connectDatabase(config)
    const { app } = await buildTestApp(config, { connection, bavProvider: held.provider })
    after(() => connection.db.close())
    const owner = await givenReseller(app)
    const receiver = await givenReceiver()
    await givenWebhook(app, owner, receiver.url, ['check.completed'])
    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId, { sortCode: '000000', accountNumber: '44444444' })
    const [check] = await checksOf(app, owner, caseId)
    await eventually(async () => held.waiting(), (n) => n === 1, { what: 'the first runner with the provider' })

    // The first runner's claim lapses as if its process had stopped: it can no longer renew it.
    await connection.db.query(`UPDATE checks SET claimed_until = clock_timestamp() - interval '1 second' WHERE id = $1`, [check!.id])
    await eventually(async () => held.waiting(), (n) => n === 2, { timeoutMs: 15_000, what: 'the queue\'s runner with the provider' })
    held.releaseLast()

    const done = await eventually(() => checksOf(app, owner, caseId), (list) => list[0]!.status !== 'pending', { what: 'the check settled by the queue\'s runner' })
    assert.equal(done[0]!.status, 'completed')
    assert.equal(held.waiting(), 1, 'the first runner is still stuck with the provider')
    await receiver.waitFor(() => eventsFor(receiver, check!.id, 'check.completed').length === 1, 5000, 'the check.completed event')

    // The first runner's late answer finds the check settled: no second result, no second event.
    held.releaseAll()
    await sleep(1500)
    assert.equal(held.calls.filter((c) => c.id === bankAccountId).length, 2)
    assert.equal(eventsFor(receiver, check!.id, 'check.completed').length, 1)
    const accounts = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })).json()
    assert.equal(accounts[0].bavAttemptHistory.length, 1, 'one BAV attempt')
  })
})
