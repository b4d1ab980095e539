import assert from 'node:assert/strict'
import { it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  adminQuery, ADMIN_URL, type Answer, baseEnv, call, ensurePostgresUp, type Env, freePort, freshDatabase, givenResellerByCli, isoNow, pgCtl,
  postgresRestartUnavailable, type RunningApi, SKIP_UNLESS_FAULTS, startApi, startFreezableProxy, tokenFor,
} from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// PostgreSQL goes away under load and comes back (3b). Whatever the database does, every
// request is answered within a bound, a failure is 503 problem details with Retry-After (never 500),
// and the service recovers by itself once the database is back.

const ANSWER_BOUND_MS = 6000
const RECOVERY_BOUND_MS = 10_000
const OUTAGE_MS = 3000
const CLIENTS = 4

interface Outcome { at: number, what: string, status: number | null, ms: number, retryAfter: string | null, contentType: string | null, body: string, error: string | null }

const skipRestart = SKIP_UNLESS_FAULTS || await postgresRestartUnavailable()
const postgresDown = SKIP_UNLESS_FAULTS || await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

/** A server on a fresh database, a reseller with a raised limit, and a case with three bank accounts. */
async function givenLoadedServer (t: TestContext, databaseUrl: (url: string) => string = (url) => url) {
  const realUrl = await freshDatabase(t)
  const env: Env = { ...baseEnv(), DATABASE_URL: realUrl }
  const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
  const server = await startApi({ ...env, DATABASE_URL: databaseUrl(realUrl) }, { port: await freePort(), hooks: t })
  const token = await tokenFor(server.base, reseller)
  const created = await call(server.base, 'POST', '/api/cases', token, { urn: 'PG-FAULT', type: 'Business', entityName: 'Outage Ltd' })
  assert.equal(created.status, 201, created.text)
  const caseId = created.json.id as number
  for (let i = 0; i < 3; i++) {
    const res = await call(server.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token,
      { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: String(30_000_000 + i) })
    assert.equal(res.status, 200, res.text)
  }
  return { server, token, caseId }
}

/**
 * Runs CLIENTS clients in a loop (GET bank-accounts, POST cases, GET /health/ready) while `fault`
 * runs; `fault` resolves with the time the database was back. Then waits for the recovery and
 * checks every answer.
 */
