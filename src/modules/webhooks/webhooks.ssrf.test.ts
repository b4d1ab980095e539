import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Config } from '../../config/config.ts'
import type { Database } from '../../infra/db/database.ts'
import { createSecretBox } from '../../infra/security/secret-box.ts'
import { generateWebhookSecret } from './webhook-signing.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { buildTestAppWithDb, deliveriesOf, type DeliveryView, sleep, waitForDeliveries } from '../../../test/helpers/webhook-fixtures.ts'
import { answers, startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// Production refuses private, loopback and link-local targets when an endpoint is created and again when a delivery
// is sent (DNS may have changed, or the row predates a rule). The sandbox allows them: every other webhook test
// delivers to 127.0.0.1.
const { app, db, config } = await buildTestAppWithDb({ environment: 'production', rateLimitPerSecond: 10_000 })

const EVENTS = ['bank_account.bav_completed']
const privateTarget = (address: string) => `The url field is not acceptable: webhook URL resolves to a private or loopback address (${address}).`

/** An endpoint row written straight to the table, as the API would never write it where inside targets are refused. */
async function plantEndpoint (owner: GivenClient, url: string, on: { db: Database, config: Config } = { db, config }): Promise<number> {
  const sealed = createSecretBox({ ...on.config.webhookSecretKeys }, 'webhook-signing-secrets').seal(generateWebhookSecret())
  const [row] = await on.db.query<{ id: number }>(
    'INSERT INTO webhook_endpoints (account_id, url, events, secret_ciphertext) VALUES ($1, $2, $3::text[], $4) RETURNING id', [owner.id, url, EVENTS, sealed])
  return row!.id
}

describe('webhook targets in production', () => {
  const refused: Array<[string, string, string]> = [
    ['loopback IPv4', 'http://127.0.0.1:8080/hooks', privateTarget('127.0.0.1')],
    ['localhost', 'http://localhost:8080/hooks', ''],
    ['a private network address', 'http://10.0.0.1/hooks', privateTarget('10.0.0.1')],
    ['another private range', 'https://192.168.1.20/hooks', privateTarget('192.168.1.20')],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', privateTarget('169.254.169.254')],
    ['loopback IPv6', 'http://[::1]:8080/hooks', privateTarget('::1')],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hooks', privateTarget('::ffff:7f00:1')],
    ['loopback written as one number', 'http://2130706433/hooks', privateTarget('127.0.0.1')],
    ['the unspecified address', 'http://0.0.0.0/hooks', privateTarget('0.0.0.0')],
    ['an ftp:// url', 'ftp://203.0.113.10/hooks', 'The url field is not acceptable: webhook URL must use http or https.'],
  ]
  for (const [what, url, message] of refused) {
    it(`when an endpoint targets ${what}, then 400 {"errors":[…]} and nothing is stored`, async () => {
      const owner = await givenReseller(app)

      const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url, events: EVENTS } })

      assert.equal(res.statusCode, 400, res.body)
      const { errors } = res.json()
      assert.equal(errors.length, 1)
      // localhost resolves through DNS to 127.0.0.1 or ::1, whichever the resolver lists first.
      if (message === '') assert.match(errors[0], /^The url field is not acceptable: webhook URL resolves to a private or loopback address \((127\.0\.0\.1|::1)\)\.$/)
      else assert.deepEqual(res.json(), { errors: [message] })
      assert.deepEqual((await app.inject({ method: 'GET', url: '/api/webhooks', headers: owner.auth })).json(), [])
    })
  }

  it('when an endpoint targets a public address, then it is accepted', async () => {
    const owner = await givenReseller(app)

    const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url: 'https://1.1.1.1/hooks', events: EVENTS } })

    assert.equal(res.statusCode, 201, res.body)
  })

  for (const [what, host] of [['a loopback IP', '127.0.0.1'], ['a name that resolves to loopback', 'localhost']] as const) {
    it(`when a stored endpoint points at ${what}, then the delivery is refused before any connection and the receiver is never hit`, async () => {
      const owner = await givenReseller(app)
      const receiver = await startWebhookReceiver()
      const webhookId = await plantEndpoint(owner, receiver.url.replace('127.0.0.1', host))

      const res = await app.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/test`, headers: owner.auth })

      assert.equal(res.statusCode, 202, res.body)
      const [delivery] = await waitForDeliveries(app, owner, webhookId, (d: DeliveryView[]) => (d[0]?.attempts.length ?? 0) >= 2, 30_000, 'two refused attempts')
      for (const attempt of delivery!.attempts) {
        assert.equal(attempt.statusCode, null)
        assert.match(String(attempt.error), /^webhook URL resolves to a private or loopback address \((127\.0\.0\.1|::1)\)$/)
      }
      assert.equal(delivery!.status, 'pending')
      await sleep(300)
      assert.equal(receiver.requests.length + receiver.strays.length, 0)
      assert.equal((await deliveriesOf(app, owner, webhookId)).length, 1)
    })
  }
})

describe('webhook targets in a sandbox reachable from outside', async () => {
  // HOST=0.0.0.0 (the Dockerfile's): strangers can register endpoints, so inside addresses are refused as in production.
  const exposed = await buildTestAppWithDb({ allowPrivateWebhookTargets: false, rateLimitPerSecond: 10_000 })
  const internal = await startWebhookReceiver()

  it('when an endpoint targets an internal service on loopback, then 400 and nothing is stored', async () => {
    const owner = await givenReseller(exposed.app)
    const target = `http://127.0.0.1:${internal.port}/admin`

    const res = await exposed.app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url: target, events: EVENTS } })

    assert.equal(res.statusCode, 400, res.body)
    assert.deepEqual(res.json(), { errors: [privateTarget('127.0.0.1')] })
    assert.deepEqual((await exposed.app.inject({ method: 'GET', url: '/api/webhooks', headers: owner.auth })).json(), [])
    assert.equal(internal.requests.length + internal.strays.length, 0)
  })

  it('when a stored endpoint names a host that now resolves to loopback, then each delivery is refused and the internal service is never hit', async () => {
    const owner = await givenReseller(exposed.app)
    // As if registered while localhost resolved to a public address: the delivery checks again, on the address it connects to.
    const webhookId = await plantEndpoint(owner, `http://localhost:${internal.port}/admin`, exposed)

    const res = await exposed.app.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/test`, headers: owner.auth })

    assert.equal(res.statusCode, 202, res.body)
    const [delivery] = await waitForDeliveries(exposed.app, owner, webhookId, (d) => (d[0]?.attempts.length ?? 0) >= 2, 30_000, 'two refused attempts')
    for (const attempt of delivery!.attempts) {
      assert.deepEqual([attempt.statusCode, attempt.responseBody], [null, null])
      assert.match(String(attempt.error), /^webhook URL resolves to a private or loopback address \((127\.0\.0\.1|::1)\)$/)
    }
    await sleep(300)
    assert.equal(internal.requests.length + internal.strays.length, 0)
  })
})

describe('webhook targets in a sandbox on loopback', async () => {
  const local = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })
  const internal = await startWebhookReceiver()

  it('when a local receiver answers with a body, then it gets the delivery but the log keeps nothing of its answer', async () => {
    internal.answer(answers.status(200, 'secret admin page'))
    const owner = await givenReseller(local.app)
    const created = await local.app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url: internal.url, events: EVENTS } })
    assert.equal(created.statusCode, 201, created.body)
    const { id } = created.json()

    const test = await local.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: owner.auth })
    assert.equal(test.statusCode, 202, test.body)
    const [delivery] = await waitForDeliveries(local.app, owner, id, (d) => d[0]?.status === 'succeeded', 10_000)

    assert.deepEqual(delivery!.attempts.map((a) => [a.statusCode, a.responseBody]), [[200, null]])
    assert.equal(internal.requests.length, 1)
    assert.equal(internal.requests[0]!.headers['webhook-id'], delivery!.webhookId)
  })
})

describe('webhook endpoints per account', async () => {
  const limited = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })
  const receiver = await startWebhookReceiver()
  const create = (owner: GivenClient) => limited.app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.auth, payload: { url: receiver.url, events: EVENTS } })

  it('when an account has 20 endpoints, then the 21st is 409 with a clear message; after a delete one more fits', async () => {
    const owner = await givenReseller(limited.app)
    const ids: number[] = []
    for (let i = 0; i < 20; i++) {
      const res = await create(owner)
      assert.equal(res.statusCode, 201, res.body)
      ids.push(res.json().id)
    }

    const refused = await create(owner)

    assert.equal(refused.statusCode, 409, refused.body)
    assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(refused.json(), { errors: ['An account can have at most 20 webhook endpoints; delete one first.'] })
    assert.equal((await limited.app.inject({ method: 'DELETE', url: `/api/webhooks/${ids[0]}`, headers: owner.auth })).statusCode, 204)
    assert.equal((await create(owner)).statusCode, 201)
    assert.equal((await create(owner)).statusCode, 409)
  })

  it('when 30 endpoints are created at once, then exactly 20 are made and 10 refused', async () => {
    const owner = await givenReseller(limited.app)

    const answers = await Promise.all(Array.from({ length: 30 }, () => create(owner)))

    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [...Array(20).fill(201), ...Array(10).fill(409)])
    assert.equal((await limited.app.inject({ method: 'GET', url: '/api/webhooks', headers: owner.auth })).json().length, 20)
  })

  it('when another account has 20 endpoints, then this one is not limited by them', async () => {
    const full = await givenReseller(limited.app)
    await Promise.all(Array.from({ length: 20 }, () => create(full)))
    const other = await givenReseller(limited.app)
    assert.equal((await create(other)).statusCode, 201)
  })
})
