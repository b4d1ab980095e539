import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, givenToken, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const BAV = { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }

/** Two resellers made as the operator makes them (CLI), each with one account of its own. */
async function givenTwoResellers () {
  const alice = await givenReseller(app, { name: uniqueName('Reseller Alice') })
  const bob = await givenReseller(app, { name: uniqueName('Reseller Bob') })
  const alicesName = uniqueName('Alice Customer')
  const bobsName = uniqueName('Bob Customer')
  const alicesAccount = await givenSubAccount(app, alice, { name: alicesName, enabledServices: [2] })
  const bobsAccount = await givenSubAccount(app, bob, { name: bobsName })
  return { alice, bob, alicesAccount, bobsAccount, alicesName, bobsName }
}

const request = (caller: GivenClient, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: caller.auth, ...(payload && { payload }) })

function assertEmpty404 (res: { statusCode: number, body: string }, what: string) {
  assert.equal(res.statusCode, 404, `${what}: ${res.body}`)
  assert.equal(res.body, '', what)
}

describe('isolation between resellers', () => {
  it('when each reseller lists accounts, then it sees only its own', async () => {
    const { alice, bob, alicesAccount, bobsAccount, alicesName, bobsName } = await givenTwoResellers()

    assert.deepEqual((await request(alice, 'GET', '/api/accounts')).json(), [{ id: alicesAccount.id, name: alicesName, enabledServices: [BAV] }])
    assert.deepEqual((await request(bob, 'GET', '/api/accounts')).json(), [{ id: bobsAccount.id, name: bobsName, enabledServices: [] }])
  })

  it('when a reseller reads, patches or resets another reseller\'s account, then 404 with an empty body and nothing changes', async () => {
    const { alice, bob, alicesAccount, bobsAccount, alicesName, bobsName } = await givenTwoResellers()

    for (const [intruder, target] of [[bob, alicesAccount], [alice, bobsAccount]] as const) {
      assertEmpty404(await request(intruder, 'GET', `/api/accounts/${target.id}`), 'GET')
      assertEmpty404(await request(intruder, 'PATCH', `/api/accounts/${target.id}`, { name: uniqueName('Hijacked'), enabledServices: [] }), 'PATCH')
      assertEmpty404(await request(intruder, 'POST', `/api/accounts/${target.id}/reset-credentials`), 'reset-credentials')
    }

    assert.deepEqual((await request(alice, 'GET', `/api/accounts/${alicesAccount.id}`)).json().account, { id: alicesAccount.id, name: alicesName, enabledServices: [BAV] })
    assert.deepEqual((await request(bob, 'GET', `/api/accounts/${bobsAccount.id}`)).json().account, { id: bobsAccount.id, name: bobsName, enabledServices: [] })
    // Neither secret was rotated, and the tokens issued under them still work.
    for (const account of [alicesAccount, bobsAccount]) {
      await givenToken(app, account.clientId, account.clientSecret)
      assert.equal((await request(account, 'GET', '/api/Ping')).statusCode, 200)
    }
  })

  it('when another reseller\'s account id is probed, then the answer is the same as for an id that does not exist', async () => {
    const { bob, alicesAccount } = await givenTwoResellers()
    const foreign = await request(bob, 'GET', `/api/accounts/${alicesAccount.id}`)
    const missing = await request(bob, 'GET', '/api/accounts/2000000000')
    assert.deepEqual([foreign.statusCode, foreign.body, foreign.headers['content-type']], [missing.statusCode, missing.body, missing.headers['content-type']])
  })

  it('when two resellers use the same externalReference, then each gets an account of its own', async () => {
    const alice = await givenReseller(app)
    const bob = await givenReseller(app)

    const forAlice = await request(alice, 'POST', '/api/accounts', { name: uniqueName(), externalReference: 'customer-1' })
    const forBob = await request(bob, 'POST', '/api/accounts', { name: uniqueName(), externalReference: 'customer-1' })

    assert.equal(forAlice.statusCode, 201, forAlice.body)
    assert.equal(forBob.statusCode, 201, forBob.body)
    assert.notEqual(forAlice.json().account.id, forBob.json().account.id)
  })
})

describe('sub-accounts', () => {
  it('when a sub-account authenticates, then it calls Ping and lists its (no) accounts', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)

    const ping = await request(account, 'GET', '/api/Ping')
    assert.equal(ping.statusCode, 200)
    assert.equal(ping.body, 'Pong')
    const list = await request(account, 'GET', '/api/accounts')
    assert.equal(list.statusCode, 200)
    assert.deepEqual(list.json(), [])
  })

  it('when a sub-account reads, patches or resets itself, a sibling or its reseller, then 404', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller)
    const sibling = await givenSubAccount(app, reseller)

    for (const id of [account.id, sibling.id, reseller.id]) {
      assertEmpty404(await request(account, 'GET', `/api/accounts/${id}`), `GET ${id}`)
      assertEmpty404(await request(account, 'PATCH', `/api/accounts/${id}`, { name: uniqueName() }), `PATCH ${id}`)
      assertEmpty404(await request(account, 'POST', `/api/accounts/${id}/reset-credentials`), `reset ${id}`)
    }
  })
})
