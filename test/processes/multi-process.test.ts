import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { answers, distinctById, startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'
import {
  type Answer, bankAccountPair, bankAccountsOf, call, type Credentials, deploymentEnv, type Env, givenCase, givenFreshDatabase,
  givenResellerByCli, type Hooks, randomizeAccountIds, runCli, type RunningApi, type ServiceProcess, startApi, startWorker, tokenFor,
} from './deployment-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// Two API processes (RUN_WORKERS=false) and one separate worker on one PostgreSQL database and one
// Redis, all real child processes started the way an operator starts them. Every guarantee that holds for one
// process must hold across them. The database is created for this file and dropped after it.
const skip = process.env.DATABASE_URL && process.env.REDIS_URL
  ? false
  : 'needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL): embedded mode is one process by design'

interface Deployment {
  env: Env
  a: RunningApi
  b: RunningApi
  worker: ServiceProcess
  /** Default rate limit (15/s). */
  limited: Credentials
  /** Makes a sub-account and resets it. */
  resetter: Credentials
  /** Rate limit raised to 1000/s with the CLI, for the concurrent bursts. */
  busy: Credentials
}

let started: Promise<Deployment> | null = null

/** One deployment for the whole file, made by the first test that needs it and torn down when that test's suite ends. */
function deployment (t: TestContext): Promise<Deployment> {
  started ??= (async () => {
    const databaseUrl = await givenFreshDatabase(suiteHooks, 'idcheck_scale')
    const env = deploymentEnv({ DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL!, RUN_WORKERS: 'false' })
    await runCli(env, ['migrate'])
    await randomizeAccountIds(databaseUrl)
    const [limited, resetter, busy] = await Promise.all([givenResellerByCli(env), givenResellerByCli(env), givenResellerByCli(env)])
    await runCli(env, ['account', 'rate-limit', String(busy.id), '1000'])
    const [a, b, worker] = await Promise.all([startApi(env, { hooks: suiteHooks }), startApi(env, { hooks: suiteHooks }), startWorker(env, { hooks: suiteHooks })])
    t.diagnostic(`API processes at ${a.base} and ${b.base}, worker pid ${worker.child.pid}`)
    return { env, a, b, worker, limited, resetter, busy }
  })()
  return started
}

// Cleanups of the shared deployment, run once the suite ends (last registered, first run).
const cleanups: Array<() => unknown> = []
const suiteHooks: Hooks = { after: (fn) => { cleanups.push(fn) } }

/** Request i goes to A when i is even and to B when it is odd. */
const split = <T> (d: Deployment, count: number, send: (base: string, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i % 2 === 0 ? d.a.base : d.b.base, i)))

const tally = (responses: Answer[]) => {
  const counts: Record<number, number> = {}
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1
  return counts
}

