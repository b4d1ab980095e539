import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, givenSubAccount, givenToken, uniqueName, type GivenClient } from '../../../test/helpers/given.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const JSON_TYPE = 'application/json; charset=utf-8'
const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const CLIENT_SECRET = /^[A-Za-z0-9_-]{43}$/ // 256 random bits, base64url
const KYC = { serviceId: 1, checkType: 'KYC', provider: 'Sandbox' }
const BAV = { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }

const createAccount = (caller: GivenClient, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/accounts', headers: caller.auth, payload: payload as object })
const listAccounts = async (caller: GivenClient) =>
  (await app.inject({ method: 'GET', url: '/api/accounts', headers: caller.auth })).json()

describe('POST /api/accounts', () => {
  it('when a reseller creates an account, then 201 with Location, the account as sent and the secret in clear', async () => {
    const reseller = await givenReseller(app, { services: [1, 2] })
    const name = uniqueName('Acme Lettings')

    const res = await createAccount(reseller, { name, enabledServices: [2, 1], externalReference: 'crm-00042' })

    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    const body = res.json()
    const id = body.account.id
    assert.ok(Number.isInteger(id) && id > 0)
    assert.equal(res.headers.location, `/api/accounts/${id}`)
    assert.match(body.credentials.clientId, CLIENT_ID)
    assert.match(body.credentials.clientSecret, CLIENT_SECRET)
    assert.deepEqual(body, {
      account: { id, name, enabledServices: [KYC, BAV] },
      credentials: { clientId: body.credentials.clientId, clientSecret: body.credentials.clientSecret },
      securityWarning: `Store this clientSecret securely now: it is shown only in this response and cannot be retrieved later. If it is lost, issue a new one with POST /api/accounts/${id}/reset-credentials.`,
    })
  })

  it('when the new credentials are exchanged for a token, then the token calls the API', async () => {
    const reseller = await givenReseller(app)
    const { credentials } = (await createAccount(reseller, { name: uniqueName() })).json()

    const auth = await app.inject({ method: 'POST', url: '/api/authenticate', payload: credentials })
    assert.equal(auth.statusCode, 200, auth.body)
    assert.equal(auth.json().expires, 3600)

    const ping = await app.inject({ method: 'GET', url: '/api/Ping', headers: { authorization: `Bearer ${auth.json().accessToken}` } })
    assert.equal(ping.statusCode, 200)
    assert.equal(ping.body, 'Pong')
  })

  it('when the same externalReference is sent again, then 200 with the same account, the secret masked and a pointer to reset-credentials', async () => {
    const reseller = await givenReseller(app, { services: [2] })
    const request = { name: uniqueName('Retry Ltd'), enabledServices: [2], externalReference: 'crm-retry-1' }
    const first = (await createAccount(reseller, request)).json()

    const again = await createAccount(reseller, request)

    assert.equal(again.statusCode, 200, again.body)
    assert.equal(again.headers.location, undefined)
    const id = first.account.id
    assert.deepEqual(again.json(), {
      account: first.account,
      credentials: { clientId: first.credentials.clientId, clientSecret: '***REDACTED***' },
      securityWarning: `An account with this externalReference already exists, so no new account was created and its clientSecret is not shown again. To issue a new secret, use POST /api/accounts/${id}/reset-credentials.`,
    })
    assert.match(again.json().securityWarning, /already exists/)
    assert.match(again.json().securityWarning, /reset-credentials/)
    assert.deepEqual(await listAccounts(reseller), [first.account])
    // A retry must not rotate the secret the first response handed out.
    await givenToken(app, first.credentials.clientId, first.credentials.clientSecret)
  })

  it('when a retry with a known externalReference carries another name or services (even invalid ones), then 200 with the existing account unchanged', async () => {
    const reseller = await givenReseller(app, { services: [1, 2] })
    const first = (await createAccount(reseller, { name: uniqueName('Original'), enabledServices: [2], externalReference: 'crm-7' })).json()

    for (const enabledServices of [[1], [99]]) {
      const again = await createAccount(reseller, { name: uniqueName('Renamed'), enabledServices, externalReference: 'crm-7' })
      assert.equal(again.statusCode, 200, again.body)
      assert.deepEqual(again.json().account, first.account)
    }
    assert.deepEqual(await listAccounts(reseller), [first.account])
  })

  it('when enabledServices is omitted, empty or null, then the account has no services', async () => {
    const reseller = await givenReseller(app)
    for (const extra of [{}, { enabledServices: [] }, { enabledServices: null }]) {
      const name = uniqueName()
      const res = await createAccount(reseller, { name, ...extra })
      assert.equal(res.statusCode, 201, res.body)
      assert.deepEqual(res.json().account, { id: res.json().account.id, name, enabledServices: [] })
    }
  })

  it('when a service id is repeated, then the account has it once', async () => {
    const reseller = await givenReseller(app, { services: [2] })
    const res = await createAccount(reseller, { name: uniqueName(), enabledServices: [2, 2] })
    assert.equal(res.statusCode, 201, res.body)
    assert.deepEqual(res.json().account.enabledServices, [BAV])
  })

  it('when a service id is not resellable by the caller (not enabled on its own account, or nonexistent), then 400 "Invalid service ID" and nothing is created', async () => {
    const reseller = await givenReseller(app, { services: [2] })
    for (const enabledServices of [[1], [2, 3], [99], [0], [-1], [2147483648]]) {
      const res = await createAccount(reseller, { name: uniqueName(), enabledServices })
      assert.equal(res.statusCode, 400, `${JSON.stringify(enabledServices)}: ${res.body}`)
      assert.equal(res.headers['content-type'], JSON_TYPE)
      assert.equal(res.body, '"Invalid service ID"')
    }
    assert.deepEqual(await listAccounts(reseller), [])
  })

  it('when the name is used by another account of the same reseller in any case, then 409 "Name is in use by another account"', async () => {
    const reseller = await givenReseller(app)
    const name = uniqueName('Harbour Lettings')
    assert.equal((await createAccount(reseller, { name })).statusCode, 201)

    for (const taken of [name, name.toUpperCase(), name.toLowerCase()]) {
      const res = await createAccount(reseller, { name: taken })
      assert.equal(res.statusCode, 409, `${taken}: ${res.body}`)
      assert.equal(res.headers['content-type'], JSON_TYPE)
      assert.equal(res.body, '"Name is in use by another account"')
    }
    assert.equal((await listAccounts(reseller)).length, 1)
  })

  it('when the name is used by another reseller\'s account or by a reseller itself, then 409 as well', async () => {
    const other = await givenReseller(app)
    const othersAccount = uniqueName('Elsewhere')
    assert.equal((await createAccount(other, { name: othersAccount })).statusCode, 201)
    const resellerName = uniqueName('Reseller Name')
    await givenReseller(app, { name: resellerName })
    const reseller = await givenReseller(app)

    for (const taken of [othersAccount.toUpperCase(), resellerName.toLowerCase()]) {
      const res = await createAccount(reseller, { name: taken })
      assert.equal(res.statusCode, 409, `${taken}: ${res.body}`)
      assert.equal(res.body, '"Name is in use by another account"')
    }
  })

  it('when a new externalReference comes with a taken name, then 409 and no account', async () => {
    const reseller = await givenReseller(app)
    const name = uniqueName()
    await createAccount(reseller, { name, externalReference: 'crm-a' })

    const res = await createAccount(reseller, { name, externalReference: 'crm-b' })

    assert.equal(res.statusCode, 409)
    assert.equal(res.body, '"Name is in use by another account"')
    assert.equal((await listAccounts(reseller)).length, 1)
  })

  it('when a sub-account (not a reseller) creates an account, then 403 problem details', async () => {
    const reseller = await givenReseller(app)
    const subAccount = await givenSubAccount(app, reseller)

    for (const payload of [{ name: uniqueName() }, { name: uniqueName(), enabledServices: [99] }, {}]) {
      const res = await createAccount(subAccount, payload)
      assert.equal(res.statusCode, 403, `${JSON.stringify(payload)}: ${res.body}`)
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8')
      assert.deepEqual(res.json(), {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
        title: 'Insufficient Permissions',
        status: 403,
        detail: 'Only resellers can create accounts',
      })
    }
    assert.deepEqual(await listAccounts(subAccount), [])
  })

  it('when the name is missing or the body absent, then 400 naming the field', async () => {
    const reseller = await givenReseller(app)
    for (const payload of [{}, { enabledServices: [1] }, undefined]) {
      const res = await app.inject({ method: 'POST', url: '/api/accounts', headers: reseller.auth, ...(payload && { payload }) })
      assert.equal(res.statusCode, 400, res.body)
      assert.equal(res.headers['content-type'], JSON_TYPE)
      assert.deepEqual(res.json(), { errors: ['The name field is required.'] })
    }
  })

  it('when fields have the wrong types, then 400 naming each field', async () => {
    const reseller = await givenReseller(app)
    const res = await createAccount(reseller, { name: 5, enabledServices: ['a'], externalReference: 3 })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), {
      errors: ['The name field must be a string.', 'The enabledServices[0] field must be an integer.', 'The externalReference field must be a string.'],
    })

    const notArray = await createAccount(reseller, { name: uniqueName(), enabledServices: 2 })
    assert.equal(notArray.statusCode, 400)
    assert.deepEqual(notArray.json(), { errors: ['The enabledServices field must be an array.'] })
  })

  it('when the name is empty, blank, null or too long, or externalReference empty, then 400 naming the field', async () => {
    const reseller = await givenReseller(app)
    const cases: [unknown, string][] = [
      [{ name: '' }, 'The name field must be 1 to 200 characters and not blank.'],
      [{ name: '   ' }, 'The name field must be 1 to 200 characters and not blank.'],
      [{ name: 'x'.repeat(201) }, 'The name field must be 1 to 200 characters and not blank.'],
      [{ name: null }, 'The name field must be a string.'],
      [{ name: uniqueName(), externalReference: '' }, 'The externalReference field must be at least 1 characters long.'],
    ]
    for (const [payload, message] of cases) {
      const res = await createAccount(reseller, payload)
      assert.equal(res.statusCode, 400, JSON.stringify(payload))
      assert.deepEqual(res.json(), { errors: [message] })
    }
    assert.deepEqual(await listAccounts(reseller), [])
  })

  it('when no access token is sent, then 401 with WWW-Authenticate', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/accounts', payload: { name: uniqueName() } })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8')
    assert.equal(res.json().title, 'Unauthorized')
  })
})
