import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import {
  buildTestAppWithDb, type DeliveryView, givenBankAccount, givenCase, givenWebhook, sandboxPairs, sleep, verifySignature, waitForDeliveries,
} from '../../../test/helpers/webhook-fixtures.ts'
import { answers, startWebhookReceiver, waitUntil } from '../../../test/helpers/webhook-receiver.ts'

// Test config: retry schedule × 0.001 (5 ms, 300 ms, 1.8 s, 7.2 s, …), webhookTimeoutMs 2000, queue polling 0.5 s.
// On PostgreSQL the queue listens for new jobs and polls only every 5 s, which is when a deferred retry gets picked up:
// waits that span a retry allow for that.
const RETRY_WAIT_MS = 30_000
const { app, db, config } = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })
// × 0.00002 squeezes the whole schedule (5 s … 24 h, about three days) into a few seconds, to see it run out.
const quick = await buildTestAppWithDb({ rateLimitPerSecond: 10_000, webhookRetryScale: 0.00002 })

async function sendTest (owner: GivenClient, webhookId: number, on = app): Promise<number> {
  const res = await on.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/test`, headers: owner.auth })
  assert.equal(res.statusCode, 202, res.body)
  return res.json().deliveryId
}

const firstAttemptDone = (deliveries: DeliveryView[]) => (deliveries[0]?.attempts.length ?? 0) >= 1

describe('webhook retries', () => {
  it('when the receiver always answers 500, then all 10 attempts run, the delivery ends failed, and a manual retry sends it again', async () => {
    const owner = await givenReseller(quick.app)
    const receiver = await startWebhookReceiver(answers.serverError)
    const webhook = await givenWebhook(quick.app, owner, receiver.url)
    const caseId = await givenCase(quick.app, owner)
    const bankAccountId = await givenBankAccount(quick.app, owner, caseId, sandboxPairs.low)

    const [failed] = await waitForDeliveries(quick.app, owner, webhook.id, (d) => d[0]?.status === 'failed', 120_000, 'the delivery to fail')

    assert.ok(failed)
    assert.deepEqual({ status: failed.status, attemptCount: failed.attemptCount, nextAttemptAt: failed.nextAttemptAt }, { status: 'failed', attemptCount: 10, nextAttemptAt: null })
    assert.deepEqual(failed.attempts.map((a) => [a.attemptNumber, a.statusCode, a.error, a.responseBody]),
      Array.from({ length: 10 }, (_, i) => [10 - i, 500, null, null])) // a loopback receiver's answer is never stored
    await sleep(500)
    assert.equal(receiver.requests.length, 10, 'no attempt after the schedule ran out')
    assert.equal(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size, 1)
    for (const request of receiver.requests) assert.equal((verifySignature(webhook.secret, request) as { data: { bankAccountId: number } }).data.bankAccountId, bankAccountId)

    receiver.answer(answers.ok)
    const res = await quick.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/deliveries/${failed.id}/retry`, headers: owner.auth })

    assert.equal(res.statusCode, 202, res.body)
    assert.deepEqual(res.json(), { deliveryId: failed.id, status: 'queued' })
    const [retried] = await waitForDeliveries(quick.app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS, 'the retried delivery to succeed')
    assert.deepEqual(retried?.attempts.slice(0, 2).map((a) => [a.attemptNumber, a.statusCode]), [[11, 200], [10, 500]])
    assert.equal(retried?.attemptCount, 11)
    assert.equal(receiver.requests.length, 11)
    verifySignature(webhook.secret, receiver.requests[10]!)
  })

  it('when the receiver answers 410 Gone, then the endpoint is disabled: 404 to the API and no more deliveries', async () => {
    const owner = await givenReseller(app)
    const gone = await startWebhookReceiver(answers.gone)
    const sentinel = await startWebhookReceiver()
    const webhook = await givenWebhook(app, owner, gone.url)
    await givenWebhook(app, owner, sentinel.url)
    const caseId = await givenCase(app, owner)
    await givenBankAccount(app, owner, caseId, sandboxPairs.low)
    await gone.waitFor((r) => r.length === 1, 30_000)
    await waitUntil(async () => (await app.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}`, headers: owner.auth })).statusCode === 404 || undefined, 10_000, 'the endpoint to be disabled')

    await givenBankAccount(app, owner, caseId, sandboxPairs.medium)
    await sentinel.waitForDistinct(2, 30_000)
    await sleep(500)

    assert.equal(gone.requests.length, 1)
    const res = await app.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}`, headers: owner.auth })
    assert.equal(res.statusCode, 404)
    assert.ok(!(await app.inject({ method: 'GET', url: '/api/webhooks', headers: owner.auth })).json().some((e: { id: number }) => e.id === webhook.id))
    const stored = await db.query<{ status: string, attempts: number[] }>(
      `SELECT d.status, array_agg(a.status_code ORDER BY a.attempt_number) AS attempts
       FROM webhook_deliveries d JOIN webhook_delivery_attempts a ON a.delivery_id = d.id WHERE d.endpoint_id = $1 GROUP BY d.id`, [webhook.id])
    assert.deepEqual(stored, [{ status: 'failed', attempts: [410] }])
    const [endpoint] = await db.query<{ reason: string }>('SELECT disabled_reason AS reason FROM webhook_endpoints WHERE id = $1', [webhook.id])
    assert.equal(endpoint?.reason, 'receiver answered 410 Gone')
  })

  it('when the receiver answers 302, then the redirect is not followed and the delivery is retried', async () => {
    const owner = await givenReseller(app)
    const elsewhere = await startWebhookReceiver()
    const receiver = await startWebhookReceiver(answers.status(302, '', { location: elsewhere.url }))
    const webhook = await givenWebhook(app, owner, receiver.url)

    await sendTest(owner, webhook.id)
    const [redirected] = await waitForDeliveries(app, owner, webhook.id, firstAttemptDone, 10_000)
    receiver.answer(answers.ok)
    const [delivered] = await waitForDeliveries(app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS)

    const first = redirected?.attempts.at(-1)
    assert.deepEqual({ attemptNumber: first?.attemptNumber, statusCode: first?.statusCode, error: first?.error },
      { attemptNumber: 1, statusCode: 302, error: 'webhook receiver answered 302 (redirect), which is not followed' })
    assert.ok((delivered?.attemptCount ?? 0) >= 2)
    assert.equal(elsewhere.requests.length + elsewhere.strays.length, 0, 'the redirect target was called')
    assert.equal(receiver.strays.length, 0)
  })

  it('when a loopback receiver answers with a long body, then none of it is stored, on success and on failure', async () => {
    const owner = await givenReseller(app)
    const long = 'abcdefghij'.repeat(500)
    const receiver = await startWebhookReceiver(answers.status(500, long))
    const webhook = await givenWebhook(app, owner, receiver.url)

    await sendTest(owner, webhook.id)
    await waitForDeliveries(app, owner, webhook.id, firstAttemptDone, 10_000)
    receiver.answer(answers.status(200, long))
    const [delivery] = await waitForDeliveries(app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS)

    const [success] = delivery?.attempts ?? []
    const firstFailure = delivery?.attempts.at(-1)
    assert.deepEqual([success?.statusCode, success?.responseBody], [200, null])
    assert.deepEqual([firstFailure?.statusCode, firstFailure?.responseBody], [500, null])
  })

  it('when the receiver answers with text that is not clean UTF-8, then the attempt is still recorded', async () => {
    const owner = await givenReseller(app)
    // A NUL byte cannot be stored in a PostgreSQL text column; a cut through a 2-byte character must not overflow the 1 KB.
    const receiver = await startWebhookReceiver(answers.status(200, `ok\u0000${'é'.repeat(1000)}`))
    const webhook = await givenWebhook(app, owner, receiver.url)

    await sendTest(owner, webhook.id)
    const [delivery] = await waitForDeliveries(app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS, 'the delivery to succeed')

    // What would be kept of a public receiver's answer is storableText's (webhook-sender.test.ts); a loopback one's is not kept.
    assert.deepEqual([delivery?.attempts[0]?.statusCode, delivery?.attempts[0]?.responseBody], [200, null])
    assert.equal(receiver.requests.length, 1)
  })

  it('when the receiver is slower than the timeout, then the attempt counts as failed and is retried', async () => {
    const owner = await givenReseller(app)
    const receiver = await startWebhookReceiver(answers.slow(config.webhookTimeoutMs + 1500))
    const webhook = await givenWebhook(app, owner, receiver.url)

    const deliveryId = await sendTest(owner, webhook.id)
    await waitForDeliveries(app, owner, webhook.id, firstAttemptDone, 15_000)
    receiver.answer(answers.ok)
    const [delivery] = await waitForDeliveries(app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS)

    const [last, ...timedOut] = delivery?.attempts ?? []
    assert.equal(last?.statusCode, 200)
    assert.ok(timedOut.length >= 1)
    for (const attempt of timedOut) {
      assert.deepEqual([attempt.statusCode, attempt.error], [null, `timed out after ${config.webhookTimeoutMs} ms`])
      assert.ok(attempt.durationMs >= config.webhookTimeoutMs && attempt.durationMs < config.webhookTimeoutMs + 1000, `${attempt.durationMs} ms`)
    }
    assert.ok(receiver.requests.length >= 2)
    assert.ok(receiver.requests.every((r) => r.headers['webhook-id'] === `msg_${deliveryId}`))
  })

  it('when the receiver answers 503 with Retry-After, then the next attempt waits that long (scaled like the schedule)', async () => {
    const owner = await givenReseller(app)
    // 3000 s × 0.001 = 3 s, far beyond the 5 ms the schedule alone would wait.
    const receiver = await startWebhookReceiver(answers.status(503, 'busy', { 'retry-after': '3000' }))
    const webhook = await givenWebhook(app, owner, receiver.url)

    await sendTest(owner, webhook.id)
    const [waiting] = await waitForDeliveries(app, owner, webhook.id, firstAttemptDone, 10_000)
    receiver.answer(answers.ok)
    const [delivered] = await waitForDeliveries(app, owner, webhook.id, (d) => d[0]?.status === 'succeeded', RETRY_WAIT_MS)

    const failedAt = Date.parse(waiting!.attempts[0]!.createdAt)
    const nextAt = Date.parse(waiting!.nextAttemptAt!)
    assert.equal(waiting?.status, 'pending')
    assert.ok(nextAt - failedAt >= 2800 && nextAt - failedAt <= 3500, `next attempt ${nextAt - failedAt} ms after the 503`)
    assert.deepEqual(delivered?.attempts.map((a) => [a.attemptNumber, a.statusCode]), [[2, 200], [1, 503]])
    assert.ok(Date.parse(delivered!.attempts[0]!.createdAt) >= nextAt - 50)
  })

  it('when the endpoint is deleted while a delivery waits for its retry, then the retry is not sent', async () => {
    const owner = await givenReseller(app)
    const receiver = await startWebhookReceiver(answers.status(503, 'busy', { 'retry-after': '1500' }))
    const webhook = await givenWebhook(app, owner, receiver.url)
    const deliveryId = await sendTest(owner, webhook.id)
    await waitForDeliveries(app, owner, webhook.id, firstAttemptDone, 10_000)

    const res = await app.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.id}`, headers: owner.auth })

    assert.equal(res.statusCode, 204)
    await waitUntil(async () => (await db.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [deliveryId]))[0]?.status === 'failed' || undefined,
      RETRY_WAIT_MS, 'the pending delivery to be closed')
    assert.equal(receiver.requests.length, 1)
    assert.equal((await app.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries`, headers: owner.auth })).statusCode, 404)
  })
})
