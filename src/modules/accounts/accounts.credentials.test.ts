import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp, type App } from '../../app.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, givenToken, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'
import { describeUnless, needsPostgres } from '../../../test/helpers/skip.ts'
import { testClock } from '../../../test/helpers/test-clock.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app, config } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const CLIENT_SECRET = /^[A-Za-z0-9_-]{43}$/
const RESET_WARNING = 'Store this new clientSecret securely now: it is shown only once. The previous secret has stopped working, and access tokens issued with it are revoked.'

const resetCredentials = (on: App, caller: GivenClient, id: number) =>
  on.inject({ method: 'POST', url: `/api/accounts/${id}/reset-credentials`, headers: caller.auth })
const authenticate = (on: App, clientId: string, clientSecret: string) =>
  on.inject({ method: 'POST', url: '/api/authenticate', payload: { clientId, clientSecret } })
const ping = (on: App, token: string) =>
  on.inject({ method: 'GET', url: '/api/Ping', headers: { authorization: `Bearer ${token}` } })

describe('POST /api/accounts/{id}/reset-credentials', () => {
  it('when a reseller resets an account, then 200 with the same clientId, a new secret shown once, and a warning', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    const res = await resetCredentials(app, reseller, account.id)

    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    const { clientSecret } = res.json()
    assert.match(clientSecret, CLIENT_SECRET)
    assert.notEqual(clientSecret, account.clientSecret)
    assert.deepEqual(res.json(), { clientId: account.clientId, clientSecret, securityWarning: RESET_WARNING })

    const read = (await app.inject({ method: 'GET', url: `/api/accounts/${account.id}`, headers: reseller.auth })).json()
    assert.deepEqual(read.credentials, { clientId: account.clientId, clientSecret: '***REDACTED***' })
  })

  it('when credentials are reset, then the old secret is rejected at once and the new one authenticates', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    const { clientSecret } = (await resetCredentials(app, reseller, account.id)).json()

    const old = await authenticate(app, account.clientId, account.clientSecret)
    assert.equal(old.statusCode, 401)
    assert.equal(old.headers['www-authenticate'], 'Bearer')
    assert.deepEqual(old.json(), {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
      title: 'Unauthorized',
      status: 401,
      detail: 'The clientId or clientSecret is not valid.',
    })
    const fresh = await authenticate(app, account.clientId, clientSecret)
    assert.equal(fresh.statusCode, 200, fresh.body)
    assert.equal((await ping(app, fresh.json().accessToken)).body, 'Pong')
  })

  it('when credentials are reset, then tokens issued under the old secret are rejected at once', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)
    assert.equal((await ping(app, account.token)).statusCode, 200) // the token is known and cached

    await resetCredentials(app, reseller, account.id)

    const res = await ping(app, account.token)
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
    assert.deepEqual(res.json(), {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
      title: 'Unauthorized',
      status: 401,
      detail: 'The access token has been revoked; authenticate again.',
    })
  })

  it('when credentials are reset twice, then only the latest secret works', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    const first = (await resetCredentials(app, reseller, account.id)).json()
    const second = (await resetCredentials(app, reseller, account.id)).json()

    assert.equal(second.clientId, account.clientId)
    assert.notEqual(second.clientSecret, first.clientSecret)
    assert.equal((await authenticate(app, account.clientId, first.clientSecret)).statusCode, 401)
    assert.equal((await authenticate(app, account.clientId, second.clientSecret)).statusCode, 200)
  })

  it('when the reset account\'s reseller keeps working, then its own token is unaffected', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    await resetCredentials(app, reseller, account.id)

    assert.equal((await ping(app, reseller.token)).statusCode, 200)
  })

  it('when the account does not exist, then 404 with an empty body', async () => {
    const reseller = await givenReseller(app)
    const res = await resetCredentials(app, reseller, 2_000_000_000)
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '')
  })

  it('when a sub-account resets its own credentials, then 404: only the reseller that created it may', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    const res = await resetCredentials(app, account, account.id)

    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '')
    await givenToken(app, account.clientId, account.clientSecret)
  })
})

// Embedded PGlite lives inside one process; "another process" needs a shared PostgreSQL.
describeUnless(needsPostgres, 'reset-credentials seen from another process', () => {
  it('when app A resets, then app B rejects the old secret at once and the old token within 1 s', async () => {
    // App B plays a second API process: its own caches, the same database, schema and signing key.
    const other = await buildApp(config, { clock: testClock(), logger: false })
    try {
      const reseller = await givenReseller(app)
      const account = await givenSubAccount(app, reseller, { name: uniqueName('Two Processes') })
      assert.equal((await ping(other, account.token)).statusCode, 200) // B has the credentials cached

      const resetStartedAt = performance.now()
      const reset = await resetCredentials(app, reseller, account.id)
      assert.equal(reset.statusCode, 200)

      assert.equal((await authenticate(other, account.clientId, account.clientSecret)).statusCode, 401)
      assert.equal((await ping(app, account.token)).statusCode, 401)

      // Poll B: every acceptance must come from a request sent within 1 s of the reset.
      let lastAcceptedMs = -1
      let firstRejectedMs: number | null = null
      while (performance.now() - resetStartedAt < 1500) {
        const sentMs = performance.now() - resetStartedAt
        const res = await ping(other, account.token)
        if (res.statusCode === 401) {
          firstRejectedMs = sentMs
          break
        }
        assert.equal(res.statusCode, 200, res.body)
        lastAcceptedMs = sentMs
        await sleep(10)
      }
      assert.notEqual(firstRejectedMs, null, 'app B still accepted the old token 1.5 s after the reset')
      assert.ok(lastAcceptedMs < 1000, `app B accepted the old token ${Math.round(lastAcceptedMs)} ms after the reset`)

      const fresh = await authenticate(other, account.clientId, reset.json().clientSecret)
      assert.equal(fresh.statusCode, 200, fresh.body)
      assert.equal((await ping(other, fresh.json().accessToken)).statusCode, 200)
    } finally {
      await other.close()
    }
  })
})
