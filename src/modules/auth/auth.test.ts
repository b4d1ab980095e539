import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { Redis } from 'ioredis'
import { createTokens } from '../../infra/security/tokens.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, givenSubAccount, givenToken } from '../../../test/helpers/given.ts'
import { needsRedis } from '../../../test/helpers/skip.ts'

// Small on purpose: the brute-force tests reach it quickly. Every test that fails an
// authentication does so from an address of its own, so the tests never lock each other out.
const FAILURES_PER_MINUTE = 5
let addressCounter = 0
const freshAddress = () => `198.51.100.${++addressCounter}`

const t = await buildTestApp({ authFailuresPerMinute: FAILURES_PER_MINUTE })

describe('POST /api/authenticate', () => {

  const authenticate = (payload: unknown, options: { remoteAddress?: string, headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'POST', url: '/api/authenticate', payload: payload as object, ...options })

  const ping = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/Ping', headers: authorization === undefined ? {} : { authorization } })

  const assertUnauthorized = (res: Awaited<ReturnType<typeof ping>>, detail?: RegExp) => {
    assert.equal(res.statusCode, 401, res.body)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
    const body = res.json()
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'status', 'title', 'type'])
    assert.equal(body.title, 'Unauthorized')
    assert.equal(body.status, 401)
    assert.equal(typeof body.type, 'string')
    assert.equal(typeof body.detail, 'string')
    if (detail) assert.match(body.detail, detail)
  }

  describe('issuing tokens', () => {
    it('when the credentials are right, then 200 with exactly accessToken and expires 3600 as JSON', async () => {
      const reseller = await givenReseller(t.app)
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret })
      assert.equal(res.statusCode, 200, res.body)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      const body = res.json()
      assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'expires'])
      assert.equal(body.expires, 3600)
      assert.equal(typeof body.accessToken, 'string')
      assert.ok(body.accessToken.length > 20)
    })

    it('when the issued token is used as a bearer token, then Ping answers', async () => {
      const reseller = await givenReseller(t.app)
      const token = await givenToken(t.app, reseller.clientId, reseller.clientSecret)
      const res = await ping(`Bearer ${token}`)
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.body, 'Pong')
    })

    it('when the body carries unknown extra fields, then they are ignored and a token is issued', async () => {
      const reseller = await givenReseller(t.app)
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret, grantType: 'client_credentials' })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().expires, 3600)
    })
  })

  describe('missing fields', () => {
    const cases: { when: string, payload: unknown, expected: Record<string, string[]> }[] = [
      { when: 'clientId is missing', payload: { clientSecret: 'x' }, expected: { ClientId: ['The ClientId field is required.'] } },
      { when: 'clientSecret is missing', payload: { clientId: 'x' }, expected: { ClientSecret: ['The ClientSecret field is required.'] } },
      {
        when: 'both fields are missing',
        payload: {},
        expected: { ClientId: ['The ClientId field is required.'], ClientSecret: ['The ClientSecret field is required.'] },
      },
    ]
    for (const { when, payload, expected } of cases) {
      it(`when ${when}, then 400 with exactly the PascalCase-keyed field object`, async () => {
        const res = await authenticate(payload)
        assert.equal(res.statusCode, 400, res.body)
        assert.match(String(res.headers['content-type']), /^application\/json/)
        assert.deepEqual(res.json(), expected)
      })
    }

    it('when there is no body at all, then 400 naming both fields', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/authenticate' })
      assert.equal(res.statusCode, 400, res.body)
      assert.deepEqual(res.json(), { ClientId: ['The ClientId field is required.'], ClientSecret: ['The ClientSecret field is required.'] })
    })

    it('when the body is empty with content-type application/json, then 400 naming both fields', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', headers: { 'content-type': 'application/json' }, payload: '' })
      assert.equal(res.statusCode, 400, res.body)
      assert.deepEqual(res.json(), { ClientId: ['The ClientId field is required.'], ClientSecret: ['The ClientSecret field is required.'] })
    })

    it('when clientId is not a string, then 400 keyed by ClientId', async () => {
      const res = await authenticate({ clientId: 42, clientSecret: 'x' })
      assert.equal(res.statusCode, 400, res.body)
      assert.deepEqual(res.json(), { ClientId: ['The ClientId field must be a string.'] })
    })
  })

  describe('wrong credentials', () => {
    it('when the secret is wrong, then 401 problem details with WWW-Authenticate: Bearer', async () => {
      const reseller = await givenReseller(t.app)
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret + 'x' }, { remoteAddress: freshAddress() })
      assertUnauthorized(res)
    })

    it('when the clientId is unknown, then the same 401 as for a wrong secret', async () => {
      const reseller = await givenReseller(t.app)
      const wrongSecret = await authenticate({ clientId: reseller.clientId, clientSecret: 'not-the-secret' }, { remoteAddress: freshAddress() })
      const unknownId = await authenticate({ clientId: '00000000-0000-4000-8000-000000000000', clientSecret: 'not-the-secret' }, { remoteAddress: freshAddress() })
      assertUnauthorized(unknownId)
      assert.deepEqual(unknownId.json(), wrongSecret.json())
    })

    it("when the secret of another account is sent with this clientId, then 401", async () => {
      const a = await givenReseller(t.app)
      const b = await givenReseller(t.app)
      const res = await authenticate({ clientId: a.clientId, clientSecret: b.clientSecret }, { remoteAddress: freshAddress() })
      assertUnauthorized(res)
    })
  })

  describe('brute-force protection', () => {
    it(`when one address has failed ${FAILURES_PER_MINUTE} times, then even the right credentials get 429 with Retry-After`, async () => {
      const reseller = await givenReseller(t.app)
      const remoteAddress = freshAddress()
      for (let i = 0; i < FAILURES_PER_MINUTE; i++) {
        const res = await authenticate({ clientId: reseller.clientId, clientSecret: `guess-${i}` }, { remoteAddress })
        assert.equal(res.statusCode, 401, `attempt ${i + 1}: ${res.body}`)
      }
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })
      assert.equal(res.statusCode, 429, res.body)
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
      const retryAfter = Number(res.headers['retry-after'])
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, `retry-after: ${res.headers['retry-after']}`)
      const body = res.json()
      assert.equal(body.title, 'Too Many Requests')
      assert.equal(body.status, 429)
      assert.equal(typeof body.type, 'string')
      assert.equal(typeof body.detail, 'string')
      assert.ok(!('accessToken' in body))
    })

    it('when one address is locked out, then another address still gets tokens', async () => {
      const reseller = await givenReseller(t.app)
      const attacker = freshAddress()
      for (let i = 0; i < FAILURES_PER_MINUTE; i++) await authenticate({ clientId: reseller.clientId, clientSecret: `guess-${i}` }, { remoteAddress: attacker })
      const locked = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress: attacker })
      assert.equal(locked.statusCode, 429)
      const other = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress: freshAddress() })
      assert.equal(other.statusCode, 200, other.body)
    })

    it('when an address fails fewer times than the limit, then the right credentials still work', async () => {
      const reseller = await givenReseller(t.app)
      const remoteAddress = freshAddress()
      for (let i = 0; i < FAILURES_PER_MINUTE - 1; i++) await authenticate({ clientId: reseller.clientId, clientSecret: `guess-${i}` }, { remoteAddress })
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })
      assert.equal(res.statusCode, 200, res.body)
    })

    it('in memory: when a locked-out address waits a minute on the clock, then it may authenticate again', { skip: process.env.REDIS_URL ? 'the in-memory counter serves only without Redis (REDIS_URL is set)' : false }, async () => {
      const reseller = await givenReseller(t.app)
      const remoteAddress = freshAddress()
      for (let i = 0; i < FAILURES_PER_MINUTE; i++) await authenticate({ clientId: reseller.clientId, clientSecret: `guess-${i}` }, { remoteAddress })
      assert.equal((await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })).statusCode, 429)
      t.clock.advanceMinutes(1)
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })
      assert.equal(res.statusCode, 200, res.body)
    })

    // Redis keeps the counts on its own clock, not the test's: the minute passes by shortening their
    // expiry once the test has seen that every count the lockout left expires within the minute.
    it('in Redis: when a locked-out address\'s counts expire, which they do within a minute, then it may authenticate again', { skip: needsRedis }, async () => {
      const reseller = await givenReseller(t.app)
      const remoteAddress = freshAddress()
      for (let i = 0; i < FAILURES_PER_MINUTE; i++) await authenticate({ clientId: reseller.clientId, clientSecret: `guess-${i}` }, { remoteAddress })
      assert.equal((await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })).statusCode, 429)
      const redis = new Redis(process.env.REDIS_URL!)
      try {
        const counts = (await redis.keys(`${t.config.redisKeyPrefix}*`)).filter((key) => key.split(':').includes(remoteAddress))
        assert.ok(counts.length > 0, 'the lockout is kept in Redis')
        for (const key of counts) {
          const ttl = await redis.pttl(key)
          assert.ok(ttl > 0 && ttl <= 60_000, `${key} expires in ${ttl} ms`)
          await redis.pexpire(key, 1)
        }
        await eventually(() => redis.exists(...counts), (left) => left === 0, { timeoutMs: 2000, what: 'the counts expired' })
      } finally {
        redis.disconnect()
      }
      const res = await authenticate({ clientId: reseller.clientId, clientSecret: reseller.clientSecret }, { remoteAddress })
      assert.equal(res.statusCode, 200, res.body)
    })
  })

  describe('token lifetime', () => {
    it('when the token is 59 minutes old, then it is still accepted', async () => {
      const reseller = await givenReseller(t.app)
      t.clock.advanceMinutes(59)
      const res = await ping(`Bearer ${reseller.token}`)
      assert.equal(res.statusCode, 200, res.body)
    })

    it('when the token is 61 minutes old, then 401 saying it expired, with WWW-Authenticate', async () => {
      const reseller = await givenReseller(t.app)
      t.clock.advanceMinutes(61)
      assertUnauthorized(await ping(`Bearer ${reseller.token}`), /expired/)
    })

    it('when a token has expired, then a new one from the same credentials works', async () => {
      const reseller = await givenReseller(t.app)
      t.clock.advanceMinutes(61)
      const fresh = await givenToken(t.app, reseller.clientId, reseller.clientSecret)
      const res = await ping(`Bearer ${fresh}`)
      assert.equal(res.statusCode, 200, res.body)
    })
  })

  describe('bad bearer tokens', () => {
    it('when no Authorization header is sent, then 401', async () => {
      assertUnauthorized(await ping())
    })

    it('when the token payload is altered to name another account, then 401, also right after the genuine token was used', async () => {
      const victim = await givenReseller(t.app)
      const attacker = await givenReseller(t.app)
      // The genuine token first: verified tokens are remembered under the end of their signature,
      // which the forged one shares.
      assert.equal((await ping(`Bearer ${attacker.token}`)).statusCode, 200)
      const [header, payload, signature] = attacker.token.split('.')
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))
      claims.sub = String(victim.id)
      const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.')
      assertUnauthorized(await ping(`Bearer ${forged}`), /not valid/)
      assert.equal((await ping(`Bearer ${attacker.token}`)).statusCode, 200)
    })

    it('when the signature is altered, then 401', async () => {
      const reseller = await givenReseller(t.app)
      const [header, payload, signature] = reseller.token.split('.')
      const flipped = Buffer.from(signature!, 'base64url')
      flipped[0] = flipped[0]! ^ 0xff
      const tampered = [header, payload, flipped.toString('base64url')].join('.')
      assertUnauthorized(await ping(`Bearer ${tampered}`))
    })

    it('when the token is signed with another key, then 401', async () => {
      const reseller = await givenReseller(t.app)
      const foreign = createTokens(randomBytes(32).toString('base64url'), () => t.clock.now()).issue({ accountId: reseller.id, credentialsVersion: 1 })
      assertUnauthorized(await ping(`Bearer ${foreign}`))
    })

    it('when the token is unsigned (alg none), then 401', async () => {
      const reseller = await givenReseller(t.app)
      const payload = JSON.parse(Buffer.from(reseller.token.split('.')[1]!, 'base64url').toString('utf8'))
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
      assertUnauthorized(await ping(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`))
    })

    const malformed: [string, string][] = [
      ['"Bearer" without a token', 'Bearer'],
      ['"Bearer " with only a space', 'Bearer '],
      ['a Basic scheme', 'Basic xyz'],
      ['the token without the Bearer scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
      ['garbage as the token', 'Bearer not-a-token'],
    ]
    for (const [when, authorization] of malformed) {
      it(`when the Authorization header is ${when}, then 401`, async () => {
        assertUnauthorized(await ping(authorization))
      })
    }
  })

  describe('credentials reset', () => {
    it('when a reseller resets a sub-account, then its old token is rejected at once', async () => {
      const reseller = await givenReseller(t.app)
      const sub = await givenSubAccount(t.app, reseller)
      assert.equal((await ping(sub.auth.authorization)).statusCode, 200)

      const reset = await t.app.inject({ method: 'POST', url: `/api/accounts/${sub.id}/reset-credentials`, headers: reseller.auth })
      assert.equal(reset.statusCode, 200, reset.body)

      assertUnauthorized(await ping(sub.auth.authorization))
    })

    it('when a reseller resets a sub-account, then the old secret gets 401 and the new one works with the same clientId', async () => {
      const reseller = await givenReseller(t.app)
      const sub = await givenSubAccount(t.app, reseller)
      const reset = await t.app.inject({ method: 'POST', url: `/api/accounts/${sub.id}/reset-credentials`, headers: reseller.auth })
      assert.equal(reset.statusCode, 200, reset.body)
      const { clientId, clientSecret } = reset.json()
      assert.equal(clientId, sub.clientId)
      assert.notEqual(clientSecret, sub.clientSecret)

      assertUnauthorized(await authenticate({ clientId: sub.clientId, clientSecret: sub.clientSecret }, { remoteAddress: freshAddress() }))

      const fresh = await givenToken(t.app, clientId, clientSecret)
      const res = await ping(`Bearer ${fresh}`)
      assert.equal(res.statusCode, 200, res.body)
    })

    it("when a sub-account is reset, then the reseller's own token keeps working", async () => {
      const reseller = await givenReseller(t.app)
      const sub = await givenSubAccount(t.app, reseller)
      const reset = await t.app.inject({ method: 'POST', url: `/api/accounts/${sub.id}/reset-credentials`, headers: reseller.auth })
      assert.equal(reset.statusCode, 200, reset.body)
      assert.equal((await ping(reseller.auth.authorization)).statusCode, 200)
    })
  })
})
