import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import pg from 'pg'
import { verifySignature } from '../helpers/webhook-fixtures.ts'
import { type Env, runCli, startApi } from '../helpers/service-processes.ts'
import { answers, startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'

// A killed worker loses no delivery: the real server as a child process, SIGKILLed right after a burst
// of bank accounts, then restarted. Nothing here shortens the production timings (retry schedule, 10 s timeout,
// queue expiry): a job that was running when the process died is picked up again only once pg-boss expires it
// (expireInSeconds: 60 s for a delivery, 120 s for a BAV check) on its next monitor pass (every 60 s). Hence the
// long wait.
const BANK_ACCOUNTS = 20
const RECOVERY_TIMEOUT_MS = 300_000

/** The environment of one deployment: the machine's own DATABASE_URL/REDIS_URL never leak into the embedded one. */
// PORT 0: each start gets a port of its own and says which in its log, so no other process can take it in between.
function deploymentEnv (settings: Env): Env {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _dir, ...inherited } = process.env as Env
  return { ...inherited, IDCHECK_ENVIRONMENT: 'sandbox', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '1000', ...settings }
}

/** One statement on a connection of its own: the test's database outlives minutes of idling. */
async function adminQuery (sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function createResellerWithCli (env: Env): Promise<{ id: number, clientId: string, clientSecret: string }> {
  return JSON.parse(await runCli(env, ['reseller', 'create', '--name', `Kill test ${randomBytes(4).toString('hex')}`, '--json']))
}

async function call (base: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number, json: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, json: text === '' ? null : JSON.parse(text) }
}

/** Distinct pairs for one case: sort codes outside VocaLink's table, which the sandbox rates Medium. */
const pairFor = (i: number) => ({ countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '000000', accountNumber: String(20_000_000 + i) })

/**
 * Two kills: one right after the burst of bank accounts (the BAV checks and deliveries are still queued), and one while
 * deliveries are in flight (the receiver holds its answers for 2 s, well within the 10 s timeout).
 */
async function killedWorkerLosesNoDelivery (t: TestContext, settings: Env): Promise<void> {
  const env = deploymentEnv({ TOKEN_SIGNING_KEY: randomBytes(32).toString('base64url'), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'), ...settings })
  const reseller = await createResellerWithCli(env)
  const receiver = await startWebhookReceiver(answers.slow(2000))
  const distinctIds = () => new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size
  let server = await startApi(env, { hooks: t })

  const authenticated = await call(server.base, 'POST', '/api/authenticate', null, { clientId: reseller.clientId, clientSecret: reseller.clientSecret })
  assert.equal(authenticated.status, 200, JSON.stringify(authenticated.json))
  const token: string = authenticated.json.accessToken
  const webhook = await call(server.base, 'POST', '/api/webhooks', token, { url: receiver.url, events: ['bank_account.bav_completed'] })
  assert.equal(webhook.status, 201, JSON.stringify(webhook.json))
  const created = await call(server.base, 'POST', '/api/cases', token, { urn: 'KILL-1', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 })
  assert.equal(created.status, 201, JSON.stringify(created.json))
  const responses = await Promise.all(Array.from({ length: BANK_ACCOUNTS }, (_, i) => call(server.base, 'POST', `/api/cases/${created.json.id}/bank-accounts`, token, pairFor(i))))
  await server.kill()

  assert.deepEqual(responses.map((r) => r.status), Array(BANK_ACCOUNTS).fill(200))
  const bankAccountIds = responses.map((r) => r.json as number).sort((a, b) => a - b)
  t.diagnostic(`first kill: ${distinctIds()} of ${BANK_ACCOUNTS} events had reached the receiver`)

  server = await startApi(env, { hooks: t })
  await receiver.waitFor((r) => r.length >= 3, 60_000, 'deliveries in flight')
  await server.kill()
  t.diagnostic(`second kill, with ${receiver.requests.length} requests received and their answers held: ${distinctIds()} of ${BANK_ACCOUNTS} events`)
  receiver.answer(answers.ok)
  const killedAt = Date.now()

  server = await startApi(env, { hooks: t })
  const distinct = await receiver.waitForDistinct(BANK_ACCOUNTS, RECOVERY_TIMEOUT_MS).catch((err) => { throw new Error(`${err.message}\n${server.output()}`) })
  t.diagnostic(`every event had arrived ${Math.round((Date.now() - killedAt) / 1000)} s after the second kill; ${receiver.requests.length} requests for ${distinct.length} webhook-ids`)

  const announced = receiver.requests.map((r) => (verifySignature(webhook.json.secret, r) as { data: { bankAccountId: number } }).data.bankAccountId)
  assert.deepEqual([...new Set(announced)].sort((a, b) => a - b), bankAccountIds)
  assert.equal(distinct.length, BANK_ACCOUNTS)
  // A delivery cut off mid-request never got its answer, so the server must send it again, not count it done:
  // the log ends with every delivery succeeded (the receiver saw those twice, and de-duplicates by webhook-id).
  const log = await waitUntil(async () => {
    const res = await call(server.base, 'GET', `/api/webhooks/${webhook.json.id}/deliveries`, token)
    assert.equal(res.status, 200)
    return res.json.every((d: { status: string }) => d.status === 'succeeded') ? res.json as Array<{ attempts: unknown[] }> : undefined
  }, RECOVERY_TIMEOUT_MS, 'every delivery to succeed in the log')
  t.diagnostic(`every delivery succeeded ${Math.round((Date.now() - killedAt) / 1000)} s after the second kill; ${receiver.requests.length} requests in all`)
  assert.equal(log.length, BANK_ACCOUNTS)
  for (const r of receiver.requests) verifySignature(webhook.json.secret, r)
  const { code } = await server.stop()
  assert.equal(code, 0, server.output())
}

describe('a killed server', () => {
  it('when the embedded server is SIGKILLed right after 20 bank accounts and again mid-delivery, then every event reaches the receiver', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'idcheck-kill-'))
    t.after(() => rm(dataDir, { recursive: true, force: true }))

    await killedWorkerLosesNoDelivery(t, { DATA_DIR: dataDir })
  })

  it('when the server on PostgreSQL is SIGKILLed right after 20 bank accounts and again mid-delivery, then every event reaches the receiver',
    { skip: process.env.DATABASE_URL ? false : 'DATABASE_URL is not set' }, async (t) => {
      const database = `idcheck_kill_${randomBytes(4).toString('hex')}`
      await adminQuery(`CREATE DATABASE "${database}"`)
      t.after(() => adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`))
      const url = new URL(process.env.DATABASE_URL!)
      url.pathname = `/${database}`

      await killedWorkerLosesNoDelivery(t, { DATABASE_URL: url.toString(), ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }) })
    })
})
