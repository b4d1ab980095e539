import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller } from '../../../test/helpers/given.ts'

const { app, config } = await buildTestApp()
const DEFAULT_LIMIT = config.rateLimitPerSecond

type Response = Awaited<ReturnType<typeof app.inject>>

const ping = (auth: { authorization: string }) => app.inject({ method: 'GET', url: '/api/Ping', headers: auth })

/**
 * Fires n requests at once, so they all land within one window of one second, and returns the
 * responses in the order they were answered by the limiter (statuses are what matter).
 */
async function burst (n: number, send: () => Promise<Response>): Promise<Response[]> {
  const started = Date.now()
  const responses = await Promise.all(Array.from({ length: n }, send))
  assert.ok(Date.now() - started < 900, `the burst of ${n} took ${Date.now() - started} ms; it must fit in one second`)
  return responses
}

const statuses = (responses: Response[]) => responses.map((r) => r.statusCode).sort()
/** r, the requests left in the window, from the IETF RateLimit field. */
const remainingOf = (res: Response) => Number(/;r=(\d+);/.exec(String(res.headers.ratelimit))?.[1])
const limitOf = (res: Response) => /^"default";q=(\d+);w=1$/.exec(String(res.headers['ratelimit-policy']))?.[1]

describe('rate limit per client', () => {
  it(`when a client sends ${DEFAULT_LIMIT} requests in a second, then all pass with the IETF RateLimit-Policy and RateLimit fields`, async () => {
    const { auth } = await givenReseller(app)
    const responses = await burst(DEFAULT_LIMIT, () => ping(auth))
    assert.deepEqual(statuses(responses), Array(DEFAULT_LIMIT).fill(200))
    for (const res of responses) {
      assert.equal(res.headers['ratelimit-policy'], `"default";q=${DEFAULT_LIMIT};w=1`)
      assert.match(String(res.headers.ratelimit), /^"default";r=\d+;t=1$/)
      // The x-ratelimit-* trio and Retry-After come with a 429 only.
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) assert.equal(res.headers[name], undefined, name)
    }
    const remaining = responses.map(remainingOf).sort((a, b) => a - b)
    assert.deepEqual(remaining, Array.from({ length: DEFAULT_LIMIT }, (_, i) => i))
  })

  it(`when a client sends request ${DEFAULT_LIMIT + 1} within the same second, then 429 problem details with Retry-After and RateLimit headers`, async () => {
    const { auth } = await givenReseller(app)
    const responses = await burst(DEFAULT_LIMIT, () => ping(auth))
    assert.deepEqual(statuses(responses), Array(DEFAULT_LIMIT).fill(200))

    const res = await ping(auth)
    assert.equal(res.statusCode, 429, res.body)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    // The window is one second, so what is left of it rounds up to 1.
    assert.equal(res.headers['retry-after'], '1')
    assert.equal(res.headers['x-ratelimit-limit'], String(DEFAULT_LIMIT))
    assert.equal(res.headers['x-ratelimit-remaining'], '0')
    assert.equal(res.headers['x-ratelimit-reset'], '1')
    assert.equal(res.headers['ratelimit-policy'], `"default";q=${DEFAULT_LIMIT};w=1`)
    assert.equal(res.headers.ratelimit, '"default";r=0;t=1')
    assert.equal(res.headers['api-supported-versions'], '1.0')
    assert.ok(res.headers['x-request-id'])
    const body = res.json()
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'status', 'title', 'type'])
    assert.equal(body.status, 429)
    assert.equal(body.title, 'Too Many Requests')
    assert.equal(typeof body.type, 'string')
    assert.equal(body.detail, `Rate limit of ${DEFAULT_LIMIT} requests per second exceeded; retry after 1 second.`)
  })

  it('when a client has been limited, then it may send again in the next second', async () => {
    const { auth } = await givenReseller(app)
    const responses = await burst(DEFAULT_LIMIT + 1, () => ping(auth))
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 1)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const res = await ping(auth)
    assert.equal(res.statusCode, 200, res.body)
  })

  it('when one client is limited, then another account keeps its own budget', async () => {
    const first = await givenReseller(app)
    const second = await givenReseller(app)
    const firstResponses = await burst(DEFAULT_LIMIT + 1, () => ping(first.auth))
    assert.equal(firstResponses.filter((r) => r.statusCode === 429).length, 1)

    const secondResponses = await burst(DEFAULT_LIMIT, () => ping(second.auth))
    assert.deepEqual(statuses(secondResponses), Array(DEFAULT_LIMIT).fill(200))
  })

  it('when one account holds two tokens, then both draw on one budget', async () => {
    const reseller = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { clientId: reseller.clientId, clientSecret: reseller.clientSecret } })
    const other = { authorization: `Bearer ${res.json().accessToken}` }
    const half = Math.ceil(DEFAULT_LIMIT / 2)
    const responses = await burst(DEFAULT_LIMIT + 1, (() => { let i = 0; return () => ping(i++ < half ? reseller.auth : other) })())
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 1)
  })

  it('when the operator raises an account to 40/s, then it gets 40 requests in a second at once and the 41st is limited', async () => {
    const raised = await givenReseller(app)
    const ordinary = await givenReseller(app)
    await ping(raised.auth) // its limits are now cached by the token checker
    await new Promise((resolve) => setTimeout(resolve, 1100))

    await app.services.accounts.setRateLimit(raised.id, 40)

    const responses = await burst(40, () => ping(raised.auth))
    assert.deepEqual(statuses(responses), Array(40).fill(200))
    assert.equal(limitOf(responses[0]!), '40')
    const res = await ping(raised.auth)
    assert.equal(res.statusCode, 429, res.body)

    const others = await burst(DEFAULT_LIMIT + 1, () => ping(ordinary.auth))
    assert.equal(others.filter((r) => r.statusCode === 429).length, 1, 'the other account keeps the default')
  })

  it('when the operator lowers an account to 2/s, then the third request in a second is limited', async () => {
    const { id, auth } = await givenReseller(app)
    await app.services.accounts.setRateLimit(id, 2)
    const responses = await burst(3, () => ping(auth))
    assert.deepEqual(statuses(responses), [200, 200, 429])
  })

  it('when the operator resets an account to the default, then the default applies again', async () => {
    const { id, auth } = await givenReseller(app)
    await app.services.accounts.setRateLimit(id, 2)
    await app.services.accounts.setRateLimit(id, null)
    const responses = await burst(DEFAULT_LIMIT + 1, () => ping(auth))
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 1)
    assert.equal(limitOf(responses[0]!), String(DEFAULT_LIMIT))
  })
})

