import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createSecretBox } from '../../infra/security/secret-box.ts'
import { givenReseller, givenSubAccount, type GivenClient } from '../../../test/helpers/given.ts'
import { buildTestAppWithDb, deliveriesOf, givenWebhook, verifySignature, waitForDeliveries } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app, config, db } = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })
const receiver = await startWebhookReceiver()

const EVENTS_MESSAGE = 'The events field must be a non-empty list of distinct event types: bank_account.bav_completed, bank_account.bav_failed, check.completed, check.failed, document.extracted, document.extraction_failed.'
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const request = (caller: GivenClient, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: caller.auth, ...(payload && { payload }) })

function assertEmpty404 (res: { statusCode: number, body: string }, what: string) {
  assert.equal(res.statusCode, 404, `${what}: ${res.body}`)
  assert.equal(res.body, '', what)
}

describe('webhook endpoints', () => {
  it('when an endpoint is registered, then 201 with Location and the endpoint with its whsec_ secret', async () => {
    const owner = await givenReseller(app)

    const res = await request(owner, 'POST', '/api/webhooks', { url: receiver.url, events: ['bank_account.bav_completed', 'bank_account.bav_failed'] })

    assert.equal(res.statusCode, 201, res.body)
    const body = res.json()
    assert.equal(res.headers.location, `/api/webhooks/${body.id}`)
    assert.deepEqual(Object.keys(body).sort(), ['createdAt', 'events', 'id', 'secret', 'url'])
    assert.ok(Number.isInteger(body.id) && body.id > 0)
    assert.equal(body.url, receiver.url)
    assert.deepEqual(body.events, ['bank_account.bav_completed', 'bank_account.bav_failed'])
    assert.match(body.createdAt, ISO_UTC)
    assert.match(body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.equal(Buffer.from(body.secret.slice('whsec_'.length), 'base64').length, 32)
  })

  it('when two endpoints are registered, then each gets a secret of its own', async () => {
    const owner = await givenReseller(app)

    const first = await givenWebhook(app, owner, receiver.url)
    const second = await givenWebhook(app, owner, receiver.url)

    assert.notEqual(first.secret, second.secret)
  })

  const invalid: Array<[string, object, string[]]> = [
    ['an unknown event', { url: receiver.url, events: ['bank_account.created'] }, [EVENTS_MESSAGE]],
    ['an empty events list', { url: receiver.url, events: [] }, [EVENTS_MESSAGE]],
    ['a repeated event', { url: receiver.url, events: ['bank_account.bav_completed', 'bank_account.bav_completed'] }, [EVENTS_MESSAGE]],
    ['events as a string', { url: receiver.url, events: 'bank_account.bav_completed' }, ['The events field must be an array.']],
    ['no events', { url: receiver.url }, ['The events field is required.']],
    ['no url', { events: ['bank_account.bav_completed'] }, ['The url field is required.']],
    ['an ftp:// url', { url: 'ftp://example.com/hooks', events: ['bank_account.bav_completed'] }, ['The url field is not acceptable: webhook URL must use http or https.']],
    ['a relative url', { url: '/hooks', events: ['bank_account.bav_completed'] }, ['The url field is not acceptable: webhook URL is not a valid absolute URL.']],
    ['a url with credentials', { url: 'https://user:pass@example.com/hooks', events: ['bank_account.bav_completed'] }, ['The url field is not acceptable: webhook URL must not contain credentials.']],
  ]
  for (const [what, payload, errors] of invalid) {
    it(`when registered with ${what}, then 400 {"errors":[…]} and nothing is stored`, async () => {
      const owner = await givenReseller(app)

      const res = await request(owner, 'POST', '/api/webhooks', payload)

      assert.equal(res.statusCode, 400, res.body)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      assert.deepEqual(res.json(), { errors })
      assert.deepEqual((await request(owner, 'GET', '/api/webhooks')).json(), [])
    })
  }

  it('when endpoints are listed or fetched, then they show without the secret, oldest first, only the caller\'s', async () => {
    const owner = await givenReseller(app)
    const other = await givenReseller(app)
    const first = await givenWebhook(app, owner, receiver.url)
    const second = await givenWebhook(app, owner, `${receiver.url}?second`, ['bank_account.bav_failed'])
    await givenWebhook(app, other, receiver.url)
    const { secret: _1, ...firstView } = first
    const { secret: _2, ...secondView } = second

    const list = await request(owner, 'GET', '/api/webhooks')
    const one = await request(owner, 'GET', `/api/webhooks/${second.id}`)

    assert.equal(list.statusCode, 200, list.body)
    assert.deepEqual(list.json(), [firstView, secondView])
    assert.equal(one.statusCode, 200, one.body)
    assert.deepEqual(one.json(), secondView)
    assert.ok(!list.body.includes('whsec_') && !one.body.includes('whsec_'))
  })

  it('when the secret is stored, then the table holds only a ciphertext that opens with the service key', async () => {
    const owner = await givenReseller(app)
    const created = await givenWebhook(app, owner, receiver.url)

    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM webhook_endpoints WHERE id = $1', [created.id])

    assert.ok(row)
    const key = created.secret.slice('whsec_'.length)
    for (const [column, value] of Object.entries(row)) {
      assert.ok(!String(value).includes(key), `column ${column} holds the secret in clear`)
      assert.ok(!String(value).includes(Buffer.from(key, 'base64').toString('hex')), `column ${column} holds the secret as hex`)
    }
    assert.match(String(row.secret_ciphertext), /^v2\.[A-Za-z0-9_-]{8}\./)
    assert.equal(createSecretBox({ ...config.webhookSecretKeys }, 'webhook-signing-secrets').open(String(row.secret_ciphertext)), created.secret)
  })

  it('when an endpoint is deleted, then 204, and afterwards get, delete, test and deliveries answer 404', async () => {
    const owner = await givenReseller(app)
    const created = await givenWebhook(app, owner, receiver.url)

    const res = await request(owner, 'DELETE', `/api/webhooks/${created.id}`)

    assert.equal(res.statusCode, 204, res.body)
    assert.equal(res.body, '')
    assertEmpty404(await request(owner, 'GET', `/api/webhooks/${created.id}`), 'GET')
    assertEmpty404(await request(owner, 'DELETE', `/api/webhooks/${created.id}`), 'DELETE again')
    assertEmpty404(await request(owner, 'POST', `/api/webhooks/${created.id}/test`), 'test')
    assertEmpty404(await request(owner, 'GET', `/api/webhooks/${created.id}/deliveries`), 'deliveries')
    assert.deepEqual((await request(owner, 'GET', '/api/webhooks')).json(), [])
  })

  it('when the id in the path is not a positive integer, then 400 {"errors":[…]}', async () => {
    const owner = await givenReseller(app)

    const res = await request(owner, 'GET', '/api/webhooks/0')

    assert.equal(res.statusCode, 400, res.body)
    assert.deepEqual(res.json(), { errors: ['The id in the path must be a positive integer.'] })
  })

  it('when called without a token, then 401 problem details', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['bank_account.bav_completed'] } })

    assert.equal(res.statusCode, 401, res.body)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })

  it('when the API description is read, then registering lists the 409 of a full account with its exact body', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' })

    assert.equal(res.statusCode, 200)
    const conflict = res.json().paths['/api/webhooks'].post.responses['409']
    assert.deepEqual(conflict.content['application/json'].examples.tooManyEndpoints.value,
      { errors: ['An account can have at most 20 webhook endpoints; delete one first.'] })
  })
})

