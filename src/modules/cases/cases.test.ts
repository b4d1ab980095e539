import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const JSON_TYPE = 'application/json; charset=utf-8'
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

const PERSON = {
  urn: 'CUST-0001', type: 'Person', givenNames: 'Jane Anne', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987,
  addressLine1: '1 High Street', addressPostcode: 'SW1A 1AA', addressCountryCode2: 'GB',
}
const BUSINESS = { urn: 'BIZ-0001', type: 'Business', entityName: 'Acme Ltd', entityRegistrationNumber: '01234567' }
const NO_FIELDS = {
  givenNames: null, surname: null, dobDay: null, dobMonth: null, dobYear: null, addressLine1: null, addressPostcode: null,
  addressCountryCode2: null, entityName: null, entityRegistrationNumber: null,
}

type Res = { statusCode: number, headers: Record<string, unknown>, body: string, json: () => any }

const postCase = (caller: GivenClient, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/cases', headers: caller.auth, payload: payload as object })
const getCase = (caller: GivenClient, id: number) => app.inject({ method: 'GET', url: `/api/cases/${id}`, headers: caller.auth })
const listCases = (caller: GivenClient, query = '') => app.inject({ method: 'GET', url: `/api/cases${query}`, headers: caller.auth })

function assertErrors (res: Res, expected: string[]): void {
  assert.equal(res.statusCode, 400, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(res.json(), { errors: expected })
}

function assertEmpty404 (res: Res): void {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
  assert.equal(res.headers['content-type'], undefined)
}

/** The created case: 201, its Location, and the body echoing what was sent plus id and createdAt. */
function assertCreated (res: Res, expected: Record<string, unknown>): Record<string, unknown> {
  assert.equal(res.statusCode, 201, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  const body = res.json()
  assert.ok(Number.isInteger(body.id) && body.id > 0, res.body)
  assert.equal(res.headers.location, `/api/cases/${body.id}`)
  assert.match(body.createdAt, ISO_UTC)
  assert.ok(Math.abs(Date.parse(body.createdAt) - Date.now()) < 60_000, `createdAt ${body.createdAt} is not about now`)
  assert.deepEqual(body, { id: body.id, ...NO_FIELDS, ...expected, createdAt: body.createdAt })
  return body
}

function nextLink (res: Res): string | undefined {
  const link = res.headers.link as string | undefined
  if (link === undefined) return undefined
  const match = /^<([^>]+)>; rel="next"$/.exec(link)
  assert.ok(match, `Link header "${link}" is not <url>; rel="next"`)
  return match[1]
}

describe('POST /api/cases', () => {
  it('when a Person case is created with every field, then 201, Location /api/cases/<id> and the case with every field', async () => {
    const caller = await givenReseller(app)
    assertCreated(await postCase(caller, PERSON), PERSON)
  })

  it('when a Business case is created, then 201 with the person fields null', async () => {
    const caller = await givenReseller(app)
    assertCreated(await postCase(caller, BUSINESS), BUSINESS)
  })

  it('when a Business case has only urn, type and entityName, then 201', async () => {
    const caller = await givenReseller(app)
    assertCreated(await postCase(caller, { urn: 'B-2', type: 'Business', entityName: 'Solo Trader' }), { urn: 'B-2', type: 'Business', entityName: 'Solo Trader' })
  })

  it('when the country code is lower case, then it is accepted and stored upper case', async () => {
    const caller = await givenReseller(app)
    assertCreated(await postCase(caller, { ...PERSON, addressCountryCode2: 'gb' }), PERSON)
  })

  it('when two cases are created, then they get different ids and Locations', async () => {
    const caller = await givenReseller(app)
    const first = assertCreated(await postCase(caller, PERSON), PERSON)
    const second = assertCreated(await postCase(caller, PERSON), PERSON)
    assert.notEqual(first.id, second.id)
  })

  it('when there is no token, then 401 and no case is made', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/cases', payload: PERSON })
    assert.equal(res.statusCode, 401)
    assert.equal(res.headers['www-authenticate'], 'Bearer')
  })
})

describe('GET /api/cases/{id}', () => {
  it('when the caller reads its case, then 200 and the case exactly as created', async () => {
    const caller = await givenReseller(app)
    const created = assertCreated(await postCase(caller, PERSON), PERSON)
    const res = await getCase(caller, created.id as number)
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), created)
  })

  it('when the case belongs to another account, then 404 with an empty body', async () => {
    const owner = await givenReseller(app)
    const other = await givenReseller(app)
    const caseId = await givenCase(app, owner)
    assertEmpty404(await getCase(other, caseId))
  })

  it('when the case does not exist, then 404 with an empty body', async () => {
    const caller = await givenReseller(app)
    assertEmpty404(await getCase(caller, 2_000_000_000))
  })

  it('when the id is not a positive integer, then 400 naming the caseId', async () => {
    const caller = await givenReseller(app)
    const res = await app.inject({ method: 'GET', url: '/api/cases/abc', headers: caller.auth })
    assertErrors(res, ['The caseId field must be an integer.'])
    assertErrors(await app.inject({ method: 'GET', url: '/api/cases/0', headers: caller.auth }), ['The caseId in the path must be a positive integer.'])
  })
})

