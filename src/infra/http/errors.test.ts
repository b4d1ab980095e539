import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { connectDatabase } from '../db/connect.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { givenReseller, uniqueName } from '../../../test/helpers/given.ts'

const { app, config } = await buildTestApp()

// A second app whose database the tests close under it, to cause a real fault.
const faultyConfig = testConfig()
const faultyConnection = await connectDatabase(faultyConfig)
const faulty = await buildTestApp(faultyConfig, { connection: faultyConnection })
after(() => faultyConnection.db.close().catch(() => {})) // when the fault test failed before closing it

const json = { 'content-type': 'application/json' }

const assertErrorList = (res: { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }) => {
  assert.equal(res.statusCode, 400, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = res.json()
  assert.deepEqual(Object.keys(body), ['errors'])
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0, res.body)
  for (const message of body.errors) assert.equal(typeof message, 'string')
  return body.errors as string[]
}

describe('malformed requests', () => {
  it('when the body is not valid JSON, then 400 {"errors": [...]} saying so', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: { ...auth, ...json }, payload: '{"name": "Acme",' })
    assert.deepEqual(assertErrorList(res), ['The request body is not valid JSON.'])
  })

  it('when authenticate gets invalid JSON, then 400 {"errors": [...]} and no stack trace', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/authenticate', headers: json, payload: '{clientId: x}' })
    assert.deepEqual(assertErrorList(res), ['The request body is not valid JSON.'])
    assert.doesNotMatch(res.body, /at .*\.(ts|js):\d+/)
  })

  it('when the body is sent as text/plain, then 400 {"errors": [...]} naming the content type', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'name=Acme' })
    const [message] = assertErrorList(res)
    assert.match(message!, /text\/plain/)
    assert.match(message!, /application\/json/)
  })

  it('when the body is form-encoded, then 400 {"errors": [...]}', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Acme' })
    assertErrorList(res)
  })

  it('when the body is larger than the limit, then 400 {"errors": [...]} naming the limit', async () => {
    const { auth } = await givenReseller(app)
    const payload = JSON.stringify({ name: 'x'.repeat(config.bodyLimitBytes + 1) })
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: { ...auth, ...json }, payload })
    const [message] = assertErrorList(res)
    assert.match(message!, new RegExp(String(config.bodyLimitBytes)))
  })

  it('when the body is a JSON array instead of an object, then 400 {"errors": [...]}', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: { ...auth, ...json }, payload: '[]' })
    assertErrorList(res)
  })
})

describe('schema failures', () => {
  it('when a required field is missing, then the message names it', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: auth, payload: { enabledServices: [] } })
    assert.deepEqual(assertErrorList(res), ['The name field is required.'])
  })

  it('when a field has the wrong type, then the message names the field', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: auth, payload: { name: 42 } })
    const errors = assertErrorList(res)
    assert.equal(errors.length, 1)
    assert.match(errors[0]!, /\bname\b/)
  })

  it('when an array item has the wrong type, then the message names the item', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: auth, payload: { name: uniqueName(), enabledServices: ['one'] } })
    const errors = assertErrorList(res)
    assert.ok(errors.some((m) => m.includes('enabledServices[0]')), res.body)
  })

  it('when two fields are wrong, then each is named', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: auth, payload: { name: '', externalReference: 7 } })
    const errors = assertErrorList(res)
    assert.ok(errors.some((m) => /\bname\b/.test(m)), res.body)
    assert.ok(errors.some((m) => /\bexternalReference\b/.test(m)), res.body)
  })

  it('when a path id is not a number, then 400 {"errors": [...]} about the id', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/accounts/abc', headers: auth })
    const errors = assertErrorList(res)
    assert.match(errors[0]!, /\bid\b/)
  })
})

describe('unknown routes', () => {
  it('when the route does not exist, then 404 problem details', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: auth })
    assert.equal(res.statusCode, 404)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    const body = res.json()
    assert.equal(body.status, 404)
    assert.equal(body.title, 'Not Found')
    assert.equal(typeof body.detail, 'string')
  })

  it('when the method is not served on a known path, then 404 or 405, never 500', async () => {
    const { auth } = await givenReseller(app)
    const res = await app.inject({ method: 'DELETE', url: '/api/Ping', headers: auth })
    assert.ok(res.statusCode === 404 || res.statusCode === 405, `status ${res.statusCode}`)
  })
})

describe('a real fault', () => {
  it('when the database is gone, then 500 problem details with the request id and no internals, and the app keeps serving', async () => {
    const { auth } = await givenReseller(faulty.app)
    const ok = await faulty.app.inject({ method: 'GET', url: '/api/accounts', headers: auth })
    assert.equal(ok.statusCode, 200, ok.body)

    await faultyConnection.db.close()

    const res = await faulty.app.inject({ method: 'GET', url: '/api/accounts', headers: auth })
    assert.equal(res.statusCode, 500, res.body)
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/)
    const body = res.json()
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'requestId', 'status', 'title', 'type'])
    assert.equal(body.status, 500)
    assert.equal(body.title, 'Internal Server Error')
    assert.equal(body.requestId, res.headers['x-request-id'])
    assert.doesNotMatch(res.body, /PGlite|pool|closed|stack|\.ts:\d+|\.js:\d+|at /i)

    const live = await faulty.app.inject({ method: 'GET', url: '/health/live' })
    assert.equal(live.statusCode, 200)
    assert.deepEqual(live.json(), { status: 'ok' })
    const ready = await faulty.app.inject({ method: 'GET', url: '/health/ready' })
    assert.equal(ready.statusCode, 503)
  })
})