describeUnless(skip, 'two API processes and a separate worker on one PostgreSQL and one Redis', { timeout: 600_000 }, () => {
  it('when a client sends 40 requests within one second split over both processes, then about 15 pass and the rest are 429 with Retry-After', async (t) => {
    const d = await deployment(t)
    const token = await tokenFor(d.a.base, d.limited)
    // Each process loads the account once (that costs two of the budget); then the window is left to expire.
    assert.equal((await call(d.a.base, 'GET', '/api/Ping', token)).status, 200)
    assert.equal((await call(d.b.base, 'GET', '/api/Ping', token)).status, 200)

    // The window is one second from the client's first request; a burst that took longer (a very busy
    // machine) would straddle two windows and prove nothing, so it is tried again.
    let burst: { responses: Array<Answer & { base: string }>, ms: number } | null = null
    for (let tries = 0; tries < 3 && burst === null; tries++) {
      await sleep(1200)
      const began = Date.now()
      const responses = await split(d, 40, async (base) => ({ ...await call(base, 'GET', '/api/Ping', token), base }))
      const ms = Date.now() - began
      t.diagnostic(`burst ${tries + 1}: ${JSON.stringify(tally(responses))} in ${ms} ms`)
      if (ms < 900) burst = { responses, ms }
    }
    assert.ok(burst, 'no burst of 40 requests fitted in one second')

    const ok = burst.responses.filter((r) => r.status === 200)
    const limited = burst.responses.filter((r) => r.status === 429)
    assert.equal(ok.length + limited.length, 40, JSON.stringify(tally(burst.responses)))
    assert.ok(ok.length >= 15 && ok.length <= 17, `${ok.length} requests passed; the shared budget is 15 per second`)
    t.diagnostic(`passed on A: ${ok.filter((r) => r.base === d.a.base).length}, on B: ${ok.filter((r) => r.base === d.b.base).length}`)
    for (const r of limited) {
      assert.match(r.headers.get('retry-after') ?? '', /^\d+$/, 'a 429 carries Retry-After')
      assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/)
      assert.equal(r.headers.get('x-ratelimit-limit'), '15')
    }
  })

  it('when credentials are reset through process A, then B refuses the old secret at once and the old token within one second', async (t) => {
    const d = await deployment(t)
    const resellerToken = await tokenFor(d.a.base, d.resetter)
    const created = await call(d.a.base, 'POST', '/api/accounts', resellerToken, { name: `Customer ${randomBytes(4).toString('hex')}` })
    assert.equal(created.status, 201, created.text)
    const old = { clientId: created.json.credentials.clientId as string, clientSecret: created.json.credentials.clientSecret as string }
    const oldToken = await tokenFor(d.b.base, old)
    assert.equal((await call(d.b.base, 'GET', '/api/Ping', oldToken)).status, 200, 'B has the account in its credentials cache')

    const reset = await call(d.a.base, 'POST', `/api/accounts/${created.json.account.id}/reset-credentials`, resellerToken)
    const resetAt = Date.now()
    assert.equal(reset.status, 200, reset.text)

    const oldSecretOnB = await call(d.b.base, 'POST', '/api/authenticate', null, old)
    assert.equal(oldSecretOnB.status, 401, oldSecretOnB.text)
    assert.equal((await call(d.a.base, 'GET', '/api/Ping', oldToken)).status, 401, 'A, which served the reset, refuses the old token at once')

    let status = 200
    while (status === 200 && Date.now() - resetAt < 1500) {
      status = (await call(d.b.base, 'GET', '/api/Ping', oldToken)).status
      if (status === 200) await sleep(100) // under the client's 15 per second
    }
    const elapsed = Date.now() - resetAt
    t.diagnostic(`B refused the old token ${elapsed} ms after the reset`)
    assert.equal(status, 401, `B answered ${status} to the revoked token`)
    assert.ok(elapsed <= 1000, `B refused the old token after ${elapsed} ms; the bound is one second`)

    const fresh = await tokenFor(d.b.base, { clientId: old.clientId, clientSecret: reset.json.clientSecret })
    assert.equal((await call(d.b.base, 'GET', '/api/Ping', fresh)).status, 200, 'the new secret works on B')
  })

  it('when 20 identical creates with one externalReference race over both processes, then one 201 and nineteen 200 name the same account', async (t) => {
    const d = await deployment(t)
    const token = await tokenFor(d.a.base, d.busy)
    const body = { name: `Idempotent ${randomBytes(4).toString('hex')}`, externalReference: `crm-${randomBytes(4).toString('hex')}` }
    const responses = await split(d, 20, (base) => call(base, 'POST', '/api/accounts', token, body))
    assert.deepEqual(tally(responses), { 200: 19, 201: 1 }, responses.map((r) => r.text).join('\n'))
    assert.equal(new Set(responses.map((r) => r.json.account.id)).size, 1, 'every answer names the same account')
    const listed = await call(d.b.base, 'GET', '/api/accounts', token)
    assert.equal(listed.json.filter((a: { name: string }) => a.name === body.name).length, 1)
  })

  it('when 20 creates of one name (in either case) race over both processes, then one 201 and nineteen 409', async (t) => {
    const d = await deployment(t)
    const token = await tokenFor(d.b.base, d.busy)
    const name = `Unique Name ${randomBytes(4).toString('hex')}`
    const responses = await split(d, 20, (base, i) => call(base, 'POST', '/api/accounts', token, { name: i % 4 < 2 ? name : name.toUpperCase() }))
    assert.deepEqual(tally(responses), { 201: 1, 409: 19 }, responses.map((r) => r.text).join('\n'))
  })

  it('when 30 bank accounts are created over both processes, then the worker makes exactly one BAV attempt each and delivers each event exactly once', async (t) => {
    const d = await deployment(t)
    const token = await tokenFor(d.a.base, d.busy)
    const receiver = await startWebhookReceiver(answers.ok)
    t.after(() => receiver.close()) // its own after() hook would wait for the end of the file, which it holds open
    const webhook = await call(d.a.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
    assert.equal(webhook.status, 201, webhook.text)
    t.after(() => call(d.a.base, 'DELETE', `/api/webhooks/${webhook.json.id}`, token))
    const caseId = await givenCase(d.b.base, token, 'SCALE-1')

    const created = await split(d, 30, (base, i) => call(base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, bankAccountPair(i)))
    assert.deepEqual(created.map((r) => r.status), Array(30).fill(200))
    const ids = created.map((r) => r.json as number).sort((x, y) => x - y)

    await receiver.waitForDistinct(30, 60_000)
    await settled(d, token, caseId, webhook.json.id, 60_000)
    await sleep(2000) // a double run would show up now

    const accounts = await bankAccountsOf(d.b.base, token, caseId)
    assert.deepEqual(accounts.map((b) => b.bavAttemptHistory.length), Array(30).fill(1), 'exactly one BAV attempt per bank account')
    assert.equal(receiver.requests.length, 30, 'each event sent once: no double delivery without a crash')
    assert.deepEqual(announcedBankAccounts(receiver.requests), ids)
    const log = await deliveries(d, token, webhook.json.id)
    assert.deepEqual(log.map((x) => [x.status, x.attempts.length]), Array(30).fill(['succeeded', 1]))
  })

  it('when the worker is SIGKILLed mid-way and a new one starts, then still one BAV attempt per bank account and every event arrives', async (t) => {
    const d = await deployment(t)
    const token = await tokenFor(d.a.base, d.busy)
    // Held answers keep deliveries in flight, so the kill cuts some off mid-request.
    const receiver = await startWebhookReceiver(answers.slow(1000))
    t.after(() => receiver.close())
    const webhook = await call(d.b.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
    assert.equal(webhook.status, 201, webhook.text)
    const caseId = await givenCase(d.a.base, token, 'SCALE-2')

    // Three at a time and paced, so that the kill usually lands while bank accounts are still being created:
    // some checks done, some running, the rest still queued. Deliveries (at most 8 in flight, each answered
    // after 1 s) are mid-way whenever it lands.
    const next = Array.from({ length: 30 }, (_, i) => i)
    const created: Answer[] = []
    const kill: { done: Promise<void> | null } = { done: null }
    const killWorker = () => {
      t.diagnostic(`SIGKILL to the worker after ${created.length}/30 bank accounts and ${receiver.requests.length} deliveries received`)
      kill.done = d.worker.kill()
    }
    await Promise.all([0, 1, 2].map(async (lane) => {
      for (let i = next.shift(); i !== undefined; i = next.shift()) {
        created.push(await call(lane % 2 === 0 ? d.a.base : d.b.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, bankAccountPair(i)))
        if (kill.done === null && receiver.requests.length >= 1) killWorker()
        await sleep(100)
      }
    }))
    if (kill.done === null) {
      await receiver.waitFor((r) => r.length >= 1, 30_000, 'a delivery in flight')
      killWorker()
    }
    await kill.done
    assert.ok(distinctById(receiver.requests).length < 30, 'the kill came before every event had been sent')
    assert.deepEqual(created.map((r) => r.status), Array(30).fill(200))
    const ids = created.map((r) => r.json as number).sort((x, y) => x - y)
    const atKill = await bankAccountsOf(d.a.base, token, caseId)
    t.diagnostic(`after the kill: ${atKill.filter((b) => b.bavAttemptHistory.length > 0).length}/30 bank accounts had an attempt, ${distinctById(receiver.requests).length}/30 events had arrived`)

    receiver.answer(answers.ok)
    const restartedAt = Date.now()
    d.worker = await startWorker(d.env, { hooks: suiteHooks })
    await receiver.waitForDistinct(30, 120_000)
    await settled(d, token, caseId, webhook.json.id, 120_000)
    t.diagnostic(`everything done ${Math.round((Date.now() - restartedAt) / 1000)} s after the new worker started; ${receiver.requests.length} requests for 30 events`)
    await sleep(2000)

    const accounts = await bankAccountsOf(d.b.base, token, caseId)
    assert.deepEqual(accounts.map((b) => b.bavAttemptHistory.length), Array(30).fill(1), 'exactly one BAV attempt per bank account')
    assert.equal(distinctById(receiver.requests).length, 30)
    assert.deepEqual(announcedBankAccounts(receiver.requests), ids)
    // A delivery cut off by the kill recorded no attempt, so its retry is attempt 1 again: one attempt each.
    const log = await deliveries(d, token, webhook.json.id)
    assert.deepEqual(log.map((x) => [x.status, x.attempts.length]), Array(30).fill(['succeeded', 1]))
  })

  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
})

interface DeliveryLogEntry { status: string, attempts: unknown[] }

async function deliveries (d: Deployment, token: string, webhookId: number): Promise<DeliveryLogEntry[]> {
  const res = await call(d.a.base, 'GET', `/api/webhooks/${webhookId}/deliveries`, token)
  assert.equal(res.status, 200, res.text)
  return res.json
}

/** Every bank account has an attempt and every delivery has succeeded. */
async function settled (d: Deployment, token: string, caseId: number, webhookId: number, timeoutMs: number): Promise<void> {
  await waitUntil(async () => {
    const accounts = await bankAccountsOf(d.b.base, token, caseId)
    const log = await deliveries(d, token, webhookId)
    const done = accounts.length === 30 && accounts.every((b) => b.bavAttemptHistory.length > 0) && log.length === 30 && log.every((x) => x.status === 'succeeded')
    if (!done) await sleep(250)
    return done ? true : undefined
  }, timeoutMs, 'every BAV attempt and every delivery')
}

function announcedBankAccounts (requests: Array<{ body: string }>): number[] {
  return [...new Set(requests.map((r) => (JSON.parse(r.body) as { data: { bankAccountId: number } }).data.bankAccountId))].sort((x, y) => x - y)
}