describe('test events and the delivery log', () => {
  it('when a test event is sent, then 202 {deliveryId, status:"queued"} and the receiver gets a signed webhook.test', async () => {
    const owner = await givenReseller(app)
    const created = await givenWebhook(app, owner, receiver.url)
    const startedAt = Date.now()

    const res = await request(owner, 'POST', `/api/webhooks/${created.id}/test`)

    assert.equal(res.statusCode, 202, res.body)
    const { deliveryId } = res.json()
    assert.deepEqual(res.json(), { deliveryId, status: 'queued' })
    const [received] = (await receiver.waitFor((r) => r.some((x) => x.headers['webhook-id'] === `msg_${deliveryId}`), 10_000))
      .filter((x) => x.headers['webhook-id'] === `msg_${deliveryId}`)
    assert.ok(received)
    const event = verifySignature(created.secret, received) as { timestamp: string }
    assert.deepEqual(event, { type: 'webhook.test', timestamp: event.timestamp, data: { webhookId: created.id, message: 'This is a test event from idcheck.' } })
    assert.ok(Date.parse(event.timestamp) >= startedAt - 1000 && Date.parse(event.timestamp) <= Date.now())
    assert.equal(received.method, 'POST')
    assert.equal(received.headers['content-type'], 'application/json')
    assert.ok(Math.abs(Number(received.headers['webhook-timestamp']) - Date.now() / 1000) < 30)
  })

  it('when a test event was delivered, then the delivery log shows it succeeded on attempt 1 with 200 and a duration', async () => {
    const owner = await givenReseller(app)
    const created = await givenWebhook(app, owner, receiver.url)
    const { deliveryId } = (await request(owner, 'POST', `/api/webhooks/${created.id}/test`)).json()

    const [delivery] = await waitForDeliveries(app, owner, created.id, (d) => d[0]?.status === 'succeeded', 10_000)

    assert.ok(delivery)
    const [attempt] = delivery.attempts
    assert.ok(attempt)
    assert.deepEqual(delivery, {
      id: deliveryId, webhookId: `msg_${deliveryId}`, eventId: delivery.eventId, eventType: 'webhook.test', status: 'succeeded', attemptCount: 1, nextAttemptAt: null, createdAt: delivery.createdAt,
      attempts: [{ attemptNumber: 1, statusCode: 200, durationMs: attempt.durationMs, error: null, responseBody: null, createdAt: attempt.createdAt }],
    })
    assert.ok(Number.isInteger(attempt.durationMs) && attempt.durationMs >= 0)
    const seen = receiver.requests.filter((r) => r.headers['webhook-id'] === delivery.webhookId)
    assert.equal(seen.length, 1, 'the receiver saw the webhook-id the log shows')
    assert.match(delivery.createdAt, ISO_UTC)
    assert.match(attempt.createdAt, ISO_UTC)
  })

  it('when a test event is sent to one endpoint, then the account\'s other endpoints get nothing', async () => {
    const owner = await givenReseller(app)
    const other = await startWebhookReceiver()
    const tested = await givenWebhook(app, owner, receiver.url)
    const untouched = await givenWebhook(app, owner, other.url)

    await request(owner, 'POST', `/api/webhooks/${tested.id}/test`)
    await waitForDeliveries(app, owner, tested.id, (d) => d[0]?.status === 'succeeded', 10_000)

    assert.deepEqual(await deliveriesOf(app, owner, untouched.id), [])
    assert.equal(other.requests.length, 0)
  })

  it('when a delivery is retried by hand, then 202 and a new attempt with the same webhook-id', async () => {
    const owner = await givenReseller(app)
    const created = await givenWebhook(app, owner, receiver.url)
    const { deliveryId } = (await request(owner, 'POST', `/api/webhooks/${created.id}/test`)).json()
    await waitForDeliveries(app, owner, created.id, (d) => d[0]?.status === 'succeeded', 10_000)

    const res = await request(owner, 'POST', `/api/webhooks/${created.id}/deliveries/${deliveryId}/retry`)

    assert.equal(res.statusCode, 202, res.body)
    assert.deepEqual(res.json(), { deliveryId, status: 'queued' })
    const [delivery] = await waitForDeliveries(app, owner, created.id, (d) => d[0]?.attemptCount === 2 && d[0].status === 'succeeded', 10_000)
    assert.deepEqual(delivery?.attempts.map((a) => [a.attemptNumber, a.statusCode]), [[2, 200], [1, 200]])
    const copies = receiver.requests.filter((r) => r.headers['webhook-id'] === `msg_${deliveryId}`)
    assert.equal(copies.length, 2)
    for (const copy of copies) verifySignature(created.secret, copy)
  })

  it('when a delivery that is not the endpoint\'s is retried, then 404', async () => {
    const owner = await givenReseller(app)
    const first = await givenWebhook(app, owner, receiver.url)
    const second = await givenWebhook(app, owner, receiver.url)
    const { deliveryId } = (await request(owner, 'POST', `/api/webhooks/${first.id}/test`)).json()

    assertEmpty404(await request(owner, 'POST', `/api/webhooks/${second.id}/deliveries/${deliveryId}/retry`), 'another endpoint\'s delivery')
    assertEmpty404(await request(owner, 'POST', `/api/webhooks/${first.id}/deliveries/2147483647/retry`), 'no such delivery')
  })
})