describe('GET /api/cases', () => {
  it('when the caller lists its cases, then only its own, newest first, with no Link when all fit', async () => {
    const caller = await givenReseller(app)
    const first = await givenCase(app, caller, { urn: 'first' })
    const second = await givenCase(app, caller, { urn: 'second' })
    await givenCase(app, await givenReseller(app), { urn: 'someone else' })
    const third = await givenCase(app, caller, { urn: 'third' })

    const res = await listCases(caller)

    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.equal(res.headers.link, undefined)
    const expected = await Promise.all([third, second, first].map(async (id) => (await getCase(caller, id)).json()))
    assert.deepEqual(res.json(), expected)
  })

  it('when the caller has no cases, then 200 and an empty array', async () => {
    const caller = await givenReseller(app)
    const res = await listCases(caller)
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), [])
    assert.equal(res.headers.link, undefined)
  })

  it('when there are more cases than the limit, then a Link rel="next" with a before cursor leads to the next page', async () => {
    const caller = await givenReseller(app)
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push(await givenCase(app, caller, { urn: `case-${i}` }))
    const newestFirst = [...ids].reverse()

    const page1 = await listCases(caller, '?limit=2')
    assert.equal(page1.statusCode, 200)
    assert.deepEqual(page1.json().map((c: { id: number }) => c.id), newestFirst.slice(0, 2))
    assert.equal(nextLink(page1), `/api/cases?limit=2&before=${newestFirst[1]}`)

    const page2 = await app.inject({ method: 'GET', url: nextLink(page1)!, headers: caller.auth })
    assert.equal(page2.statusCode, 200)
    assert.deepEqual(page2.json().map((c: { id: number }) => c.id), newestFirst.slice(2, 4))
    assert.equal(nextLink(page2), `/api/cases?limit=2&before=${newestFirst[3]}`)

    const page3 = await app.inject({ method: 'GET', url: nextLink(page2)!, headers: caller.auth })
    assert.equal(page3.statusCode, 200)
    assert.deepEqual(page3.json().map((c: { id: number }) => c.id), newestFirst.slice(4))
    assert.equal(nextLink(page3), undefined)
  })

  it('when the last page is exactly full, then it has no Link to an empty page', async () => {
    const caller = await givenReseller(app)
    const a = await givenCase(app, caller)
    const b = await givenCase(app, caller)
    const res = await listCases(caller, '?limit=2')
    assert.deepEqual(res.json().map((c: { id: number }) => c.id), [b, a])
    assert.equal(res.headers.link, undefined)
  })

  it('when no limit is given, then pages of 20', async () => {
    const caller = await givenReseller(app)
    const ids: number[] = []
    for (let i = 0; i < 21; i++) ids.push(await givenCase(app, caller))
    const res = await listCases(caller)
    assert.deepEqual(res.json().map((c: { id: number }) => c.id), ids.slice(1).reverse())
    assert.equal(nextLink(res), `/api/cases?limit=20&before=${ids[1]}`)
    const rest = await app.inject({ method: 'GET', url: nextLink(res)!, headers: caller.auth })
    assert.deepEqual(rest.json().map((c: { id: number }) => c.id), [ids[0]])
  })

  it('when the before cursor is another account\'s case id, then still only the caller\'s cases', async () => {
    const caller = await givenReseller(app)
    const mine = await givenCase(app, caller)
    const theirs = await givenCase(app, await givenReseller(app))
    const res = await listCases(caller, `?before=${theirs + 1}`)
    assert.deepEqual(res.json().map((c: { id: number }) => c.id), [mine])
  })

  it('when urn is given, then only the caller\'s cases with exactly that urn, newest first, and the Link keeps the filter', async () => {
    const caller = await givenReseller(app)
    const first = (await postCase(caller, { ...BUSINESS, urn: 'FIND-ME' })).json().id
    await postCase(caller, { ...BUSINESS, urn: 'FIND-ME-NOT' })
    const second = (await postCase(caller, { ...BUSINESS, urn: 'FIND-ME' })).json().id
    await postCase(await givenReseller(app), { ...BUSINESS, urn: 'FIND-ME' })
    const all = await listCases(caller, '?urn=%20FIND-ME%20')
    assert.equal(all.statusCode, 200, all.body)
    assert.deepEqual(all.json().map((c: { id: number }) => c.id), [second, first])
    const page1 = await listCases(caller, '?urn=FIND-ME&limit=1')
    assert.equal(nextLink(page1), `/api/cases?limit=1&before=${second}&urn=FIND-ME`)
    const page2 = await app.inject({ method: 'GET', url: nextLink(page1)!, headers: caller.auth })
    assert.deepEqual(page2.json().map((c: { id: number }) => c.id), [first])
    assert.deepEqual((await listCases(caller, '?urn=NOBODY')).json(), [])
    assertErrors(await listCases(caller, '?urn=%20'), ['The urn query parameter must be 1 to 255 characters and not blank.'])
  })

  it('when the limit is out of range or not a number, then 400 naming limit', async () => {
    const caller = await givenReseller(app)
    for (const limit of ['0', '101']) {
      assertErrors(await listCases(caller, `?limit=${limit}`), ['The limit query parameter must be an integer from 1 to 100.'])
    }
    assertErrors(await listCases(caller, '?limit=ten'), ['The limit field must be an integer.'])
  })

  it('when the before cursor is not a case id, then 400 naming before', async () => {
    const caller = await givenReseller(app)
    assertErrors(await listCases(caller, '?before=0'), ['The before query parameter must be a case id.'])
    assertErrors(await listCases(caller, '?before=abc'), ['The before field must be an integer.'])
  })
})
