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

  it('when the urn is missing, then 400 naming urn', async () => {
    const caller = await givenReseller(app)
    const { urn: _urn, ...withoutUrn } = PERSON
    assertErrors(await postCase(caller, withoutUrn), ['The urn field is required.'])
  })

  it('when the urn is blank or longer than 255 characters, then 400 naming urn', async () => {
    const caller = await givenReseller(app)
    for (const urn of ['', '   ', 'u'.repeat(256)]) {
      assertErrors(await postCase(caller, { ...PERSON, urn }), ['The urn field must be 1 to 255 characters and not blank.'])
    }
  })

  it('when the urn is exactly 255 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const urn = 'u'.repeat(255)
    assertCreated(await postCase(caller, { ...PERSON, urn }), { ...PERSON, urn })
  })

  it('when the type is missing, then 400 naming type', async () => {
    const caller = await givenReseller(app)
    const { type: _type, ...withoutType } = PERSON
    assertErrors(await postCase(caller, withoutType), ['The type field is required.'])
  })

  it('when the type is neither Person nor Business, then 400 naming type and both values', async () => {
    const caller = await givenReseller(app)
    for (const type of ['Company', 'person', 'BUSINESS', '']) {
      assertErrors(await postCase(caller, { ...PERSON, type }), ['The type field must be "Person" or "Business".'])
    }
    for (const type of [1, null]) assertErrors(await postCase(caller, { ...PERSON, type }), ['The type field must be a string.'])
  })

  it('when a Person case has no names and no date of birth, then 400 naming every missing field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { urn: 'P-1', type: 'Person' }), [
      'The givenNames field is required for a Person case.',
      'The surname field is required for a Person case.',
      'The dobDay field is required for a Person case.',
      'The dobMonth field is required for a Person case.',
      'The dobYear field is required for a Person case.',
    ])
  })

  it('when a Person case has its names and date of birth as null, then 400 naming each', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, givenNames: null, dobMonth: null }), [
      'The givenNames field is required for a Person case.',
      'The dobMonth field is required for a Person case.',
    ])
  })

  it('when a Business case has no entityName, then 400 naming entityName', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { urn: 'B-1', type: 'Business', entityRegistrationNumber: '123' }), ['The entityName field is required for a Business case.'])
  })

  it('when the surname is longer than 40 characters, then 400 naming surname', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, surname: 's'.repeat(41) }), ['The surname field must be 1 to 40 characters and not blank.'])
  })

  it('when the surname is exactly 40 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const surname = 's'.repeat(40)
    assertCreated(await postCase(caller, { ...PERSON, surname }), { ...PERSON, surname })
  })

  it('when the entityRegistrationNumber has 20 characters, then 400 naming it', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...BUSINESS, entityRegistrationNumber: '1'.repeat(20) }), ['The entityRegistrationNumber field must be 1 to 19 characters.'])
  })

  it('when the entityRegistrationNumber has 19 characters, then 201', async () => {
    const caller = await givenReseller(app)
    const entityRegistrationNumber = '1'.repeat(19)
    assertCreated(await postCase(caller, { ...BUSINESS, entityRegistrationNumber }), { ...BUSINESS, entityRegistrationNumber })
  })

  it('when addressCountryCode2 is not an ISO 3166-1 alpha-2 code, then 400 naming it', async () => {
    const caller = await givenReseller(app)
    for (const addressCountryCode2 of ['XX', 'GBR', 'G', '', 'U1']) {
      assertErrors(await postCase(caller, { ...PERSON, addressCountryCode2 }),
        ['The addressCountryCode2 field must be an ISO 3166-1 alpha-2 country code, e.g. GB.'])
    }
  })

  it('when the date of birth is 31/02, then 400 saying it is not a real date', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 31, dobMonth: 2, dobYear: 1990 }),
      ['The date of birth 31/02/1990 (dobDay/dobMonth/dobYear) is not a real date.'])
  })

  it('when the date of birth is 29/02 of a non-leap year, then 400; of a leap year, then 201', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 29, dobMonth: 2, dobYear: 2001 }),
      ['The date of birth 29/02/2001 (dobDay/dobMonth/dobYear) is not a real date.'])
    const leap = { ...PERSON, dobDay: 29, dobMonth: 2, dobYear: 2000 }
    assertCreated(await postCase(caller, leap), leap)
  })

  it('when the date of birth is tomorrow, then 400 saying it is in the future', async () => {
    const caller = await givenReseller(app)
    const tomorrow = new Date(Date.now() + 24 * 3600_000)
    const [day, month, year] = [tomorrow.getUTCDate(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCFullYear()]
    const text = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`
    assertErrors(await postCase(caller, { ...PERSON, dobDay: day, dobMonth: month, dobYear: year }),
      [`The date of birth ${text} (dobDay/dobMonth/dobYear) is in the future.`])
  })

  it('when dobDay or dobMonth is out of range, then 400 naming each field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 32, dobMonth: 13 }), [
      'The dobDay field must be at most 31.',
      'The dobMonth field must be at most 12.',
    ])
    assertErrors(await postCase(caller, { ...PERSON, dobDay: 0, dobMonth: 0 }), [
      'The dobDay field must be at least 1.',
      'The dobMonth field must be at least 1.',
    ])
  })

  it('when a date part is sent as a string, then 400 naming the field', async () => {
    const caller = await givenReseller(app)
    assertErrors(await postCase(caller, { ...PERSON, dobYear: '1987' }), ['The dobYear field must be an integer.'])
  })

  it('when several fields are invalid, then one 400 names every one of them', async () => {
    const caller = await givenReseller(app)
    const res = await postCase(caller, { ...PERSON, urn: '', surname: 's'.repeat(41), addressCountryCode2: 'XX', dobDay: 'x' })
    assertErrors(res, [
      'The urn field must be 1 to 255 characters and not blank.',
      'The surname field must be 1 to 40 characters and not blank.',
      'The dobDay field must be an integer.',
      'The addressCountryCode2 field must be an ISO 3166-1 alpha-2 country code, e.g. GB.',
    ])
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
