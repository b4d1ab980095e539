import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { connectDatabase } from '../../infra/db/connect.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const receiver = await startWebhookReceiver()
after(() => receiver.close())

const SANDBOX_VERSION = createHash('sha256').update(readFileSync(new URL('./sandbox-list.csv', import.meta.url))).digest('hex')
type Check = { id: number, status: string, checkType: string, subject: { type: string, id: number }, riskRating: { id: number, name: string } | null, result: any }

const get = (caller: GivenClient, url: string) => app.inject({ method: 'GET', url, headers: caller.auth })
const decide = (caller: GivenClient, caseId: number, checkId: number, hitId: number | string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/cases/${caseId}/checks/${checkId}/hits/${hitId}`, headers: caller.auth, payload: payload as object })

/** The case's AML checks once none is pending, newest first. */
const settledAml = (caller: GivenClient, caseId: number, count = 1) =>
  eventually(async () => ((await get(caller, `/api/cases/${caseId}/checks`)).json() as Check[]).filter((c) => c.checkType === 'AML'),
    (checks) => checks.length === count && checks.every((c) => c.status !== 'pending'), { timeoutMs: 20_000, what: `case ${caseId}'s AML checks` })

async function screenedCase (caller: GivenClient, body: Record<string, unknown>): Promise<{ caseId: number, check: Check }> {
  const caseId = await givenCase(app, caller, body)
  const [check] = await settledAml(caller, caseId)
  return { caseId, check: check! }
}

describe('AML screening on case create', () => {
  it('when a Person case names a listed sanctioned person, then the AML check is High with the hit explained, and check.completed is sent', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    await givenWebhook(app, caller, receiver.url, ['check.completed'])
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 12, dobMonth: 4, dobYear: 1961, addressCountryCode2: 'GB' })

    assert.equal(check.status, 'completed')
    assert.deepEqual(check.subject, { type: 'case', id: caseId })
    assert.deepEqual(check.riskRating, { id: 3, name: 'High' })
    const { lists, ...rest } = check.result
    assert.deepEqual(rest, {
      matchStatus: 'potential_match',
      hits: [{
        id: 1, entityId: 'sbx-viktor-kaine', source: 'sandbox', name: 'Viktor Kaine', matchedName: 'Viktor Kaine', score: 1,
        topics: ['sanction'], birthDates: ['1961-04-12'], countries: ['gb', 'ua'],
        explanation: 'Name \'Viktor Kaine\' matches listed \'Viktor Kaine\' (2 of 2 names, surname exact); date of birth 1961-04-12 agrees; country gb agrees.',
      }],
    })
    assert.deepEqual(lists.map((l: any) => [l.source, l.version]), [['sandbox', SANDBOX_VERSION]])
    const events = await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data.check?.id === check.id), 10_000)
    const event = events.map((x) => JSON.parse(x.body)).find((e) => e.data.check?.id === check.id)
    assert.equal(event.type, 'check.completed')
    assert.deepEqual(event.data, { caseId, check: { ...check } })
  })

  it('when names are misspelt, reordered or in another script, then the listed entry is still found', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const found = async (body: Record<string, unknown>) => (await screenedCase(caller, body)).check.result.hits.map((h: any) => h.entityId)
    const kaine = { dobDay: 12, dobMonth: 4, dobYear: 1961 }
    assert.deepEqual(await found({ givenNames: 'Victor', surname: 'Kane', ...kaine }), ['sbx-viktor-kaine'])
    assert.deepEqual(await found({ givenNames: 'Kaine', surname: 'Viktor', ...kaine }), ['sbx-viktor-kaine'])
    assert.deepEqual(await found({ givenNames: 'Иван', surname: 'Дроздов', dobDay: 1, dobMonth: 2, dobYear: 1958 }), ['sbx-ivan-drozdov'])
    assert.deepEqual(await found({ givenNames: 'Omar', surname: 'Haddad', dobDay: 5, dobMonth: 6, dobYear: 1970 }), ['sbx-omar-haddad'])
    assert.deepEqual(await found({ givenNames: 'عمر', surname: 'الحداد', dobDay: 5, dobMonth: 6, dobYear: 1970 }), ['sbx-omar-haddad'])
  })

  it('when the case is a PEP only, then Medium; when no one listed, then Low with no hits', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const pep = await screenedCase(caller, { givenNames: 'Marisol', surname: 'Quintero', dobDay: 30, dobMonth: 9, dobYear: 1975, addressCountryCode2: 'ES' })
    assert.deepEqual([pep.check.riskRating, pep.check.result.matchStatus, pep.check.result.hits[0].topics], [{ id: 2, name: 'Medium' }, 'potential_match', ['pep']])
    const clear = await screenedCase(caller, {})
    assert.deepEqual([clear.check.riskRating, clear.check.result.matchStatus, clear.check.result.hits], [{ id: 1, name: 'Low' }, 'no_match', []])
  })

  it('when a Business case names a listed company with another legal form, then High', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const { check } = await screenedCase(caller, { type: 'Business', givenNames: null, surname: null, dobDay: null, dobMonth: null, dobYear: null, entityName: 'Kestrel Maritime Holdings Limited', entityRegistrationNumber: '0999' })
    assert.deepEqual([check.riskRating, check.result.hits.map((h: any) => h.entityId)], [{ id: 3, name: 'High' }, ['sbx-kestrel-maritime']])
  })

  it('when the account does not have AML, then a new case gets no AML check, and requesting one is 400', async () => {
    const caller = await givenReseller(app, { services: [2] })
    const caseId = await givenCase(app, caller, { givenNames: 'Viktor', surname: 'Kaine' })
    await givenBankAccount(app, caller, caseId) // the case's work settles before its checks are read
    assert.deepEqual(((await get(caller, `/api/cases/${caseId}/checks`)).json() as Check[]).filter((c) => c.checkType === 'AML'), [])
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'AML' } })
    assert.deepEqual([res.statusCode, res.json()], [400, { errors: ['The AML service is not enabled on this account.'] }])
  })
})

