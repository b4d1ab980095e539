import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { it, type TestContext } from 'node:test'
import { startCopStandIn } from '../helpers/cop-stand-in.ts'
import { eventually } from '../helpers/eventually.ts'
import { multipartBody } from '../helpers/multipart.ts'
import { adminQuery, ADMIN_URL, baseEnv, call, type Env, freshDatabase, givenResellerByCli, REDIS_URL, SKIP_UNLESS_FAULTS, startApi, tokenFor } from './fault-helpers.ts'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { idleMemory, watchTree } from './process-watch.ts'
import { describeUnless } from '../helpers/skip.ts'

// Requests an attacker can send cheaply, against the real server (a child process on PostgreSQL),
// watched from outside: many large uploads at once, to a case that does not exist and to a real
// one, and in production a Confirmation of Payee answer of 300 MB. Asserted: the API's resident
// memory stays under its idle + 512 MB, authenticated Ping's p95 under 250 ms and none over a second,
// the process lives.

const MB = 1024 * 1024
const UPLOADS = 45
const UPLOAD_BYTES = 10 * MB - 64 * 1024 // under the 10 MB document limit with the form around it
const COP_TOKEN = randomBytes(24).toString('base64url')

const postgresDown = SKIP_UNLESS_FAULTS ? null : await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

type Form = Awaited<ReturnType<typeof multipartBody>>

/** A 10 MB upload's form, encoded before the attack so the test's own event loop stays free for Ping. */
const bigForm = (bytes: Uint8Array): Promise<Form> => multipartBody({ documentType: 'BankStatement', file: { bytes, fileName: 'big.pdf', contentType: 'application/pdf' } })

