import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { App } from '../../app.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller } from '../../../test/helpers/given.ts'

// The attempt is counted before the secret is judged, so a concurrent burst cannot slip past the limit.
const authenticate = (app: App, body: { clientId: string, clientSecret: string }, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/authenticate', payload: body, remoteAddress, headers })

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {})

describe('brute-force limit under concurrency', async () => {
  const { app } = await buildTestApp({ authFailuresPerMinute: 20, authFailuresPerAddressPerMinute: 200 })

  it('when 100 wrong secrets for one clientId arrive at once from one address, then exactly 20 get 401 and 80 get 429', async () => {
    const victim = await givenReseller(app)
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      authenticate(app, { clientId: victim.clientId, clientSecret: `guess-${i}` }, '203.0.113.10')))
    assert.deepEqual(tally(answers.map((a) => a.statusCode)), { 401: 20, 429: 80 })
    const refused = answers.find((a) => a.statusCode === 429)!
    assert.equal(refused.headers['retry-after'], '60')
    assert.equal(refused.json().title, 'Too Many Requests')
    const right = await authenticate(app, { clientId: victim.clientId, clientSecret: victim.clientSecret }, '203.0.113.10')
    assert.equal(right.statusCode, 429, 'the right secret waits out the minute too')
  })

  it('when one address has locked out one clientId, then another client behind the same address still gets tokens', async () => {
    const victim = await givenReseller(app)
    const neighbour = await givenReseller(app)
    await Promise.all(Array.from({ length: 30 }, (_, i) => authenticate(app, { clientId: victim.clientId, clientSecret: `guess-${i}` }, '203.0.113.11')))
    const res = await authenticate(app, { clientId: neighbour.clientId, clientSecret: neighbour.clientSecret }, '203.0.113.11')
    assert.equal(res.statusCode, 200, res.body)
  })

  it('when the right secret is sent many times, then successes never count toward the limit', async () => {
    const reseller = await givenReseller(app)
    for (let i = 0; i < 25; i++) {
      const res = await authenticate(app, { clientId: reseller.clientId, clientSecret: reseller.clientSecret }, '203.0.113.12')
      assert.equal(res.statusCode, 200, `attempt ${i + 1}: ${res.body}`)
    }
  })
})

describe('brute-force limit per address over every clientId', async () => {
  const { app } = await buildTestApp({ authFailuresPerMinute: 20, authFailuresPerAddressPerMinute: 30 })

  it('when one address guesses across many clientIds, then the address bound stops it after exactly 30 attempts', async () => {
    const targets = await Promise.all(Array.from({ length: 4 }, () => givenReseller(app)))
    const answers = await Promise.all(targets.flatMap((target) => Array.from({ length: 10 }, (_, i) =>
      authenticate(app, { clientId: target.clientId, clientSecret: `guess-${i}` }, '203.0.113.20'))))
    assert.deepEqual(tally(answers.map((a) => a.statusCode)), { 401: 30, 429: 10 })
    const elsewhere = await authenticate(app, { clientId: targets[0]!.clientId, clientSecret: targets[0]!.clientSecret }, '203.0.113.21')
    assert.equal(elsewhere.statusCode, 200, elsewhere.body)
  })
})

describe('TRUST_PROXY decides whose address is counted', async () => {
  const behindProxy = await buildTestApp({ authFailuresPerMinute: 3, trustProxy: ['10.0.0.1'] })
  const direct = await buildTestApp({ authFailuresPerMinute: 3 })

  const burst = async (app: App, clientId: string, forwardedFor: string) =>
    (await Promise.all(Array.from({ length: 5 }, (_, i) =>
      authenticate(app, { clientId, clientSecret: `guess-${i}` }, '10.0.0.1', { 'x-forwarded-for': forwardedFor })))).map((a) => a.statusCode)

  it('when the proxy is trusted, then each forwarded client address has a count of its own', async () => {
    const reseller = await givenReseller(behindProxy.app)
    assert.deepEqual(tally(await burst(behindProxy.app, reseller.clientId, '198.51.100.1')), { 401: 3, 429: 2 })
    const other = await authenticate(behindProxy.app, { clientId: reseller.clientId, clientSecret: reseller.clientSecret }, '10.0.0.1', { 'x-forwarded-for': '198.51.100.2' })
    assert.equal(other.statusCode, 200, other.body)
  })

  it('when no proxy is trusted, then a client cannot escape its count by forging X-Forwarded-For', async () => {
    const reseller = await givenReseller(direct.app)
    assert.deepEqual(tally(await burst(direct.app, reseller.clientId, '198.51.100.1')), { 401: 3, 429: 2 })
    const forged = await authenticate(direct.app, { clientId: reseller.clientId, clientSecret: reseller.clientSecret }, '10.0.0.1', { 'x-forwarded-for': '198.51.100.2' })
    assert.equal(forged.statusCode, 429, forged.body)
  })
})

describe('brute-force limit and a burst of right secrets', async () => {
  const { app } = await buildTestApp({ authFailuresPerMinute: 20 })

  it('when 60 right secrets arrive at once from one address, then all get tokens: attempts in flight wait instead of being refused', async () => {
    const reseller = await givenReseller(app)
    const answers = await Promise.all(Array.from({ length: 60 }, () =>
      authenticate(app, { clientId: reseller.clientId, clientSecret: reseller.clientSecret }, '203.0.113.30')))
    assert.deepEqual(tally(answers.map((a) => a.statusCode)), { 200: 60 })
  })

  it('when wrong and right secrets are mixed in one burst, then at most 20 wrong ones are judged', async () => {
    const reseller = await givenReseller(app)
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      authenticate(app, { clientId: reseller.clientId, clientSecret: i % 2 === 0 ? `guess-${i}` : reseller.clientSecret }, '203.0.113.31')))
    const wrong = answers.filter((_, i) => i % 2 === 0).map((a) => a.statusCode)
    assert.equal(wrong.filter((s) => s === 401).length, 20, JSON.stringify(tally(wrong)))
    assert.ok(wrong.every((s) => s === 401 || s === 429))
  })
})
