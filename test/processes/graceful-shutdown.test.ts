import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { answers, distinctById, startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'
import {
  bankAccountPair, bankAccountsOf, call, deploymentEnv, type Env, givenCase, givenFreshDatabase, givenResellerByCli, type RunningApi,
  type ServiceProcess, startApi, startWorker, tokenFor,
} from './deployment-helpers.ts'
import { needsPostgres, type SkipReason } from '../helpers/skip.ts'

// Graceful shutdown (docs/operating.md, Shutdown): on SIGTERM a process stops accepting connections,
// finishes the requests and jobs it has started, and exits 0. Real child processes, embedded and on PostgreSQL.

interface Mode { name: string, skip: SkipReason, env (t: TestContext): Promise<Env> }

const embedded: Mode = {
  name: 'embedded',
  skip: false,
  async env (t) {
    const dataDir = await mkdtemp(join(tmpdir(), 'idcheck-shutdown-'))
    t.after(() => rm(dataDir, { recursive: true, force: true }))
    return deploymentEnv({ DATA_DIR: dataDir, RATE_LIMIT_PER_SECOND: '100000', LOG_LEVEL: 'debug' })
  },
}

const serverMode: Mode = {
  name: 'PostgreSQL',
  skip: needsPostgres,
  async env (t) {
    const databaseUrl = await givenFreshDatabase(t, 'idcheck_shutdown')
    return deploymentEnv({ DATABASE_URL: databaseUrl, RATE_LIMIT_PER_SECOND: '100000', LOG_LEVEL: 'debug', ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }) })
  },
}

const modes = [embedded, serverMode]

async function sigterm (running: ServiceProcess): Promise<number | null> {
  return (await running.stop()).code
}

/** Request ids the server has logged as arrived (the "incoming request" line written at LOG_LEVEL=debug, with the x-request-id we sent). */
const arrivedIds = (output: string) => new Set([...output.matchAll(/"reqId":"([^"]+)"[^\n]*"msg":"incoming request"/g)].map((m) => m[1]!))

/**
 * A POST whose body is sent in two parts: in flight on the server from its headers until `finish()`.
 * It asks to keep the connection alive, so the answer shows whether the server closes it while shutting down.
 */
function slowUpload (api: RunningApi, token: string, requestId: string) {
  const body = JSON.stringify({ urn: 'SLOW-1', type: 'Business', entityName: 'Slow Upload Ltd' })
  const url = new URL(api.base)
  const req = http.request({
    host: url.hostname, port: url.port, method: 'POST', path: '/api/cases', agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId, connection: 'keep-alive' },
  })
  const answered = new Promise<{ status: number, body: string, connection: string | undefined }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => { text += chunk.toString() })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }))
    })
    req.on('error', reject)
  })
  req.write(body.slice(0, 10))
  return { answered, finish: () => req.end(body.slice(10)) }
}

/** Resolves once a new TCP connection to the port is refused. */
async function refusedConnections (port: number): Promise<void> {
  await waitUntil(() => new Promise<true | undefined>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => { socket.destroy(); resolve(undefined) })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? true : undefined))
  }), 10_000, 'new connections to be refused')
}

