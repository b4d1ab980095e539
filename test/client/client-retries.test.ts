import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createIdcheckClient } from '../../packages/client/src/index.ts'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller, uniqueName } from '../helpers/given.ts'
import { recordingFetch, recordingSleep } from './client-helpers.ts'

const server = await startLiveServer()

describe('@idcheck/client: retries', () => {
  it('when the rate limit is hit, then the client waits Retry-After and every call succeeds', async () => {
    const reseller = await givenReseller(server.app)
    await server.app.services.accounts.setRateLimit(reseller.id, 2)
    const net = recordingFetch()
    const timer = recordingSleep()
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch, sleep: timer.sleep })
    await client.token()
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.ping()))
    assert.deepEqual(answers, Array(5).fill('Pong'))
    assert.ok(net.count('GET', '/api/Ping', 429) >= 1, 'the server did refuse some')
    assert.equal(net.count('GET', '/api/Ping', 200), 5)
    assert.ok(timer.waits.length >= 1 && timer.waits.every((ms) => ms === 1000), `waited ${timer.waits.join(', ')} ms; Retry-After is 1 s`)
  })

  it('when a GET meets a network error, then it is retried with backoff and succeeds', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch({ refuse: (request, attempt) => request.method === 'GET' && attempt <= 2 })
    const timer = recordingSleep()
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch, sleep: timer.sleep, retryDelayMs: 20 })
    assert.deepEqual(await client.accounts.list(), [])
    assert.equal(net.count('GET', '/api/accounts', 'network error'), 2)
    assert.equal(net.count('GET', '/api/accounts', 200), 1)
    assert.equal(timer.waits.length, 2)
    assert.ok(timer.waits[1]! >= timer.waits[0]! / 2 && timer.waits[1]! <= 40, `backoff ${timer.waits.join(', ')}`)
  })

  it('when a POST that is not idempotent meets a network error, then it is not retried', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch({ refuse: (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/cases' })
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch, retryDelayMs: 1 })
    await assert.rejects(client.cases.create({ urn: 'CASE-1', type: 'Business', entityName: 'Acme Ltd' }), TypeError)
    assert.equal(net.count('POST', '/api/cases', 'network error'), 1)
  })

  it('when POST /api/accounts carries an externalReference and meets a network error, then it is retried and makes one account', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch({ refuse: (request, attempt) => request.method === 'POST' && new URL(request.url).pathname === '/api/accounts' && attempt === 1 })
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch, retryDelayMs: 1 })
    const name = uniqueName('Customer')
    const created = await client.accounts.create({ name, externalReference: `crm-${name}` })
    assert.equal(created.created, true)
    assert.equal(net.count('POST', '/api/accounts', 'network error'), 1)
    assert.equal((await client.accounts.list()).length, 1)

    const noReference = recordingFetch({ refuse: (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/accounts' })
    const strict = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: noReference.fetch, retryDelayMs: 1 })
    await assert.rejects(strict.accounts.create({ name: uniqueName('Customer') }), TypeError)
    assert.equal(noReference.count('POST', '/api/accounts', 'network error'), 1, 'without externalReference a repeat could make a second account')
  })
})
