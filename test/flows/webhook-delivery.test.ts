import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { givenReseller, type GivenClient } from '../helpers/given.ts'
import {
  buildTestAppWithDb, deliveriesOf, givenBankAccount, givenCase, givenWebhook, sandboxPairs, type SandboxPair, verifySignature, waitForDeliveries,
} from '../helpers/webhook-fixtures.ts'
import { answers, distinctById, type ReceivedRequest, startWebhookReceiver } from '../helpers/webhook-receiver.ts'

// A black-box run: a local receiver, real bank accounts through the sandbox BAV, every signature
// checked with the standardwebhooks library, the receiver taken down and brought back. Test config: retry
// schedule × 0.001 (5 ms, 300 ms, 1.8 s, 7.2 s, …), webhookTimeoutMs 2000, queue polling 0.5 s.
const { app } = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })

const ALL_PAIRS: SandboxPair[] = Object.values(sandboxPairs)

interface BavCompleted {
  type: 'bank_account.bav_completed'
  timestamp: string
  data: { caseId: number, bankAccountId: number, bavAttempt: { id: number, createTs: string, bankName: string | null, riskRating: { id: number, name: string } } }
}

async function bankAccountsOf (owner: GivenClient, caseId: number) {
  const res = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: owner.auth })
  assert.equal(res.statusCode, 200, res.body)
  return res.json() as Array<{ id: number, latestBavAttempt: BavCompleted['data']['bavAttempt'] | null, bavAttemptHistory: BavCompleted['data']['bavAttempt'][] }>
}

/** One bank account per pair on a new case; the ids in the pairs' order. */
async function givenBankAccounts (owner: GivenClient, pairs: ReadonlyArray<{ sortCode: string, accountNumber: string }>) {
  const caseId = await givenCase(app, owner)
  const ids: number[] = []
  for (const pair of pairs) ids.push(await givenBankAccount(app, owner, caseId, pair))
  return { caseId, ids }
}

/** The event each bank account announced, after checking its signature with the library's verify. */
function verifiedEvents (secret: string, requests: readonly ReceivedRequest[]): Map<number, { event: BavCompleted, raw: ReceivedRequest }> {
  const byAccount = new Map<number, { event: BavCompleted, raw: ReceivedRequest }>()
  for (const raw of requests) {
    const event = verifySignature(secret, raw) as BavCompleted
    assert.equal(event.type, 'bank_account.bav_completed')
    byAccount.set(event.data.bankAccountId, { event, raw })
  }
  return byAccount
}