describe('routes outside the limit', () => {
  for (const url of ['/health/live', '/health/ready', '/openapi.json', '/docs/']) {
    it(`when ${url} is called ${DEFAULT_LIMIT * 2} times in a second, then every call succeeds without RateLimit headers`, async () => {
      // One call first: a route's first answer can take a few hundred ms (the docs page reads its files),
      // and the burst must fit in one window for a limiter, were there one, to refuse part of it.
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200)
      const responses = await burst(DEFAULT_LIMIT * 2, () => app.inject({ method: 'GET', url }))
      for (const res of responses) {
        assert.equal(res.statusCode, 200, `${url}: ${res.statusCode}`)
        assert.equal(res.headers['x-ratelimit-limit'], undefined)
        assert.equal(res.headers.ratelimit, undefined)
        assert.equal(res.headers['ratelimit-policy'], undefined)
      }
    })
  }

  it(`when a client authenticates ${DEFAULT_LIMIT * 2} times in a second with the right credentials, then none is rate limited`, async () => {
    const reseller = await givenReseller(app)
    const responses = await burst(DEFAULT_LIMIT * 2, () =>
      app.inject({ method: 'POST', url: '/api/authenticate', payload: { clientId: reseller.clientId, clientSecret: reseller.clientSecret } }))
    assert.deepEqual(statuses(responses), Array(DEFAULT_LIMIT * 2).fill(200))
  })
})