async function underLoad (t: TestContext, { server, token, caseId }: { server: RunningApi, token: string, caseId: number }, fault: () => Promise<number>) {
  const outcomes: Outcome[] = []
  let running = true
  const record = async (what: string, request: () => Promise<Answer>) => {
    const at = Date.now()
    try {
      const res = await request()
      outcomes.push({ at, what, status: res.status, ms: res.ms, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), body: res.text.slice(0, 300), error: null })
    } catch (err) {
      outcomes.push({ at, what, status: null, ms: Date.now() - at, retryAfter: null, contentType: null, body: '', error: String((err as Error).cause ?? (err as Error).message) })
    }
  }
  // A request that has not answered after 15 s counts as a hang (the bound is 6 s).
  const person = () => ({ urn: `PG-${Date.now()}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })
  const requests = [
    () => record('GET bank-accounts', () => call(server.base, 'GET', `/api/cases/${caseId}/bank-accounts`, token, undefined, 15_000)),
    () => record('POST cases', () => call(server.base, 'POST', '/api/cases', token, person(), 15_000)),
    () => record('GET ready', () => call(server.base, 'GET', '/health/ready', null, undefined, 15_000)),
  ]
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; running; i++) {
      await requests[i % requests.length]!()
      await sleep(20)
    }
  })

  await sleep(1500)
  let upAt: number
  try {
    upAt = await fault()
  } catch (err) {
    running = false
    await Promise.all(clients)
    throw err
  }

  // Recovery: /health/ready is 200 and every request of the last 1.5 s succeeded.
  let recoveredAt: number | null = null
  while (Date.now() - upAt < RECOVERY_BOUND_MS + 5000) {
    const ready = await call(server.base, 'GET', '/health/ready', null, undefined, 15_000).catch(() => null)
    const recent = outcomes.filter((o) => o.at >= Date.now() - 1500)
    if (ready?.status === 200 && recent.length > 0 && recent.every((o) => o.status !== null && o.status < 300)) {
      recoveredAt = Date.now()
      break
    }
    await sleep(250)
  }
  await sleep(1500) // a little steady load after the recovery
  running = false
  await Promise.all(clients)

  const byStatus: Record<string, number> = {}
  for (const o of outcomes) byStatus[`${o.what} ${o.status ?? o.error}`] = (byStatus[`${o.what} ${o.status ?? o.error}`] ?? 0) + 1
  t.diagnostic(`${outcomes.length} requests: ${JSON.stringify(byStatus)}`)
  t.diagnostic(`slowest answer: ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms; recovered ${recoveredAt === null ? 'never' : `${recoveredAt - upAt} ms`} after the database was back`)

  const show = (list: Outcome[]) => JSON.stringify(list.slice(0, 5), null, 1)
  const logs = () => `\nserver output:\n${server.output().slice(-4000)}`
  const noAnswer = outcomes.filter((o) => o.status === null)
  assert.deepEqual(noAnswer, [], `requests without an answer (hung or connection failed): ${show(noAnswer)}${logs()}`)
  const slow = outcomes.filter((o) => o.ms > ANSWER_BOUND_MS)
  assert.deepEqual(slow, [], `requests answered after more than ${ANSWER_BOUND_MS} ms: ${show(slow)}`)
  const errors = outcomes.filter((o) => o.status !== null && o.status >= 500 && o.status !== 503)
  assert.deepEqual(errors, [], `5xx other than 503: ${show(errors)}${logs()}`)
  const unavailable = outcomes.filter((o) => o.status === 503)
  assert.ok(unavailable.length > 0, 'no request failed while the database was away: the outage was not observed')
  // /health/ready answers {"status": …} as JSON; the API answers problem details.
  const bad503 = unavailable.filter((o) => !o.retryAfter || !/^\d+$/.test(o.retryAfter) ||
    !o.contentType?.startsWith(o.what === 'GET ready' ? 'application/json' : 'application/problem+json'))
  assert.deepEqual(bad503, [], `503 without Retry-After or problem details: ${show(bad503)}`)
  for (const o of unavailable.filter((u) => u.what !== 'GET ready')) {
    const body = JSON.parse(o.body)
    assert.equal(body.status, 503)
    assert.equal(body.title, 'Service Unavailable')
  }
  const otherFailures = outcomes.filter((o) => o.status !== null && o.status >= 300 && o.status !== 503)
  assert.deepEqual(otherFailures, [], `unexpected answers: ${show(otherFailures)}`)

  assert.ok(recoveredAt !== null && recoveredAt - upAt <= RECOVERY_BOUND_MS,
    `the service did not recover within ${RECOVERY_BOUND_MS} ms of the database being back${logs()}`)
  const afterRecovery = outcomes.filter((o) => o.at >= recoveredAt!)
  assert.ok(afterRecovery.length > 0)
  assert.deepEqual(afterRecovery.filter((o) => o.status !== 200 && o.status !== 201), [], 'failures after recovery')

  // What was written before the outage is all there.
  const list = await call(server.base, 'GET', `/api/cases/${caseId}/bank-accounts`, token)
  assert.equal(list.status, 200, list.text)
  assert.equal(list.json.length, 3)
}

describeUnless(SKIP_UNLESS_FAULTS, 'PostgreSQL goes away under load', () => {
  it('restarted (pg_ctlcluster restart): requests fail fast with 503 + Retry-After, never 500 or a hang, and the service recovers by itself', { skip: skipRestart || false, timeout: 180_000 }, async (t) => {
    const loaded = await givenLoadedServer(t)
    await underLoad(t, loaded, async () => {
      const started = Date.now()
      try {
        t.diagnostic(`${isoNow()} restarting PostgreSQL`)
        await pgCtl('restart')
      } finally {
        await ensurePostgresUp() // whatever happened, other tests find it running
      }
      t.diagnostic(`${isoNow()} PostgreSQL accepts connections again (${Date.now() - started} ms after the restart began)`)
      return Date.now()
    })
  })

  it(`stopped for ${OUTAGE_MS / 1000} s and started: requests fail fast with 503 + Retry-After, never 500 or a hang, and the service recovers by itself`, { skip: skipRestart || false, timeout: 180_000 }, async (t) => {
    const loaded = await givenLoadedServer(t)
    await underLoad(t, loaded, async () => {
      const started = Date.now()
      try {
        t.diagnostic(`${isoNow()} stopping PostgreSQL for ${OUTAGE_MS} ms`)
        await pgCtl('stop')
        await sleep(OUTAGE_MS)
      } finally {
        await pgCtl('start').catch((err) => t.diagnostic(String(err)))
        await ensurePostgresUp() // whatever happened, other tests find it running
      }
      t.diagnostic(`${isoNow()} PostgreSQL accepts connections again (${Date.now() - started} ms after the stop)`)
      return Date.now()
    })
  })

  // No reset, no refusal: the link to the database goes silent (a partition, a frozen host). Only
  // timeouts end such requests. Runs through a proxy of the test's own, so the machine's PostgreSQL
  // is not touched.
  it('unreachable without an error (the link goes silent for 8 s): requests still answer 503 within the bound, and the service recovers', { skip: postgresDown || false, timeout: 180_000 }, async (t) => {
    const target = new URL(ADMIN_URL)
    const proxy = await startFreezableProxy(target.hostname, Number(target.port || 5432))
    t.after(() => proxy.close())
    const loaded = await givenLoadedServer(t, (url) => {
      const viaProxy = new URL(url)
      viaProxy.hostname = '127.0.0.1'
      viaProxy.port = String(proxy.port)
      return viaProxy.toString()
    })
    await underLoad(t, loaded, async () => {
      t.diagnostic(`${isoNow()} freezing the link to PostgreSQL for 8 s`)
      proxy.freeze()
      try {
        await sleep(8000)
      } finally {
        proxy.thaw()
      }
      t.diagnostic(`${isoNow()} link thawed`)
      return Date.now()
    })
  })
})