describe('ownership', () => {
  /** Someone else's endpoint, with a delivery of its own to aim a retry at. */
  async function givenSomeoneElsesEndpoint (owner: GivenClient) {
    const created = await givenWebhook(app, owner, receiver.url)
    const { deliveryId } = (await request(owner, 'POST', `/api/webhooks/${created.id}/test`)).json()
    await waitForDeliveries(app, owner, created.id, (d) => d[0]?.status === 'succeeded', 10_000)
    return { id: created.id, deliveryId }
  }

  async function assertInvisibleTo (intruder: GivenClient, owner: GivenClient, target: { id: number, deliveryId: number }) {
    const before = await deliveriesOf(app, owner, target.id)
    assertEmpty404(await request(intruder, 'GET', `/api/webhooks/${target.id}`), 'GET')
    assertEmpty404(await request(intruder, 'POST', `/api/webhooks/${target.id}/test`), 'test')
    assertEmpty404(await request(intruder, 'GET', `/api/webhooks/${target.id}/deliveries`), 'deliveries')
    assertEmpty404(await request(intruder, 'POST', `/api/webhooks/${target.id}/deliveries/${target.deliveryId}/retry`), 'retry')
    assertEmpty404(await request(intruder, 'DELETE', `/api/webhooks/${target.id}`), 'DELETE')
    assert.ok(!(await request(intruder, 'GET', '/api/webhooks')).json().some((e: { id: number }) => e.id === target.id), 'listed to the intruder')
    // Nothing happened to it: still there, no delivery queued or retried.
    assert.equal((await request(owner, 'GET', `/api/webhooks/${target.id}`)).statusCode, 200)
    assert.deepEqual(await deliveriesOf(app, owner, target.id), before)
  }

  it('when another reseller asks for an endpoint, then 404 for get, test, deliveries, retry and delete', async () => {
    const owner = await givenReseller(app)
    const intruder = await givenReseller(app)

    await assertInvisibleTo(intruder, owner, await givenSomeoneElsesEndpoint(owner))
  })

  it('when a reseller and its sub-account ask for each other\'s endpoints, then 404 both ways', async () => {
    const reseller = await givenReseller(app)
    const customer = await givenSubAccount(app, reseller)

    await assertInvisibleTo(customer, reseller, await givenSomeoneElsesEndpoint(reseller))
    await assertInvisibleTo(reseller, customer, await givenSomeoneElsesEndpoint(customer))
  })
})