describe('PATCH /api/cases/{caseId}/checks/{id}/hits/{hitId}', () => {
  it('when a hit is decided a false positive, then 204, and the case\'s next screening leaves that entry out', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    // Same name, another date of birth: still a hit, one an analyst dismisses.
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 1, dobMonth: 1, dobYear: 1990, addressCountryCode2: 'GB' })
    assert.deepEqual(check.result.hits.map((h: any) => [h.id, h.entityId]), [[1, 'sbx-viktor-kaine']])

    const res = await decide(caller, caseId, check.id, 1, { decision: 'false_positive' })
    assert.deepEqual([res.statusCode, res.body], [204, ''])
    const again = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'AML' } })
    assert.equal(again.statusCode, 202, again.body)
    const [latest] = await settledAml(caller, caseId, 2)
    assert.deepEqual([latest!.id, latest!.riskRating, latest!.result.matchStatus, latest!.result.hits], [again.json().id, { id: 1, name: 'Low' }, 'no_match', []])

    // Another case of the same person is screened afresh: the decision was for that case.
    const other = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 1, dobMonth: 1, dobYear: 1990 })
    assert.deepEqual(other.check.result.hits.map((h: any) => h.entityId), ['sbx-viktor-kaine'])
  })

  it('when a hit is confirmed, then 204, and it is raised again by the next screening', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Ivan', surname: 'Drozdov', dobDay: 1, dobMonth: 2, dobYear: 1958 })
    assert.equal((await decide(caller, caseId, check.id, 1, { decision: 'true_positive' })).statusCode, 204)
    await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'AML' } })
    const [latest] = await settledAml(caller, caseId, 2)
    assert.deepEqual(latest!.result.hits.map((h: any) => h.entityId), ['sbx-ivan-drozdov'])
  })

  it('when the hit, the check or the case is not there or not the caller\'s, then an empty 404; a bad decision is 400', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const stranger = await givenReseller(app, { services: 'all' })
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine' })
    const otherCase = await givenCase(app, caller)
    const bankAccountId = await givenBankAccount(app, caller, caseId)
    const bav = ((await get(caller, `/api/cases/${caseId}/checks`)).json() as Check[]).find((c) => c.checkType === 'BAV' && c.subject.id === bankAccountId)!
    for (const [who, c, id, hit] of [[caller, caseId, check.id, 2], [caller, otherCase, check.id, 1], [caller, caseId, bav.id, 1], [stranger, caseId, check.id, 1], [caller, caseId, 999999, 1]] as const) {
      const res = await decide(who, c, id, hit, { decision: 'false_positive' })
      assert.deepEqual([res.statusCode, res.body], [404, ''], `${c}/${id}/${hit}`)
    }
    const bad = await decide(caller, caseId, check.id, 1, { decision: 'maybe' })
    assert.deepEqual([bad.statusCode, bad.json()], [400, { errors: ['The decision field must be "false_positive" or "true_positive".'] }])
    const notNumber = await decide(caller, caseId, check.id, 'first', { decision: 'false_positive' })
    assert.deepEqual([notNumber.statusCode, notNumber.json()], [400, { errors: ['The hitId field must be an integer.'] }])
    const zero = await decide(caller, caseId, check.id, 0, { decision: 'false_positive' })
    assert.deepEqual([zero.statusCode, zero.json()], [400, { errors: ['The hitId in the path must be a positive integer.'] }])
  })
})

