import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createIdcheckClient, IdcheckAuthenticationError } from '../../packages/client/src/index.ts'
import { startLiveServer } from '../helpers/live-server.ts'
import { givenReseller, givenSubAccount } from '../helpers/given.ts'
import { recordingFetch } from './client-helpers.ts'

const server = await startLiveServer()

describe('@idcheck/client: access tokens', () => {
  it('when many calls are made, then the client authenticates once and sends the same token', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch()
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch })
    await Promise.all([client.ping(), client.ping(), client.accounts.list()])
    for (let i = 0; i < 5; i++) assert.equal(await client.ping(), 'Pong')
    assert.equal(net.count('POST', '/api/authenticate'), 1, 'one authenticate, shared by concurrent first calls')
    assert.equal(net.count('GET', '/api/Ping', 200), 7)
  })

  it('when the token is about to expire, then it is renewed before use and no request meets a 401', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch()
    // The client reads the same (test) clock as the server, so both see the hour pass.
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch, now: server.clock.now })
    const first = await client.token()
    assert.equal(await client.ping(), 'Pong')
    server.clock.advanceMinutes(59.5)
    assert.equal(await client.ping(), 'Pong')
    assert.notEqual(await client.token(), first)
    assert.equal(net.count('POST', '/api/authenticate'), 2)
    assert.equal(net.sent.filter((s) => s.status === 401).length, 0)
  })

  it('when the server answers 401 to a token the client still trusts, then it authenticates once more and the call succeeds', async () => {
    const reseller = await givenReseller(server.app)
    const net = recordingFetch()
    // The client's own clock is real time; the server's jumps past the token's expiry.
    const client = createIdcheckClient({ baseUrl: server.url, clientId: reseller.clientId, clientSecret: reseller.clientSecret, fetch: net.fetch })
    assert.equal(await client.ping(), 'Pong')
    server.clock.advanceMinutes(61)
    assert.deepEqual(await client.accounts.list(), [])
    assert.equal(net.count('GET', '/api/accounts', 401), 1)
    assert.equal(net.count('GET', '/api/accounts', 200), 1)
    assert.equal(net.count('POST', '/api/authenticate'), 2)
  })

  it('when the credentials were reset, then the client re-authenticates once and reports the refused secret', async () => {
    const reseller = await givenReseller(server.app)
    const customer = await givenSubAccount(server.app, reseller)
    const net = recordingFetch()
    const client = createIdcheckClient({ baseUrl: server.url, clientId: customer.clientId, clientSecret: customer.clientSecret, fetch: net.fetch })
    assert.equal(await client.ping(), 'Pong')
    const reset = await server.app.inject({ method: 'POST', url: `/api/accounts/${customer.id}/reset-credentials`, headers: reseller.auth })
    assert.equal(reset.statusCode, 200)
    await assert.rejects(client.ping(), (err: unknown) => err instanceof IdcheckAuthenticationError && err.status === 401)
    assert.equal(net.count('GET', '/api/Ping', 401), 1, 'one 401, then one authenticate: no loop')
    assert.equal(net.count('POST', '/api/authenticate', 401), 1)
  })
})
