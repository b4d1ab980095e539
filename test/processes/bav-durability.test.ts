import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { eventually } from '../helpers/eventually.ts'
import { freePort } from '../helpers/free-port.ts'
import { type Env, runCli, type RunningApi, startApi } from '../helpers/service-processes.ts'
import { needsPostgres, type SkipReason } from '../helpers/skip.ts'

// A BAV job is enqueued in the bank account's transaction and must survive the process dying at any
// moment (docs/decisions.md, BAV: "a crash can delay it, never lose it"). These tests run the real server as a
// child process, kill it with SIGKILL while jobs are queued or running, restart it and count attempts.
// A job that was running at the kill is only handed out again once its claim expires (pg-boss
// expireInSeconds, checked by its supervisor every minute), so recovery can take about three minutes.

const RECOVERY_MS = 300_000

interface Attempt { id: number, createTs: string }
interface BankAccount { id: number, bavAttemptHistory: Attempt[] }


async function call (server: RunningApi, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(server.base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) }
}

async function tokenFor (server: RunningApi, credentials: { clientId: string, clientSecret: string }): Promise<string> {
  const res = await call(server, null, 'POST', '/api/authenticate', { clientId: credentials.clientId, clientSecret: credentials.clientSecret })
  assert.equal(res.status, 200, res.text)
  return res.json().accessToken
}

async function bankAccounts (server: RunningApi, token: string, caseId: number): Promise<BankAccount[]> {
  const res = await call(server, token, 'GET', `/api/cases/${caseId}/bank-accounts`)
  assert.equal(res.status, 200, res.text)
  return res.json()
}

const attemptCounts = (accounts: BankAccount[]) => new Map(accounts.map((b) => [b.id, b.bavAttemptHistory.length]))

/** A case with `count` bank accounts, created concurrently; their ids. */
async function givenCaseWithBankAccounts (server: RunningApi, token: string, count: number): Promise<{ caseId: number, ids: number[] }> {
  const created = await call(server, token, 'POST', '/api/cases', { urn: 'KILL-9', type: 'Business', entityName: 'Durable Ltd' })
  assert.equal(created.status, 201, created.text)
  const caseId = created.json().id as number
  const results = await Promise.all(Array.from({ length: count }, (_, i) => call(server, token, 'POST', `/api/cases/${caseId}/bank-accounts`, {
    countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber: String(20_000_000 + i),
  })))
  for (const r of results) assert.equal(r.status, 200, r.text)
  return { caseId, ids: results.map((r) => r.json() as number) }
}

interface Mode { name: string, skip: SkipReason, env: (t: TestContext) => Promise<Env> }

const commonEnv = (): Env => ({
  PATH: process.env.PATH ?? '',
  IDCHECK_ENVIRONMENT: 'sandbox',
  // One fixed key for every start, so tokens issued before a kill still work after the restart.
  TOKEN_SIGNING_KEY: randomBytes(32).toString('base64url'),
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_SECOND: '100000',
})

const embedded: Mode = {
  name: 'embedded (PGlite in DATA_DIR)',
  skip: false,
  async env (t) {
    const dataDir = await mkdtemp(join(tmpdir(), 'idcheck-kill-'))
    t.after(() => rm(dataDir, { recursive: true, force: true }))
    return { ...commonEnv(), DATA_DIR: dataDir }
  },
}

const serverMode: Mode = {
  name: 'server (PostgreSQL)',
  skip: needsPostgres,
  async env (t) {
    const adminUrl = process.env.DATABASE_URL!
    const database = `idcheck_kill_${randomBytes(6).toString('hex')}`
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try { await client.query(sql) } finally { await client.end() }
    }
    await admin(`CREATE DATABASE ${database}`)
    t.after(() => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    return { ...commonEnv(), DATABASE_URL: url.toString(), ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) }
  },
}

const modes = [embedded, serverMode]

/** A reseller with every service, made by the operator CLI (before the server: it locks DATA_DIR). */
async function givenResellerByCli (env: Env): Promise<{ clientId: string, clientSecret: string }> {
  return JSON.parse(await runCli(env, ['reseller', 'create', '--name', `Kill ${randomBytes(4).toString('hex')}`, '--services', 'all', '--json']))
}

async function withServers (t: TestContext, mode: Mode) {
  let current: RunningApi | null = null
  // Registered first so it runs first (after hooks run in order): stop the server, then remove its data.
  t.after(async () => { await current?.kill() })
  const env = await mode.env(t)
  const reseller = await givenResellerByCli(env)
  const port = await freePort()
  return {
    reseller,
    async start () { current = await startApi(env, { port }); return current },
    output: () => current?.output() ?? '',
  }
}