describe('GET /api/cases/{caseId}/hit-decisions', () => {
  it('when hits are decided, then the case\'s decisions read back newest first, one per listed entry; before any, an empty list', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 1, dobMonth: 1, dobYear: 1990 })
    const none = await get(caller, `/api/cases/${caseId}/hit-decisions`)
    assert.deepEqual([none.statusCode, none.body], [200, '[]'])

    assert.equal((await decide(caller, caseId, check.id, 1, { decision: 'true_positive' })).statusCode, 204)
    assert.equal((await decide(caller, caseId, check.id, 1, { decision: 'false_positive' })).statusCode, 204)
    const res = await get(caller, `/api/cases/${caseId}/hit-decisions`)
    assert.equal(res.statusCode, 200)
    const [decision] = res.json()
    assert.deepEqual(res.json(), [{ source: 'sandbox', entityId: 'sbx-viktor-kaine', decision: 'false_positive', checkId: check.id, hitId: 1, decidedAt: decision.decidedAt }])
    assert.match(decision.decidedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('when the case is not the caller\'s or not there, then an empty 404; a bad caseId is 400', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const stranger = await givenReseller(app, { services: 'all' })
    const { caseId, check } = await screenedCase(caller, { givenNames: 'Viktor', surname: 'Kaine' })
    assert.equal((await decide(caller, caseId, check.id, 1, { decision: 'false_positive' })).statusCode, 204)
    for (const [who, url] of [[stranger, `/api/cases/${caseId}/hit-decisions`], [caller, '/api/cases/999999/hit-decisions']] as const) {
      const res = await get(who, url)
      assert.deepEqual([res.statusCode, res.body], [404, ''], url)
    }
    const bad = await get(caller, '/api/cases/0/hit-decisions')
    assert.deepEqual([bad.statusCode, bad.json()], [400, { errors: ['The caseId in the path must be a positive integer.'] }])
  })
})

describe('AML in production settings', () => {
  it('when no list is imported, then AML is not offered; once one is and the service restarts, the catalogue offers it and cases are screened', async () => {
    const config = testConfig({ environment: 'production', rateLimitPerSecond: 10_000 })
    const connection = await connectDatabase(config)
    after(() => connection.db.close())
    const { app: before } = await buildTestApp(config, { connection })
    const early = await givenReseller(before, { services: [4, 5] })
    const catalogue = (await before.inject({ method: 'GET', url: '/api/services/resellable', headers: early.auth })).json() as { checkType: string }[]
    assert.deepEqual(catalogue.map((s) => s.checkType), ['Document extraction', 'Document risk'])
    assert.deepEqual(await before.services.screening.lists(), [], 'production ships no list')

    await before.services.screening.importList(new URL('../../../test/fixtures/screening-lists/targets.simple.csv', import.meta.url).pathname, 'opensanctions-csv', 'opensanctions')
    // The service restarts: the old process stops, so none of its workers (without AML) takes the new case's check.
    await before.close()
    const { app: after_ } = await buildTestApp(config, { connection })
    const caller = await givenReseller(after_, { services: 'all' })
    const offered = (await after_.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })).json()
    assert.deepEqual(offered, [
      { serviceId: 1, checkType: 'KYC', provider: 'idcheck-kyc' },
      { serviceId: 2, checkType: 'BAV', provider: 'idcheck-modulus' },
      { serviceId: 3, checkType: 'AML', provider: 'idcheck-screening' },
      { serviceId: 4, checkType: 'Document extraction', provider: 'idcheck-document-extraction' },
      { serviceId: 5, checkType: 'Document risk', provider: 'idcheck-document-risk' },
    ])
    const caseId = await givenCase(after_, caller, { givenNames: 'Viktor Andreyevich', surname: 'Morozov', dobDay: 12, dobMonth: 2, dobYear: 1965 })
    const [check] = await eventually(async () => ((await after_.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]).filter((c) => c.checkType === 'AML'),
      (checks) => checks.length === 1 && checks[0]!.status === 'completed', { timeoutMs: 20_000, what: 'the production AML check' })
    assert.deepEqual([check!.riskRating, check!.result.hits.map((h: any) => [h.source, h.name])], [{ id: 3, name: 'High' }, [['opensanctions', 'Viktor Andreyevich Morozov']]])
  })
})