/** One upload; its status, Retry-After and body (or the network error). */
async function upload (base: string, token: string, caseId: number, form: Form): Promise<{ status: number, retryAfter: string | null, text: string }> {
  try {
    const res = await fetch(`${base}/api/cases/${caseId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, body: new Uint8Array(form.payload), signal: AbortSignal.timeout(120_000) })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: (await res.text()).slice(0, 300) }
  } catch (error) {
    // A server that answers before reading closes the connection: the client may see that as a send error.
    return { status: 0, retryAfter: null, text: String((error as Error).cause ?? error) }
  }
}

/** Runs `attack` with the API's process tree and Ping watched; fails on growth past 512 MB, a slow Ping or a death. */
async function underWatch (api: Awaited<ReturnType<typeof startApi>>, token: string, attack: () => Promise<void>) {
  const pid = api.child.pid!
  const idle = idleMemory(pid)
  const memory = watchTree(pid, idle)
  const ping = spawn(process.execPath, [new URL('./ping-process.ts', import.meta.url).pathname, api.base, token], { stdio: ['pipe', 'pipe', 'inherit'] })
  let out = ''
  ping.stdout.setEncoding('utf8').on('data', (chunk: string) => { out += chunk })
  await eventually(async () => out, (text) => text.startsWith('ready\n'), { what: 'the Ping process' })
  await attack()
  // A few quiet pings after the attack too: a stall it left behind would show.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  ping.stdin.end()
  await once(ping, 'exit')
  const pings = JSON.parse(out.split('\n')[1]!) as { count: number, p95: number, p99: number, max: number, failures: string[] }
  const processes = await memory.stop()
  const api0 = processes.find((p) => p.pid === pid)!
  assert.ok(api0.peak - api0.idle < 512 * MB, `the API grew ${Math.round((api0.peak - api0.idle) / MB)} MB`)
  for (const p of processes) assert.ok(p.peak - p.idle < 512 * MB, `${p.command} grew ${Math.round((p.peak - p.idle) / MB)} MB`)
  assert.deepEqual(pings.failures, [])
  // An attack of a few seconds gives fewer than a hundred pings, whose p99 is their maximum: one
  // scheduler pause on a loaded two-core machine (258 ms once in CI) would set it. A real stall, such
  // as parsing 300 MB, slows many pings and lasts seconds, so p95 and the maximum catch it.
  assert.ok(pings.p95 < 250, `Ping p95 ${pings.p95} ms (max ${pings.max}, ${pings.count} pings)`)
  assert.ok(pings.max < 1000, `Ping max ${pings.max} ms (p95 ${pings.p95}, ${pings.count} pings)`)
  assert.equal(api.hasExited(), false, api.output().slice(-3000))
  return { apiGrowthMb: Math.round((api0.peak - api0.idle) / MB), pingP95: pings.p95, pingMax: pings.max }
}

async function sandboxApi (t: TestContext) {
  const env: Env = { ...baseEnv(), DATABASE_URL: await freshDatabase(t), LOG_LEVEL: 'info' }
  const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
  const api = await startApi(env, { hooks: t })
  return { api, token: await tokenFor(api.base, reseller) }
}

describeUnless(SKIP_UNLESS_FAULTS || postgresDown, 'hostile requests against the real server', () => {
  it(`when ${UPLOADS} uploads of 10 MB go at once to a case that does not exist, then each is an unread 404 and the API neither grows nor stalls`, { timeout: 300_000 }, async (t) => {
    const { api, token } = await sandboxApi(t)
    const form = await bigForm(randomBytes(UPLOAD_BYTES))
    const answers: Awaited<ReturnType<typeof upload>>[] = []
    const seen = await underWatch(api, token, async () => {
      answers.push(...await Promise.all(Array.from({ length: UPLOADS }, () => upload(api.base, token, 987_654, form))))
    })
    t.diagnostic(`API grew ${seen.apiGrowthMb} MB, Ping p95 ${seen.pingP95} ms, max ${seen.pingMax} ms; answers ${JSON.stringify(answers.map((a) => a.status))}`)
    // 404, or the connection closed by a server that answered without reading (0): never anything else.
    for (const a of answers) assert.ok(a.status === 404 || a.status === 0, `${a.status} ${a.text}`)
    assert.ok(answers.some((a) => a.status === 404))
  })

  it(`when ${UPLOADS} uploads of 10 MB go at once to a real case, then each is read in turn or refused with 503 and Retry-After, within the memory bound`, { timeout: 300_000 }, async (t) => {
    const { api, token } = await sandboxApi(t)
    const made = await call(api.base, 'POST', '/api/cases', token, { urn: `BIG-${randomBytes(4).toString('hex')}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })
    assert.equal(made.status, 201, made.text)
    // Each upload different bytes, none a document: every one read is refused by its content (400).
    const forms = await Promise.all(Array.from({ length: UPLOADS }, () => bigForm(randomBytes(UPLOAD_BYTES))))
    const answers: Awaited<ReturnType<typeof upload>>[] = []
    const seen = await underWatch(api, token, async () => {
      answers.push(...await Promise.all(forms.map((form) => upload(api.base, token, made.json.id, form))))
    })
    const counts: Record<number, number> = {}
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
    t.diagnostic(`API grew ${seen.apiGrowthMb} MB, Ping p95 ${seen.pingP95} ms, max ${seen.pingMax} ms; answers ${JSON.stringify(counts)}`)
    for (const a of answers) {
      if (a.status === 503) assert.match(a.retryAfter ?? '', /^\d+$/, a.text)
      else if (a.status !== 0) assert.equal(a.status, 400, a.text)
    }
    assert.ok((counts[400] ?? 0) > 0, 'some uploads were read')
    assert.ok((counts[503] ?? 0) > 0, 'the cap turned some away')
  })

  it('production: when Confirmation of Payee answers 300 MB, then the API stays up and the BAV check fails once with a sentence', { timeout: 300_000 }, async (t) => {
    const cop = await startCopStandIn(COP_TOKEN)
    const env: Env = {
      ...baseEnv(), IDCHECK_ENVIRONMENT: 'production', DATABASE_URL: await freshDatabase(t), REDIS_URL, METRICS_TOKEN: randomBytes(32).toString('base64url'),
      BAV_COP_URL: cop.url, BAV_COP_TOKEN: COP_TOKEN, BAV_COP_TIMEOUT_MS: '60000', LOG_LEVEL: 'info',
    }
    const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
    const api = await startApi(env, { hooks: t })
    const token = await tokenFor(api.base, reseller)
    const firstName = `Huge${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
    cop.script(`${firstName} Doe`, [{ hugeBytes: 300 * MB }], { forever: true })
    const made = await call(api.base, 'POST', '/api/cases', token, { urn: `COP-${randomBytes(4).toString('hex')}`, type: 'Person', givenNames: firstName, surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 })
    assert.equal(made.status, 201, made.text)
    const caseId = made.json.id as number
    let checks: { checkType: string, status: string, failureReason: string | null }[] = []
    const seen = await underWatch(api, token, async () => {
      const account = await call(api.base, 'POST', `/api/cases/${caseId}/bank-accounts`, token, { countryCode: 'GB', firstName, lastName: 'Doe', sortCode: '089999', accountNumber: '66374958' })
      assert.equal(account.status, 200, account.text)
      checks = await eventually(async () => (await call(api.base, 'GET', `/api/cases/${caseId}/checks`, token)).json as typeof checks,
        (list) => list.some((c) => c.checkType === 'BAV' && c.status !== 'pending'), { timeoutMs: 60_000, intervalMs: 250, what: 'the BAV check settled' })
    })
    t.diagnostic(`API grew ${seen.apiGrowthMb} MB, Ping p95 ${seen.pingP95} ms, max ${seen.pingMax} ms; CoP sent ${Math.round(cop.hugeBytesSent() / MB)} MB before idcheck hung up`)
    const bav = checks.filter((c) => c.checkType === 'BAV')
    assert.equal(bav.length, 1)
    assert.equal(bav[0]!.status, 'failed')
    assert.match(bav[0]!.failureReason ?? '', /^The Confirmation of Payee service sent an answer larger than 64 KB, so the account holder could not be checked/)
    assert.equal(cop.requests.filter((r) => JSON.stringify(r.body).includes(firstName)).length, 1, 'asked once: a refusal of this kind is not retried')
    assert.ok(cop.hugeBytesSent() < 64 * MB, `${cop.hugeBytesSent()} bytes crossed the socket`)
  })
})
