import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

// 20 requests at once from one reseller would exceed the default 15/s; the limiter is not under test here.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const CONCURRENT = 20

const createAccount = (caller: GivenClient, payload: object) =>
  app.inject({ method: 'POST', url: '/api/accounts', headers: caller.auth, payload })
const listAccounts = async (caller: GivenClient) =>
  (await app.inject({ method: 'GET', url: '/api/accounts', headers: caller.auth })).json()

function countBy<T> (items: T[], key: (item: T) => number): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

describe('concurrent requests (decided by database constraints)', () => {
  it(`when ${CONCURRENT} identical creates with one externalReference race, then one 201 and ${CONCURRENT - 1} 200 with the same account`, async () => {
    const reseller = await givenReseller(app, { services: [2] })
    const body = { name: uniqueName('Race Ref'), enabledServices: [2], externalReference: 'crm-race' }

    const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => createAccount(reseller, body)))

    assert.deepEqual(countBy(responses, (r) => r.statusCode), { 200: CONCURRENT - 1, 201: 1 }, responses.map((r) => r.body).join('\n'))
    const created = responses.find((r) => r.statusCode === 201)!.json()
    assert.match(created.credentials.clientSecret, /^[A-Za-z0-9_-]{43}$/)
    for (const res of responses.filter((r) => r.statusCode === 200)) {
      assert.equal(res.headers.location, undefined)
      assert.deepEqual(res.json().account, created.account)
      assert.deepEqual(res.json().credentials, { clientId: created.credentials.clientId, clientSecret: '***REDACTED***' })
      assert.match(res.json().securityWarning, /already exists.*reset-credentials/)
    }
    assert.deepEqual(await listAccounts(reseller), [created.account])
  })

  it(`when ${CONCURRENT} creates of one name race, then one 201 and ${CONCURRENT - 1} 409`, async () => {
    const reseller = await givenReseller(app)
    const name = uniqueName('Race Name')

    const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => createAccount(reseller, { name })))

    assert.deepEqual(countBy(responses, (r) => r.statusCode), { 201: 1, 409: CONCURRENT - 1 }, responses.map((r) => r.body).join('\n'))
    for (const res of responses.filter((r) => r.statusCode === 409)) assert.equal(res.body, '"Name is in use by another account"')
    assert.deepEqual((await listAccounts(reseller)).map((a: { name: string }) => a.name), [name])
  })

  it(`when ${CONCURRENT} creates of one name in different cases race across resellers, then one 201 and ${CONCURRENT - 1} 409`, async () => {
    const resellers = await Promise.all([givenReseller(app), givenReseller(app)])
    const name = uniqueName('Race Case')
    const spellings = [name, name.toUpperCase(), name.toLowerCase()]

    const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) =>
      createAccount(resellers[i % 2]!, { name: spellings[i % spellings.length]!, externalReference: `ref-${i}` })))

    assert.deepEqual(countBy(responses, (r) => r.statusCode), { 201: 1, 409: CONCURRENT - 1 }, responses.map((r) => r.body).join('\n'))
    const total = (await listAccounts(resellers[0])).length + (await listAccounts(resellers[1])).length
    assert.equal(total, 1)
  })

  it(`when ${CONCURRENT} different accounts are renamed to one name at once, then one 204 and ${CONCURRENT - 1} 409`, async () => {
    const reseller = await givenReseller(app)
    const accounts: GivenClient[] = []
    for (let i = 0; i < CONCURRENT; i++) accounts.push(await givenSubAccount(app, reseller))
    const name = uniqueName('Race Rename')

    const responses = await Promise.all(accounts.map((a) =>
      app.inject({ method: 'PATCH', url: `/api/accounts/${a.id}`, headers: reseller.auth, payload: { name } })))

    assert.deepEqual(countBy(responses, (r) => r.statusCode), { 204: 1, 409: CONCURRENT - 1 }, responses.map((r) => r.body).join('\n'))
    for (const res of responses.filter((r) => r.statusCode === 409)) assert.equal(res.body, '"Name is in use by another account"')
    const renamed = accounts[responses.findIndex((r) => r.statusCode === 204)]!
    const named = (await listAccounts(reseller)).filter((a: { name: string }) => a.name.toLowerCase() === name.toLowerCase())
    assert.deepEqual(named.map((a: { id: number }) => a.id), [renamed.id])
  })
})
