import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const JSON_TYPE = 'application/json; charset=utf-8'
const SERVICES = {
  1: { serviceId: 1, checkType: 'KYC', provider: 'Sandbox' },
  2: { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' },
  3: { serviceId: 3, checkType: 'AML', provider: 'Sandbox' },
}

/** A reseller with every service and one account of its own, created with the given services. */
async function givenResellerWithAccount (enabledServices: number[] = [1, 2]) {
  const reseller = await givenReseller(app)
  const name = uniqueName('Customer')
  const account = await givenSubAccount(app, reseller, { name, enabledServices })
  return { reseller, account, name }
}

const getAccount = (caller: GivenClient, id: number) => app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: caller.auth })
const patchAccount = (caller: GivenClient, id: number, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/accounts/${id}`, headers: caller.auth, payload: payload as object })
const accountOf = async (caller: GivenClient, id: number) => (await getAccount(caller, id)).json().account

function assertEmpty404 (res: { statusCode: number, body: string, headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
  assert.equal(res.headers['content-type'], undefined)
}

describe('GET /api/accounts', () => {
  it('when a reseller lists its accounts, then it gets exactly the accounts it created, oldest first', async () => {
    const reseller = await givenReseller(app)
    const first = await givenSubAccount(app, reseller, { name: uniqueName('First'), enabledServices: [2] })
    const second = await givenSubAccount(app, reseller, { name: uniqueName('Second') })
    await givenSubAccount(app, await givenReseller(app)) // another reseller's account

    const res = await app.inject({ method: 'GET', url: '/api/accounts', headers: reseller.auth })

    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), [
      { id: first.id, name: (await accountOf(reseller, first.id)).name, enabledServices: [SERVICES[2]] },
      { id: second.id, name: (await accountOf(reseller, second.id)).name, enabledServices: [] },
    ])
  })

  it('when a reseller has created no accounts, then an empty array', async () => {
    const reseller = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/accounts', headers: reseller.auth })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), [])
  })
})

describe('GET /api/accounts/{id}', () => {
  it('when a reseller reads its account, then the account and clientId with the secret masked and a warning', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([1, 2])

    const res = await getAccount(reseller, account.id)

    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), {
      account: { id: account.id, name, enabledServices: [SERVICES[1], SERVICES[2]] },
      credentials: { clientId: account.clientId, clientSecret: '***REDACTED***' },
      securityWarning: `The clientSecret is shown only when the account is created or its credentials are reset. To issue a new one, use POST /api/accounts/${account.id}/reset-credentials.`,
    })
    assert.ok(!res.body.includes(account.clientSecret))
  })

  it('when the account does not exist, then 404 with an empty body', async () => {
    const reseller = await givenReseller(app)
    assertEmpty404(await getAccount(reseller, 2_000_000_000))
  })

  it('when the id is not a positive integer, then 400 naming the id', async () => {
    const reseller = await givenReseller(app)
    for (const id of ['0', '-1', '99999999999']) {
      const res = await app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: reseller.auth })
      assert.equal(res.statusCode, 400, id)
      assert.deepEqual(res.json(), { errors: ['The id in the path must be a positive integer.'] })
    }
  })
})

describe('PATCH /api/accounts/{id}', () => {
  it('when only enabledServices is sent, then the list is replaced, the name is kept, and 204 has no body', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([1, 2])

    const res = await patchAccount(reseller, account.id, { enabledServices: [3, 2] })

    assert.equal(res.statusCode, 204, res.body)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-type'], undefined)
    assert.deepEqual(await accountOf(reseller, account.id), { id: account.id, name, enabledServices: [SERVICES[2], SERVICES[3]] })
  })

  it('when enabledServices is [], then every service is disabled', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([1, 2])

    assert.equal((await patchAccount(reseller, account.id, { enabledServices: [] })).statusCode, 204)

    assert.deepEqual(await accountOf(reseller, account.id), { id: account.id, name, enabledServices: [] })
  })

  it('when only the name is sent, then the name changes and the services stay', async () => {
    const { reseller, account } = await givenResellerWithAccount([1, 2])
    const newName = uniqueName('Renamed')

    assert.equal((await patchAccount(reseller, account.id, { name: newName })).statusCode, 204)

    assert.deepEqual(await accountOf(reseller, account.id), { id: account.id, name: newName, enabledServices: [SERVICES[1], SERVICES[2]] })
  })

  it('when fields are null or the body is {}, then nothing changes', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([1, 2])
    const unchanged = { id: account.id, name, enabledServices: [SERVICES[1], SERVICES[2]] }

    for (const payload of [{ name: null }, { enabledServices: null }, { name: null, enabledServices: null }, {}]) {
      const res = await patchAccount(reseller, account.id, payload)
      assert.equal(res.statusCode, 204, JSON.stringify(payload))
      assert.equal(res.body, '')
      assert.deepEqual(await accountOf(reseller, account.id), unchanged)
    }
  })

  it('when both fields are sent, then both change', async () => {
    const { reseller, account } = await givenResellerWithAccount([1])
    const newName = uniqueName('Both')

    assert.equal((await patchAccount(reseller, account.id, { name: newName, enabledServices: [3] })).statusCode, 204)

    assert.deepEqual(await accountOf(reseller, account.id), { id: account.id, name: newName, enabledServices: [SERVICES[3]] })
  })

  it('when a service id is not resellable, then 400 "Invalid service ID" and nothing changes, not even the name', async () => {
    const reseller = await givenReseller(app, { services: [1, 2] })
    const name = uniqueName()
    const account = await givenSubAccount(app, reseller, { name, enabledServices: [1] })

    for (const enabledServices of [[3], [2, 99], [0]]) {
      const res = await patchAccount(reseller, account.id, { name: uniqueName('Not Applied'), enabledServices })
      assert.equal(res.statusCode, 400, `${JSON.stringify(enabledServices)}: ${res.body}`)
      assert.equal(res.headers['content-type'], JSON_TYPE)
      assert.equal(res.body, '"Invalid service ID"')
    }
    assert.deepEqual(await accountOf(reseller, account.id), { id: account.id, name, enabledServices: [SERVICES[1]] })
  })

  it('when the account does not exist, then 404 with an empty body', async () => {
    const reseller = await givenReseller(app)
    assertEmpty404(await patchAccount(reseller, 2_000_000_000, { name: uniqueName() }))
  })

  it('when the new name is taken by another account in any case, then 409 and the name is kept', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([])
    const takenHere = (await givenSubAccount(app, reseller, { name: uniqueName('Taken Here') })).id
    const takenElsewhere = uniqueName('Taken Elsewhere')
    await givenSubAccount(app, await givenReseller(app), { name: takenElsewhere })

    for (const taken of [(await accountOf(reseller, takenHere)).name.toUpperCase(), takenElsewhere.toLowerCase()]) {
      const res = await patchAccount(reseller, account.id, { name: taken })
      assert.equal(res.statusCode, 409, `${taken}: ${res.body}`)
      assert.equal(res.headers['content-type'], JSON_TYPE)
      assert.equal(res.body, '"Name is in use by another account"')
    }
    assert.equal((await accountOf(reseller, account.id)).name, name)
  })

  it('when the account is renamed to its own name in another case, then 204 and the new spelling is kept', async () => {
    const { reseller, account, name } = await givenResellerWithAccount([])

    for (const spelling of [name.toUpperCase(), name]) {
      const res = await patchAccount(reseller, account.id, { name: spelling })
      assert.equal(res.statusCode, 204, res.body)
      assert.equal((await accountOf(reseller, account.id)).name, spelling)
    }
  })

  it('when fields have the wrong types or the name is blank, then 400 naming the field', async () => {
    const { reseller, account } = await givenResellerWithAccount([])
    const cases: [unknown, string][] = [
      [{ name: 5 }, 'The name field must be a string.'],
      [{ name: '' }, 'The name field must be 1 to 200 characters and not blank.'],
      [{ enabledServices: '1' }, 'The enabledServices field must be an array.'],
      [{ enabledServices: [1.5] }, 'The enabledServices[0] field must be an integer.'],
    ]
    for (const [payload, message] of cases) {
      const res = await patchAccount(reseller, account.id, payload)
      assert.equal(res.statusCode, 400, JSON.stringify(payload))
      assert.deepEqual(res.json(), { errors: [message] })
    }
  })
})
