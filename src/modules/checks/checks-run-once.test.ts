import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { createSlowSandboxBavProviderForTests } from '../../../test/helpers/held-bav-provider.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// A claim lasts 3 s unless renewed, and workers poll every 5 s when no notification wakes them:
// a 7 s provider call outlives both, as a long OCR run or a slow bank outlives 30 s. What happens
// when the runner's process dies mid-call runs with real processes in test/faults/job-runs-once.test.ts.
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
  it('when the provider takes longer than the claim and a polling interval, then it is asked once, and one result and one event are recorded', async () => {
    const slow = createSlowSandboxBavProviderForTests(SLOW_MS)
    const { app } = await buildTestApp({ rateLimitPerSecond: 10_000, checkLeaseSeconds: LEASE_SECONDS }, { bavProvider: slow.provider })
    const owner = await givenReseller(app)
    const receiver = await givenReceiver()
    await givenWebhook(app, owner, receiver.url, ['check.completed'])
    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId, { sortCode: '202959', accountNumber: '63748472' })
    const [check] = await checksOf(app, owner, caseId)

    const done = await eventually(() => checksOf(app, owner, caseId), (list) => list[0]!.status !== 'pending', { timeoutMs: 20_000, what: 'the BAV check settled' })
    // A redelivered job would come back after the run; it must find the check settled.
    await sleep((LEASE_SECONDS + 2) * 1000)

    assert.equal(done.length, 1)
    assert.equal(done[0]!.status, 'completed')
    assert.equal(slow.callsFor(bankAccountId), 1, 'the provider was asked once')
    assert.equal(eventsFor(receiver, check!.id, 'check.completed').length, 1, 'one check.completed event')
    const accounts = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })).json()
    assert.equal(accounts[0].bavAttemptHistory.length, 1, 'one BAV attempt')
  })
})
