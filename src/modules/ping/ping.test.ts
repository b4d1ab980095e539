import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { InjectOptions } from 'fastify'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller } from '../../../test/helpers/given.ts'

const { app } = await buildTestApp()

describe('GET /api/Ping', () => {
  it('when called with a valid token, then 200 text/plain "Pong"', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/Ping', headers: auth })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/plain/)
    assert.equal(res.body, 'Pong')
  })

  for (const url of ['/api/ping', '/API/PING', '/Api/pInG']) {
    it(`when the path is written ${url}, then it answers like /api/Ping`, async () => {
      const { auth } = await givenReseller(app)
      const res = await app.inject({ method: 'GET', url, headers: auth })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.body, 'Pong')
    })
  }

  it('when called without a token, then 401 problem details with WWW-Authenticate: Bearer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Ping' })
    assert.equal(res.statusCode, 401)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
    const body = res.json()
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'status', 'title', 'type'])
    assert.equal(body.title, 'Unauthorized')
    assert.equal(body.status, 401)
    assert.equal(typeof body.type, 'string')
    assert.match(body.detail, /Authorization/)
  })

  it('when called without a token on a lower-case path, then 401 as well', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ping' })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })

  it('when POST is used, then it is not Pong', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/Ping', headers: auth })
    assert.notEqual(res.statusCode, 200)
    assert.ok(res.statusCode === 404 || res.statusCode === 405, `status ${res.statusCode}`)
  })
})

describe('api-version', () => {
  for (const version of ['1.0', '1']) {
    it(`when api-version=${version}, then Ping answers Pong`, async () => {
      const { auth } = await givenReseller(app)
      const res = await app.inject({ method: 'GET', url: `/api/Ping?api-version=${version}`, headers: auth })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.body, 'Pong')
    })
  }

  it('when api-version=2.0, then 400 with the supported versions', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/Ping?api-version=2.0', headers: auth })
    assert.equal(res.statusCode, 400)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    assert.deepEqual(res.json(), { errors: ["Unsupported api-version '2.0'. Supported: 1.0"] })
  })

  for (const version of ['', '1.1', '0.9', 'v1', 'latest']) {
    it(`when api-version="${version}", then 400 naming that value`, async () => {
      const { auth } = await givenReseller(app)
      const res = await app.inject({ method: 'GET', url: `/api/Ping?api-version=${encodeURIComponent(version)}`, headers: auth })
      assert.equal(res.statusCode, 400, res.body)
      assert.deepEqual(res.json(), { errors: [`Unsupported api-version '${version}'. Supported: 1.0`] })
    })
  }

  it('when api-version=2.0 is sent to authenticate, then 400 as well', async () => {
    const reseller = await givenReseller(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/authenticate?api-version=2.0',
      payload: { clientId: reseller.clientId, clientSecret: reseller.clientSecret },
    })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), { errors: ["Unsupported api-version '2.0'. Supported: 1.0"] })
  })

  it('when api-version=1.0 is sent to authenticate, then a token is issued', async () => {
    const reseller = await givenReseller(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/authenticate?api-version=1.0',
      payload: { clientId: reseller.clientId, clientSecret: reseller.clientSecret },
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().expires, 3600)
  })
})

describe('headers on every response', () => {
  const requests: { when: string, status: number, request: (auth: { authorization: string }) => InjectOptions }[] = [
    { when: 'Ping succeeds', status: 200, request: (auth) => ({ method: 'GET', url: '/api/Ping', headers: auth }) },
    { when: 'the token is missing', status: 401, request: () => ({ method: 'GET', url: '/api/Ping' }) },
    { when: 'the api-version is unsupported', status: 400, request: (auth) => ({ method: 'GET', url: '/api/Ping?api-version=9.0', headers: auth }) },
    { when: 'the route does not exist', status: 404, request: (auth) => ({ method: 'GET', url: '/api/no-such-route', headers: auth }) },
    { when: 'authenticate fails validation', status: 400, request: () => ({ method: 'POST', url: '/api/authenticate', payload: {} }) },
    { when: 'the liveness probe answers', status: 200, request: () => ({ method: 'GET', url: '/health/live' }) },
  ]
  for (const { when, status, request } of requests) {
    it(`when ${when}, then the response carries api-supported-versions: 1.0 and an x-request-id`, async () => {
      const { auth } = await givenReseller(app)
      const res = await app.inject(request(auth))
      assert.equal(res.statusCode, status, res.body)
      assert.equal(res.headers['api-supported-versions'], '1.0')
      assert.equal(typeof res.headers['x-request-id'], 'string')
      assert.ok(String(res.headers['x-request-id']).length > 0)
    })
  }

  it('when two requests are made, then their request ids differ', async () => {
    const { auth } = await givenReseller(app)
    const first = await app.inject({ method: 'GET', url: '/api/Ping', headers: auth })
    const second = await app.inject({ method: 'GET', url: '/api/Ping', headers: auth })
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id'])
  })
})