describe('bank account events', () => {
  it('when bank accounts are verified, then each event arrives signed, with exactly the attempt the bank account shows', async () => {
    const owner = await givenReseller(app)
    const receiver = await startWebhookReceiver()
    const onlyFailures = await startWebhookReceiver()
    const webhook = await givenWebhook(app, owner, receiver.url, ['bank_account.bav_completed'])
    await givenWebhook(app, owner, onlyFailures.url, ['bank_account.bav_failed'])
    const startedAt = Date.now()

    const { caseId, ids } = await givenBankAccounts(owner, ALL_PAIRS)

    const received = await receiver.waitForDistinct(ids.length, 30_000)
    assert.equal(received.length, ids.length)
    const events = verifiedEvents(webhook.secret, receiver.requests)
    assert.deepEqual([...events.keys()].sort((a, b) => a - b), [...ids].sort((a, b) => a - b))
    const shown = await bankAccountsOf(owner, caseId)
    for (const [index, id] of ids.entries()) {
      const pair = ALL_PAIRS[index]!
      const { event, raw } = events.get(id)!
      const account = shown.find((a) => a.id === id)!
      assert.ok(account.latestBavAttempt, `bank account ${id} shows no attempt`)
      const expected: BavCompleted = {
        type: 'bank_account.bav_completed',
        timestamp: event.timestamp,
        data: {
          caseId,
          bankAccountId: id,
          bavAttempt: { id: account.latestBavAttempt.id, createTs: account.latestBavAttempt.createTs, bankName: pair.bankName, riskRating: { ...pair.riskRating } },
        },
      }
      // Byte for byte: the signature covers the raw body, so its exact shape and key order are part of the contract.
      assert.equal(raw.body, JSON.stringify(expected))
      assert.deepEqual(event.data.bavAttempt, account.latestBavAttempt)
      assert.deepEqual(account.bavAttemptHistory, [account.latestBavAttempt])
      assert.ok(Date.parse(event.timestamp) >= startedAt - 1000 && Date.parse(event.timestamp) <= Date.now())
      assert.equal(raw.method, 'POST')
      assert.equal(raw.headers['content-type'], 'application/json')
      assert.match(String(raw.headers['webhook-id']), /^msg_\d+$/)
      assert.match(String(raw.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/)
    }
    assert.equal(onlyFailures.requests.length, 0, 'an endpoint subscribed to bav_failed only got a bav_completed')
  })

  it('when a BAV check cannot complete, then a bank_account.bav_failed event goes to the endpoints subscribed to it', async () => {
    const owner = await givenReseller(app)
    const failures = await startWebhookReceiver()
    const completions = await startWebhookReceiver()
    const webhook = await givenWebhook(app, owner, failures.url, ['bank_account.bav_failed'])
    await givenWebhook(app, owner, completions.url, ['bank_account.bav_completed'])

    // docs/sandbox.md: this pair makes the sandbox provider unavailable on every call; the test config retries twice.
    const { caseId, ids: [bankAccountId] } = await givenBankAccounts(owner, [{ sortCode: '938063', accountNumber: '55065200' }])

    const [received] = await failures.waitForDistinct(1, 30_000)
    const event = verifySignature(webhook.secret, received!) as { timestamp: string }
    assert.equal(received!.body, JSON.stringify({
      type: 'bank_account.bav_failed',
      timestamp: event.timestamp,
      data: { caseId, bankAccountId, reason: 'The BAV provider was unavailable; request a new check later.' },
    }))
    assert.deepEqual((await bankAccountsOf(owner, caseId)).map((a) => a.latestBavAttempt), [null])
    assert.equal(completions.requests.length, 0)
  })

  it('when the receiver is down, then answers 500, then is up again, then every event arrives and the log shows each attempt', async () => {
    const owner = await givenReseller(app)
    const receiver = await startWebhookReceiver()
    const webhook = await givenWebhook(app, owner, receiver.url)
    await receiver.down()

    const { ids } = await givenBankAccounts(owner, [sandboxPairs.low, sandboxPairs.medium, sandboxPairs.high, sandboxPairs.notCovered])

    const everyDelivery = (test: (d: Awaited<ReturnType<typeof deliveriesOf>>[number]) => boolean) =>
      (deliveries: Awaited<ReturnType<typeof deliveriesOf>>) => deliveries.length === ids.length && deliveries.every(test)
    await waitForDeliveries(app, owner, webhook.id, everyDelivery((d) => d.attempts.some((a) => a.statusCode === null)), 30_000, 'a refused attempt on every delivery')
    assert.equal(receiver.requests.length, 0)
    receiver.answer(answers.serverError)
    await receiver.up()
    await waitForDeliveries(app, owner, webhook.id, everyDelivery((d) => d.attempts.some((a) => a.statusCode === 500)), 30_000, 'a 500 attempt on every delivery')
    receiver.answer(answers.ok)

    await receiver.waitFor((r) => distinctById(r.filter((x) => x.answeredStatus === 200)).length >= ids.length, 60_000, 'every event answered 200')
    const events = verifiedEvents(webhook.secret, receiver.requests)
    assert.deepEqual([...events.keys()].sort((a, b) => a - b), [...ids].sort((a, b) => a - b))
    assert.equal(distinctById(receiver.requests).length, ids.length, 'one webhook-id per bank account')

    const deliveries = await waitForDeliveries(app, owner, webhook.id, everyDelivery((d) => d.status === 'succeeded'), 10_000, 'every delivery succeeded')
    for (const delivery of deliveries) {
      const [last, ...failed] = delivery.attempts
      assert.ok(last)
      assert.equal(delivery.eventType, 'bank_account.bav_completed')
      assert.equal(delivery.attemptCount, delivery.attempts.length)
      assert.equal(delivery.nextAttemptAt, null)
      assert.deepEqual(delivery.attempts.map((a) => a.attemptNumber), Array.from({ length: delivery.attemptCount }, (_, i) => delivery.attemptCount - i))
      assert.deepEqual({ statusCode: last.statusCode, error: last.error, responseBody: last.responseBody }, { statusCode: 200, error: null, responseBody: null })
      assert.ok(failed.length >= 2)
      for (const attempt of failed) {
        if (attempt.statusCode === null) assert.match(String(attempt.error), /ECONNREFUSED/)
        else assert.deepEqual({ statusCode: attempt.statusCode, error: attempt.error, responseBody: attempt.responseBody }, { statusCode: 500, error: null, responseBody: null })
      }
      // Refused first, then 500s, then the success: the log tells the story in order, newest first.
      assert.ok(failed.at(-1)?.statusCode === null)
      for (const attempt of delivery.attempts) assert.ok(Number.isInteger(attempt.durationMs) && attempt.durationMs >= 0)
      const times = delivery.attempts.map((a) => Date.parse(a.createdAt))
      assert.deepEqual(times, [...times].sort((a, b) => b - a))
    }
  })

  it('when the receiver is down for a while and then up, then a second endpoint of the account gets every event meanwhile', async () => {
    const owner = await givenReseller(app)
    const flaky = await startWebhookReceiver()
    const steady = await startWebhookReceiver()
    const flakyHook = await givenWebhook(app, owner, flaky.url)
    const steadyHook = await givenWebhook(app, owner, steady.url)
    await flaky.down()

    const { ids } = await givenBankAccounts(owner, [sandboxPairs.low, sandboxPairs.modulusFail])

    await steady.waitForDistinct(ids.length, 30_000)
    await waitForDeliveries(app, owner, flakyHook.id, (d) => d.length === ids.length && d.every((x) => x.attemptCount >= 1), 30_000)
    await flaky.up()
    await flaky.waitForDistinct(ids.length, 60_000)
    assert.equal(verifiedEvents(steadyHook.secret, steady.requests).size, ids.length)
    assert.equal(verifiedEvents(flakyHook.secret, flaky.requests).size, ids.length)
    assert.throws(() => verifiedEvents(steadyHook.secret, flaky.requests), /signature/i, 'each endpoint signs with its own secret')
  })
})