describe('BAV jobs survive kill -9', { concurrency: true }, () => {
  for (const mode of modes) {
    it(`${mode.name}: when the server is killed right after 30 bank accounts are created, then after a restart each gets exactly one attempt`, { skip: mode.skip, timeout: RECOVERY_MS + 120_000 }, async (t) => {
      const servers = await withServers(t, mode)
      const first = await servers.start()
      const token = await tokenFor(first, servers.reseller)
      const { caseId, ids } = await givenCaseWithBankAccounts(first, token, 30)
      await first.kill()

      const second = await servers.start()
      const restarted = Date.now()
      const right = attemptCounts(await bankAccounts(second, token, caseId))
      t.diagnostic(`${[...right.values()].filter((n) => n > 0).length}/30 bank accounts had an attempt right after the restart`)

      await eventually(() => bankAccounts(second, token, caseId), (list) => list.length === 30 && list.every((b) => b.bavAttemptHistory.length >= 1),
        { timeoutMs: RECOVERY_MS, intervalMs: 1000, what: 'an attempt on every bank account' })
      t.diagnostic(`every bank account had its attempt ${Math.round((Date.now() - restarted) / 1000)} s after the restart`)
      await sleep(2000)
      const settled = await bankAccounts(second, token, caseId)
      assert.deepEqual(settled.map((b) => b.id).sort((a, b) => a - b), [...ids].sort((a, b) => a - b))
      assert.deepEqual([...attemptCounts(settled)].filter(([, n]) => n !== 1), [], `bank accounts without exactly one attempt\n${servers.output()}`)
    })

    it(`${mode.name}: when the server is killed during a burst of bav-checks, then after a restart each 202 got exactly one extra attempt`, { skip: mode.skip, timeout: RECOVERY_MS + 120_000 }, async (t) => {
      const servers = await withServers(t, mode)
      const first = await servers.start()
      const token = await tokenFor(first, servers.reseller)
      const { caseId, ids } = await givenCaseWithBankAccounts(first, token, 10)
      await eventually(() => bankAccounts(first, token, caseId), (list) => list.every((b) => b.bavAttemptHistory.length === 1),
        { timeoutMs: 30_000, intervalMs: 250, what: 'the first attempt on every bank account' })

      // Six requests per bank account, five in flight at a time; the kill comes with the 20th answer, so
      // the requests in flight then get no answer and the rest are never sent.
      const queue = Array.from({ length: 6 }, () => ids).flat()
      const accepted = new Map(ids.map((id) => [id, 0]))
      const unknown = new Map(ids.map((id) => [id, 0])) // no answer: committed or not, nobody knows
      let acceptedSoFar = 0
      let answered = 0
      let killed: Promise<void> | null = null
      await Promise.all(Array.from({ length: 5 }, async () => {
        while (killed === null) {
          const id = queue.shift()
          if (id === undefined) break
          try {
            const res = await call(first, token, 'POST', `/api/cases/${caseId}/bank-accounts/${id}/bav-checks`)
            // 409: the bank account's previous check is still pending and answers this request (no new attempt).
            if (res.status === 409) assert.equal(typeof res.json().pendingCheckId, 'number', res.text)
            else {
              assert.equal(res.status, 202, res.text)
              assert.deepEqual(res.json(), { bankAccountId: id, status: 'queued' })
              accepted.set(id, accepted.get(id)! + 1)
              acceptedSoFar++
            }
            if (++answered === 20) killed = first.kill()
          } catch (err) {
            if (err instanceof assert.AssertionError) throw err
            unknown.set(id, unknown.get(id)! + 1)
          }
        }
      }))
      await (killed ?? first.kill())
      const unanswered = [...unknown.values()].reduce((a, b) => a + b, 0)
      t.diagnostic(`202: ${acceptedSoFar}, no answer: ${unanswered}, never sent: ${queue.length} of ${ids.length * 6}`)
      assert.ok(queue.length > 0, 'the kill came before the burst ended')

      const second = await servers.start()
      const restarted = Date.now()
      await eventually(() => bankAccounts(second, token, caseId), (list) => list.every((b) => b.bavAttemptHistory.length >= 1 + accepted.get(b.id)!),
        { timeoutMs: RECOVERY_MS, intervalMs: 1000, what: 'one attempt per 202' })
      t.diagnostic(`every 202 had its attempt ${Math.round((Date.now() - restarted) / 1000)} s after the restart`)
      await sleep(2000)
      const settled = attemptCounts(await bankAccounts(second, token, caseId))
      for (const id of ids) {
        const n = settled.get(id)!
        const min = 1 + accepted.get(id)!
        const max = min + unknown.get(id)!
        assert.ok(n >= min && n <= max, `bank account ${id}: ${n} attempts, expected ${min === max ? min : `${min} to ${max}`} (1 + ${accepted.get(id)} accepted + up to ${unknown.get(id)} unanswered)\n${servers.output()}`)
      }
    })
  }
})
