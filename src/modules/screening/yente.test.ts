import assert from 'node:assert/strict'
import { createServer, type IncomingMessage } from 'node:http'
import { after, describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'

// A stand-in for yente's POST /match/{dataset}: its documented request ({queries: {id: {schema,
// properties}}}) and response ({responses: {id: {results: [{id, caption, schema, properties, datasets,
// score, features, match}]}}}), answering by the queried name.
const received: { url: string, authorization: string | undefined, body: any }[] = []
let failuresToGive = 0
let catalogueCalls = 0
// What the stand-in wrote of each oversized answer before idcheck hung up.
const oversizedSent: number[] = []
const CATALOGUE = { datasets: [
  { name: 'sanctions', title: 'Sanctions', version: '20261120084512-abc', updated_at: '2026-11-20T08:45:12' },
  { name: 'default', title: 'OpenSanctions Default', version: '20261126060101-xyz', updated_at: '2026-11-26T06:01:01', children: ['sanctions'] },
], current: ['default', 'sanctions'], outdated: [], index_stale: false }
const LONG = 'Long Fields'
const HUGE = 'Huge Answer'
const RESULTS: Record<string, object[]> = {
  'Viktor Kaine': [{
    id: 'NK-kaine', caption: 'Viktor KAINE', schema: 'Person', datasets: ['gb_hmt_sanctions'], score: 0.97, match: true,
    features: { person_name_jaro_winkler: 0.97, dob_year_disjoint: 0, name_literal_match: 1 },
    properties: { name: ['Viktor KAINE'], birthDate: ['1961-04-12'], country: ['gb'], nationality: ['ua'], topics: ['sanction'] },
  }, {
    id: 'NK-weak', caption: 'Viktoria Kain', schema: 'Person', datasets: ['x'], score: 0.5, match: false, features: {}, properties: { name: ['Viktoria Kain'] },
  }],
  [LONG]: [{
    id: 'N'.repeat(5000), caption: 'Kaine '.repeat(100_000), schema: 'Person', datasets: ['x'], score: 0.99, match: true,
    features: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`feature_${i}_${'f'.repeat(100)}`, 0.5])),
    properties: { topics: Array.from({ length: 5000 }, (_, i) => `topic-${i}`), birthDate: ['1961-04-12'.repeat(20)], country: ['gb'] },
  }],
  'Marisol Quintero': [{
    id: 'Q-quintero', caption: 'Marisol Quintero Vale', schema: 'Person', datasets: ['wd_peps'], score: 0.9, match: true, features: {},
    properties: { name: ['Marisol Quintero Vale'], topics: ['role.pep'], country: ['es'] },
  }],
}
const standIn = createServer((req: IncomingMessage, res) => {
  if (req.method === 'GET' && req.url === '/catalog') {
    catalogueCalls++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(CATALOGUE))
    return
  }
  let body = ''
  req.on('data', (chunk) => { body += chunk })
  req.on('end', () => {
    const parsed = JSON.parse(body)
    received.push({ url: req.url!, authorization: req.headers.authorization, body: parsed })
    if (parsed.queries.subject.properties.name[0] === HUGE) return sendEndlessAnswer(res)
    if (failuresToGive > 0) {
      failuresToGive--
      res.writeHead(503).end('{"detail":"index is being rebuilt"}')
      return
    }
    const responses = Object.fromEntries(Object.entries(parsed.queries as Record<string, { properties: { name: string[] } }>).map(([key, query]) =>
      [key, { status: 200, results: RESULTS[query.properties.name[0]!] ?? [], total: { value: 0, relation: 'eq' }, query }]))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ responses, matcher: {}, limit: 25 }))
  })
})
/** 300 MB of one JSON string, with no content-length, written as fast as the client reads it. */
function sendEndlessAnswer (res: import('node:http').ServerResponse) {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  let sent = 0
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{"responses":{"subject":{"results":[{"id":"x","caption":"')
  const more = () => {
    while (sent < 300 * 1024 * 1024) {
      sent += chunk.length
      if (!res.write(chunk)) return res.once('drain', more)
    }
    res.end('"}]}}}')
  }
  res.on('close', () => oversizedSent.push(sent))
  more()
}
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
after(() => standIn.close())
const YENTE_URL = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`

const { app } = await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000, screening: { provider: 'yente', url: YENTE_URL, dataset: 'default', apiKey: 'test-key' } })
type Check = { id: number, status: string, checkType: string, riskRating: { id: number, name: string } | null, result: any }
const amlChecks = async (caller: GivenClient, caseId: number) =>
  ((await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]).filter((c) => c.checkType === 'AML')
const settled = (caller: GivenClient, caseId: number, count: number, timeoutMs = 15_000) =>
  eventually(() => amlChecks(caller, caseId), (checks) => checks.length === count && checks.every((c) => c.status === 'completed'), { timeoutMs, what: `case ${caseId}'s AML checks` })

describe('AML through yente (SCREENING_PROVIDER=yente)', () => {
  it('when a case is created, then yente is asked with its documented request, and its results become the hits of the usual result', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const catalogue = (await app.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })).json()
    assert.deepEqual(catalogue.find((s: { serviceId: number }) => s.serviceId === 3), { serviceId: 3, checkType: 'AML', provider: 'idcheck-screening-yente' })
    const caseId = await givenCase(app, caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 12, dobMonth: 4, dobYear: 1961, addressCountryCode2: 'GB' })
    const [check] = await settled(caller, caseId, 1)

    const request = received.find((r) => r.body.queries.subject.properties.name[0] === 'Viktor Kaine')!
    assert.equal(request.url, '/match/default?threshold=0.85&limit=25')
    assert.equal(request.authorization, 'ApiKey test-key')
    assert.deepEqual(request.body, { queries: { subject: { schema: 'Person', properties: { name: ['Viktor Kaine'], birthDate: ['1961-04-12'], country: ['gb'] } } } })
    assert.deepEqual(check!.riskRating, { id: 3, name: 'High' })
    assert.deepEqual(check!.result, {
      matchStatus: 'potential_match',
      hits: [{
        id: 1, entityId: 'NK-kaine', source: 'yente', name: 'Viktor KAINE', matchedName: 'Viktor KAINE', score: 0.97,
        topics: ['sanction'], birthDates: ['1961-04-12'], countries: ['gb', 'ua'],
        explanation: 'yente scored \'Viktor KAINE\' 0.97 (person_name_jaro_winkler 0.97, name_literal_match 1).',
      }],
      lists: [{ source: 'yente:default', version: '20261126060101-xyz', importedAt: '2026-11-26T06:01:01.000Z' }],
    })
    // yente's address is an internal host: no tenant sees it.
    assert.ok(!JSON.stringify(check).includes(YENTE_URL.replace('http://', '')))
  })

  it('when several cases are screened, then the catalogue is asked once and its version named in each', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const before = catalogueCalls
    for (const surname of ['One', 'Two']) {
      const caseId = await givenCase(app, caller, { givenNames: 'Nobody', surname })
      const [check] = await settled(caller, caseId, 1)
      assert.deepEqual(check!.result.lists.map((l: { version: string }) => l.version), ['20261126060101-xyz'])
    }
    assert.equal(catalogueCalls - before, before === 0 ? 1 : 0)
  })

  it('when yente\'s answer holds a megabyte-long caption, 5,000 topics and a 5,000-character id, then each field is stored capped', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const [givenNames, surname] = LONG.split(' ')
    const caseId = await givenCase(app, caller, { givenNames, surname })
    const [check] = await settled(caller, caseId, 1)
    const [hit] = check!.result.hits
    assert.deepEqual([hit.entityId.length, hit.name.length, hit.matchedName.length, hit.topics.length, hit.topics.at(-1), hit.birthDates, hit.countries],
      [200, 500, 500, 50, 'topic-49', ['1961-04-12'.repeat(20).slice(0, 64)], ['gb']])
    assert.ok(hit.explanation.length < 1500, `explanation of ${hit.explanation.length} characters`)
  })

  it('when yente\'s answer runs to 300 MB, then idcheck stops reading it past 1 MB and the check fails as yente\'s error', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const [givenNames, surname] = HUGE.split(' ')
    const caseId = await givenCase(app, caller, { givenNames, surname })
    const checks = await eventually(() => amlChecks(caller, caseId), (c) => c.length === 1 && c[0]!.status === 'failed', { timeoutMs: 40_000, what: 'the failed check' })
    assert.equal((checks[0] as Check & { failureReason: string }).failureReason, 'The AML provider was unavailable; request a new check later.')
    // A first try and its retries (the AML check type's queue: aml.check-type.ts), each hung up on within a few megabytes of socket buffers.
    await eventually(async () => oversizedSent.length, (n) => n >= 3, { timeoutMs: 5_000, what: 'the answers closed' })
    assert.ok(oversizedSent.every((sent) => sent < 16 * 1024 * 1024), `sent ${oversizedSent.join(', ')} bytes`)
  })

  it('when yente names a PEP, then Medium; a dismissed hit is left out of the case\'s next screening', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller, { givenNames: 'Marisol', surname: 'Quintero', dobDay: 30, dobMonth: 9, dobYear: 1975 })
    const [check] = await settled(caller, caseId, 1)
    assert.deepEqual([check!.riskRating, check!.result.hits.map((h: any) => [h.entityId, h.topics])], [{ id: 2, name: 'Medium' }, [['Q-quintero', ['pep']]]])
    const decided = await app.inject({ method: 'PATCH', url: `/api/cases/${caseId}/checks/${check!.id}/hits/1`, headers: caller.auth, payload: { decision: 'false_positive' } })
    assert.equal(decided.statusCode, 204)
    await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'AML' } })
    const [latest] = await settled(caller, caseId, 2)
    assert.deepEqual([latest!.riskRating, latest!.result.matchStatus], [{ id: 1, name: 'Low' }, 'no_match'])
  })

  it('when yente answers 503, then the check is retried and completes once yente is back', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    failuresToGive = 1
    const caseId = await givenCase(app, caller, { givenNames: 'Viktor', surname: 'Kaine', dobDay: 12, dobMonth: 4, dobYear: 1961 })
    const [check] = await settled(caller, caseId, 1, 30_000)
    assert.deepEqual(check!.result.hits.map((h: any) => h.entityId), ['NK-kaine'])
    assert.equal(failuresToGive, 0)
  })
})