describe('graceful shutdown', { timeout: 300_000 }, () => {
  for (const mode of modes) {
    it(`${mode.name}: when SIGTERM arrives during a burst of 50 requests and a slow upload, then every request that had arrived completes with 2xx, new connections are refused and the exit code is 0`, { skip: mode.skip }, async (t) => {
      const began = Date.now()
      const env = await mode.env(t)
      const reseller = await givenResellerByCli(env)
      const api = await startApi(env, { hooks: t })
      const token = await tokenFor(api.base, reseller)
      const caseId = await givenCase(api.base, token, 'SHUTDOWN-1')
      for (let i = 0; i < 20; i++) assert.equal((await call(api.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, bankAccountPair(i))).status, 200)
      t.diagnostic(`set up in ${Date.now() - began} ms`)

      const slowId = `slow-${randomBytes(4).toString('hex')}`
      const slow = slowUpload(api, token, slowId)
      await waitUntil(() => arrivedIds(api.output()).has(slowId) ? true : undefined, 10_000, 'the slow upload to arrive')

      const burstIds = Array.from({ length: 50 }, (_, i) => `burst-${i}-${randomBytes(3).toString('hex')}`)
      const answeredAt: number[] = []
      const burst = Promise.all(burstIds.map(async (id, i) => {
        try {
          const res = await fetch(`${api.base}/api/cases/${caseId}/bank-accounts`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': id } })
          await res.text()
          answeredAt[i] = Date.now()
          return res.status
        } catch (err) {
          return `failed: ${((err as Error).cause as Error | undefined)?.message ?? (err as Error).message}`
        }
      }))
      // SIGTERM once half the burst has arrived; what had arrived by then must be served in full.
      await waitUntil(() => burstIds.filter((id) => arrivedIds(api.output()).has(id)).length >= 25 ? true : undefined, 20_000, 'half the burst to arrive')
      const arrived = new Set(burstIds.filter((id) => arrivedIds(api.output()).has(id)))
      const signalledAt = Date.now()
      const exited = sigterm(api)

      await refusedConnections(Number(new URL(api.base).port))
      assert.equal(api.hasExited(), false, 'the process waits for the slow upload')
      slow.finish()
      const uploaded = await slow.answered
      assert.equal(uploaded.status, 201, uploaded.body)
      assert.equal(uploaded.connection, 'close', 'a response finished while shutting down closes its keep-alive connection')

      const statuses = await burst
      const code = await exited
      const afterSignal = answeredAt.filter((at) => at >= signalledAt).length
      t.diagnostic(`${arrived.size} of 50 had arrived at SIGTERM; ${afterSignal} answers came after it; all: ${JSON.stringify(tally(statuses))}; exit ${Date.now() - signalledAt} ms after SIGTERM`)
      assert.equal(code, 0, api.output().slice(-3000))
      for (const [i, id] of burstIds.entries()) {
        if (arrived.has(id)) assert.equal(statuses[i], 200, `request ${id} had arrived before SIGTERM`)
        else assert.ok(statuses[i] === 200 || statuses[i] === 503 || String(statuses[i]).startsWith('failed'), `request ${id}: ${statuses[i]}`)
      }
      assert.match(api.output(), /shutting down: finishing in-flight requests/)
    })

    it(`${mode.name}: when SIGTERM arrives right after 30 bank accounts are created, then each BAV job ends with exactly one attempt and each event is delivered once, after a restart at the latest`, { skip: mode.skip }, async (t) => {
      const env = await mode.env(t)
      const reseller = await givenResellerByCli(env)
      const receiver = await startWebhookReceiver(answers.ok)
      t.after(() => receiver.close())
      let api = await startApi(env, { hooks: t })
      const token = await tokenFor(api.base, reseller)
      const webhook = await call(api.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
      assert.equal(webhook.status, 201, webhook.text)
      const caseId = await givenCase(api.base, token, 'SHUTDOWN-2')
      const created = await Promise.all(Array.from({ length: 30 }, (_, i) => call(api.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, bankAccountPair(i))))
      assert.deepEqual(created.map((r) => r.status), Array(30).fill(200))
      const ids = created.map((r) => r.json as number).sort((x, y) => x - y)

      const code = await sigterm(api)
      assert.equal(code, 0, api.output().slice(-3000))
      const beforeRestart = receiver.requests.length
      api = await startApi(env, { hooks: t })
      const right = await bankAccountsOf(api.base, token, caseId)
      t.diagnostic(`at exit: ${right.filter((b) => b.bavAttemptHistory.length > 0).length}/30 attempts recorded, ${beforeRestart}/30 events delivered`)

      await receiver.waitForDistinct(30, 60_000)
      await waitUntil(async () => {
        const accounts = await bankAccountsOf(api.base, token, caseId)
        return accounts.every((b) => b.bavAttemptHistory.length > 0) ? true : undefined
      }, 60_000, 'an attempt on every bank account')
      await sleep(2000)
      const accounts = await bankAccountsOf(api.base, token, caseId)
      assert.deepEqual(accounts.map((b) => b.id).sort((x, y) => x - y), ids)
      assert.deepEqual(accounts.map((b) => b.bavAttemptHistory.length), Array(30).fill(1), 'exactly one attempt per bank account')
      assert.equal(receiver.requests.length, 30, 'no event sent twice: a graceful stop cuts no delivery off')
      assert.equal(distinctById(receiver.requests).length, 30)
      assert.equal(await sigterm(api), 0)
    })
  }

  it('PostgreSQL: when a separate worker gets SIGTERM with deliveries in flight, then it finishes them, exits 0, and a new worker sends the rest once each', { skip: needsPostgres }, async (t) => {
    const env = { ...await serverMode.env(t), RUN_WORKERS: 'false' }
    const reseller = await givenResellerByCli(env)
    const receiver = await startWebhookReceiver(answers.slow(1000))
    t.after(() => receiver.close())
    const [api, worker] = await Promise.all([startApi(env, { hooks: t }), startWorker(env, { hooks: t })])
    const token = await tokenFor(api.base, reseller)
    const webhook = await call(api.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
    assert.equal(webhook.status, 201, webhook.text)
    const caseId = await givenCase(api.base, token, 'SHUTDOWN-3')
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => call(api.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, bankAccountPair(i))))
    assert.deepEqual(created.map((r) => r.status), Array(30).fill(200))

    await receiver.waitFor((r) => r.length >= 1, 30_000, 'a delivery in flight')
    const stoppedAt = Date.now()
    const code = await sigterm(worker)
    const inFlight = receiver.requests.length
    t.diagnostic(`the worker exited ${Date.now() - stoppedAt} ms after SIGTERM with ${inFlight}/30 deliveries received`)
    assert.equal(code, 0, worker.output().slice(-3000))
    assert.ok(inFlight < 30, 'SIGTERM came mid-way')
    assert.match(worker.output(), /worker shutting down: finishing running jobs/)

    receiver.answer(answers.ok)
    const next = await startWorker(env, { hooks: t })
    await receiver.waitForDistinct(30, 60_000)
    await waitUntil(async () => {
      const log = await call(api.base, 'GET', `/api/webhooks/${webhook.json.id}/deliveries`, token)
      return log.json.length === 30 && log.json.every((d: { status: string }) => d.status === 'succeeded') ? true : undefined
    }, 60_000, 'every delivery to succeed')
    await sleep(2000)
    assert.equal(receiver.requests.length, 30, 'a delivery in flight at SIGTERM was finished, not cut off and sent again')
    const accounts = await bankAccountsOf(api.base, token, caseId)
    assert.deepEqual(accounts.map((b) => b.bavAttemptHistory.length), Array(30).fill(1))
    const log = await call(api.base, 'GET', `/api/webhooks/${webhook.json.id}/deliveries`, token)
    assert.deepEqual(log.json.map((d: { attempts: unknown[] }) => d.attempts.length), Array(30).fill(1))
    assert.equal(await sigterm(next), 0)
    assert.equal(await sigterm(api), 0)
  })
})

function tally (values: Array<number | string>): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const v of values) counts[String(v)] = (counts[String(v)] ?? 0) + 1
  return counts
}
