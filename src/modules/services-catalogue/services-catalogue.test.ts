import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const ALL_SANDBOX_SERVICES = [
  { serviceId: 1, checkType: 'KYC', provider: 'Sandbox' },
  { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' },
  { serviceId: 3, checkType: 'AML', provider: 'Sandbox' },
  { serviceId: 4, checkType: 'Document extraction', provider: 'Sandbox' },
  { serviceId: 5, checkType: 'Document risk', provider: 'Sandbox' },
]

const resellable = (caller: GivenClient) => app.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })

describe('GET /api/services/resellable', () => {
  it('when a reseller made with services [2] asks, then only BAV from the Sandbox provider', async () => {
    const reseller = await givenReseller(app, { services: [2] })

    const res = await resellable(reseller)

    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(res.json(), [{ serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }])
  })

  it('when a reseller made with every service asks, then all sandbox services in id order', async () => {
    const reseller = await givenReseller(app, { services: 'all' })
    assert.deepEqual((await resellable(reseller)).json(), ALL_SANDBOX_SERVICES)
  })

  it('when a reseller made with no services asks, then an empty array, and any service id is invalid for it', async () => {
    const reseller = await givenReseller(app, { services: [] })
    assert.deepEqual((await resellable(reseller)).json(), [])

    const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: reseller.auth, payload: { name: uniqueName(), enabledServices: [1] } })
    assert.equal(res.statusCode, 400)
    assert.equal(res.body, '"Invalid service ID"')
  })

  it('when an account is created with exactly the resellable ids, then it has exactly those services', async () => {
    const reseller = await givenReseller(app, { services: [5, 2] })
    const offered = (await resellable(reseller)).json()

    const res = await app.inject({
      method: 'POST', url: '/api/accounts', headers: reseller.auth,
      payload: { name: uniqueName(), enabledServices: offered.map((s: { serviceId: number }) => s.serviceId) },
    })

    assert.equal(res.statusCode, 201, res.body)
    assert.deepEqual(res.json().account.enabledServices, offered)
    assert.deepEqual(offered, [ALL_SANDBOX_SERVICES[1], ALL_SANDBOX_SERVICES[4]])
  })

  it('when a sub-account asks, then the services enabled on its own account', async () => {
    const reseller = await givenReseller(app)
    const account = await givenSubAccount(app, reseller, { enabledServices: [1, 3] })
    assert.deepEqual((await resellable(account)).json(), [ALL_SANDBOX_SERVICES[0], ALL_SANDBOX_SERVICES[2]])
  })

  it('when no access token is sent, then 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/services/resellable' })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })
})
