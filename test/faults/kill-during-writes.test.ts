import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { openPglite } from '../../src/infra/db/pglite.ts'
import { eventually } from '../helpers/eventually.ts'
import {
  adminQuery, ADMIN_URL, type Answer, baseEnv, call, type Env, freePort, freshDatabase, givenResellerByCli, type RunningApi,
  SKIP_UNLESS_FAULTS, startApi, tokenFor,
} from './fault-helpers.ts'
import { describeUnless } from '../helpers/skip.ts'

// The server is killed with SIGKILL in the middle of 500 concurrent writes and started again at once,
// before the dead process is reaped. After the restart: every write that was acknowledged with a 2xx is there, every acknowledged bank account
// gets its BAV attempt (exactly one), and nothing is duplicated, also when the clients retry the
// writes that got no answer (bank accounts: 409 names the one that exists; accounts: the same
// externalReference answers with the same account).

const WRITES = 500
const KILL_AFTER_ACKS = 150
const SEED_CASES = 10
const BAV_RECOVERY_MS = 300_000

type Kind = 'case' | 'bankAccount' | 'account'
interface Write { i: number, kind: Kind, path: (cases: number[]) => string, body: Record<string, unknown>, key: string, caseIndex: number }
interface Outcome { write: Write, result: 'ack' | 'refused' | 'unknown', status: number | null, id: number | null, text: string }
interface BankAccount { id: number, caseId: number, sortCode: string, accountNumber: string, bavAttemptHistory: unknown[] }

interface Mode {
  name: string
  /** The environment of every start and CLI call; `inspect` runs SQL once the server is stopped. */
  setup (t: TestContext): Promise<{ env: Env, inspect: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]> }>
}

const embedded: Mode = {
  name: 'embedded (PGlite in DATA_DIR)',
  async setup (t) {
    const dataDir = await mkdtemp(join(tmpdir(), 'idcheck-faults-'))
    t.after(() => rm(dataDir, { recursive: true, force: true }))
    return {
      env: { ...baseEnv(), DATA_DIR: dataDir },
      async inspect (sql, params) {
        const { db } = await openPglite(dataDir)
        try { return await db.query(sql, params) } finally { await db.close() }
      },
    }
  },
}

const serverMode: Mode = {
  name: 'server (PostgreSQL)',
  async setup (t) {
    const url = await freshDatabase(t)
    return { env: { ...baseEnv(), DATABASE_URL: url }, inspect: (sql, params) => adminQuery(url, sql, params) }
  },
}

const postgresDown = SKIP_UNLESS_FAULTS ? null : await adminQuery(ADMIN_URL, 'SELECT 1').then(() => null, (err: Error) => `PostgreSQL does not answer at ${ADMIN_URL}: ${err.message}`)

/** 500 writes: a third each of cases, bank accounts (each queues a BAV check) and accounts; one account in five repeats the previous one's externalReference. */
function plannedWrites (tag: string): Write[] {
  const writes: Write[] = []
  let lastAccount = 0
  for (let i = 0; i < WRITES; i++) {
    const caseIndex = i % SEED_CASES
    if (i % 3 === 0) {
      writes.push({ i, kind: 'case', key: `KILL-${tag}-${i}`, caseIndex, path: () => '/api/cases', body: { urn: `KILL-${tag}-${i}`, type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 1, dobMonth: 2, dobYear: 1980 } })
    } else if (i % 3 === 1) {
      const accountNumber = String(50_000_000 + i)
      writes.push({ i, kind: 'bankAccount', key: accountNumber, caseIndex, path: (cases) => `/api/cases/${cases[caseIndex]}/bank-accounts`, body: { countryCode: 'GB', firstName: 'Jane', lastName: 'Doe', sortCode: '089999', accountNumber } })
    } else {
      const n = i % 5 === 0 && lastAccount > 0 ? lastAccount : i // a concurrent duplicate of the previous account write
      lastAccount = i
      writes.push({ i, kind: 'account', key: `kill-${tag}-${n}`, caseIndex, path: () => '/api/accounts', body: { name: `Kill ${tag} ${n}`, externalReference: `kill-${tag}-${n}` } })
    }
  }
  return writes
}

const idOf = (write: Write, res: Answer): number | null => {
  if (write.kind === 'bankAccount') return res.status === 200 ? res.json as number : res.status === 409 ? res.json.duplicateId as number : null
  if (write.kind === 'case') return res.status === 201 ? res.json.id as number : null
  return res.status === 200 || res.status === 201 ? res.json.account.id as number : null
}

async function allCases (server: RunningApi, token: string): Promise<{ id: number, urn: string }[]> {
  const cases: { id: number, urn: string }[] = []
  let path: string | null = '/api/cases?limit=100'
  while (path) {
    const res = await call(server.base, 'GET', path, token)
    assert.equal(res.status, 200, res.text)
    cases.push(...res.json)
    path = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null
  }
  return cases
}

async function bankAccountsOf (server: RunningApi, token: string, caseIds: number[]): Promise<BankAccount[]> {
  const lists = await Promise.all(caseIds.map(async (caseId) => {
    const res = await call(server.base, 'GET', `/api/cases/${caseId}/bank-accounts`, token)
    assert.equal(res.status, 200, res.text)
    return res.json as BankAccount[]
  }))
  return lists.flat()
}

describeUnless(SKIP_UNLESS_FAULTS, 'SIGKILL during 500 concurrent writes', () => {
  for (const mode of [embedded, serverMode]) {
    const skip = mode === serverMode ? postgresDown : null
    it(`${mode.name}: every acknowledged write survives, every acknowledged bank account gets exactly one BAV attempt, nothing is duplicated`, { skip: skip ?? false, timeout: BAV_RECOVERY_MS + 300_000 }, async (t) => {
      const tag = randomBytes(3).toString('hex')
      const { env, inspect } = await mode.setup(t)
      // Made by the CLI before the server starts (an embedded data directory is locked while it runs).
      const reseller = await givenResellerByCli(env, { rateLimit: 100_000 })
      const port = await freePort()
      let current: RunningApi | null = null
      const output = () => `\nserver output:\n${current?.output().slice(-4000) ?? ''}`

      const first = current = await startApi(env, { port, hooks: t })
      const token = await tokenFor(first.base, reseller)
      const cases: number[] = []
      for (let c = 0; c < SEED_CASES; c++) {
        const res = await call(first.base, 'POST', '/api/cases', token, { urn: `SEED-${tag}-${c}`, type: 'Business', entityName: `Seed ${c} Ltd` })
        assert.equal(res.status, 201, res.text)
        cases.push(res.json.id)
      }

      // All 500 at once; the kill comes once 150 are acknowledged, at least 10 of each kind (some
      // kinds take more statements than others, and finish later).
      const writes = plannedWrites(tag)
      const acks: Record<Kind, number> = { case: 0, bankAccount: 0, account: 0 }
      let killed: Promise<void> | null = null
      const started = Date.now()
      const outcomes: Outcome[] = await Promise.all(writes.map(async (write): Promise<Outcome> => {
        try {
          const res = await call(first.base, 'POST', write.path(cases), token, write.body, 60_000)
          const ok = res.status >= 200 && res.status < 300
          if (ok) acks[write.kind]++
          const total = acks.case + acks.bankAccount + acks.account
          if (ok && killed === null && total >= KILL_AFTER_ACKS && Object.values(acks).every((n) => n >= 10)) killed = first.kill({ reap: false })
          return { write, result: ok ? 'ack' : 'refused', status: res.status, id: ok ? idOf(write, res) : null, text: res.text.slice(0, 200) }
        } catch {
          return { write, result: 'unknown', status: null, id: null, text: '' }
        }
      }))
      await (killed ?? first.kill({ reap: false }))
      const count = (result: Outcome['result'], kind?: Kind) => outcomes.filter((o) => o.result === result && (!kind || o.write.kind === kind)).length
      t.diagnostic(`killed ${Date.now() - started} ms into the burst: ${count('ack')} acknowledged (cases ${count('ack', 'case')}, bank accounts ${count('ack', 'bankAccount')}, accounts ${count('ack', 'account')}), ` +
        `${count('unknown')} without an answer, ${count('refused')} refused`)
      const refused = outcomes.filter((o) => o.result === 'refused')
      assert.deepEqual(refused.map((o) => `${o.write.kind} ${o.status} ${o.text}`), [], 'writes refused before the kill')
      assert.ok(count('unknown') > 0, 'the kill came after every write was answered')
      assert.ok(count('ack', 'bankAccount') > 0 && count('ack', 'case') > 0 && count('ack', 'account') > 0)

      // Concurrent duplicates of an account that were both acknowledged name the same account.
      const accountIdsByRef = new Map<string, Set<number>>()
      for (const o of outcomes.filter((x) => x.write.kind === 'account' && x.result === 'ack')) {
        accountIdsByRef.set(o.write.key, (accountIdsByRef.get(o.write.key) ?? new Set()).add(o.id!))
      }
      assert.deepEqual([...accountIdsByRef].filter(([, ids]) => ids.size > 1), [], 'one externalReference acknowledged with two accounts')

      // At once, without waiting for the killed process to be reaped (embedded: its data directory lock must already be free).
      const second = current = await startApi(env, { port, hooks: t })
      const restarted = Date.now()

      // Every acknowledged write is there.
      for (const o of outcomes.filter((x) => x.result === 'ack' && x.write.kind === 'case')) {
        const res = await call(second.base, 'GET', `/api/cases/${o.id}`, token)
        assert.equal(res.status, 200, `acknowledged case ${o.id} is gone: ${res.status} ${res.text}${output()}`)
        assert.equal(res.json.urn, o.write.key)
      }
      const listed = await bankAccountsOf(second, token, cases)
      const listedIds = new Set(listed.map((b) => b.id))
      for (const o of outcomes.filter((x) => x.result === 'ack' && x.write.kind === 'bankAccount')) {
        assert.ok(listedIds.has(o.id!), `acknowledged bank account ${o.id} (${o.write.key}) is not in the list of its case${output()}`)
        assert.equal(listed.find((b) => b.id === o.id)!.accountNumber, o.write.key)
      }
      const accountsRes = await call(second.base, 'GET', '/api/accounts', token)
      assert.equal(accountsRes.status, 200, accountsRes.text)
      const accountIds = new Set((accountsRes.json as { id: number }[]).map((a) => a.id))
      for (const o of outcomes.filter((x) => x.result === 'ack' && x.write.kind === 'account')) {
        assert.ok(accountIds.has(o.id!), `acknowledged account ${o.id} (${o.write.key}) is not in GET /api/accounts${output()}`)
      }

      // Clients retry what got no answer: the same request again. Nothing may be duplicated by it.
      // (Cases have no idempotency key: a retried POST /api/cases is a new case, so those are not retried.)
      const retries: Record<string, number> = {}
      for (const o of outcomes.filter((x) => x.result === 'unknown' && x.write.kind !== 'case')) {
        const res = await call(second.base, 'POST', o.write.path(cases), token, o.write.body)
        const expected = o.write.kind === 'bankAccount' ? [200, 409] : [200, 201]
        assert.ok(expected.includes(res.status), `retry of ${o.write.kind} ${o.write.key}: ${res.status} ${res.text}`)
        retries[`${o.write.kind} ${res.status}`] = (retries[`${o.write.kind} ${res.status}`] ?? 0) + 1
        o.id = idOf(o.write, res)
      }
      // bankAccount 409 / account 200: written before the kill, the answer lost with the process.
      t.diagnostic(`retries of unanswered writes: ${JSON.stringify(retries)}`)
      for (const o of outcomes.filter((x) => x.write.kind === 'account' && x.id !== null)) {
        accountIdsByRef.set(o.write.key, (accountIdsByRef.get(o.write.key) ?? new Set()).add(o.id!))
      }
      assert.deepEqual([...accountIdsByRef].filter(([, ids]) => ids.size > 1), [], 'a retry made a second account for one externalReference')

      // No duplicates anywhere.
      const everyCase = await allCases(second, token)
      const urns = everyCase.map((c) => c.urn)
      assert.equal(new Set(urns).size, urns.length, 'two cases from one POST')
      const bankAccounts = await bankAccountsOf(second, token, cases)
      const pairs = bankAccounts.map((b) => `${b.caseId}/${b.sortCode}/${b.accountNumber}`)
      assert.equal(new Set(pairs).size, pairs.length, 'a bank account twice on one case')
      const expectedBankAccounts = new Set(outcomes.filter((o) => o.write.kind === 'bankAccount' && o.id !== null).map((o) => o.id!))
      assert.deepEqual(new Set(bankAccounts.map((b) => b.id)), expectedBankAccounts, 'the bank accounts listed are not exactly those acknowledged or retried')
      const accountsNow = (await call(second.base, 'GET', '/api/accounts', token)).json as { id: number, name: string }[]
      assert.equal(new Set(accountsNow.map((a) => a.name)).size, accountsNow.length)
      assert.equal(accountsNow.length, accountIdsByRef.size, 'GET /api/accounts does not hold one account per externalReference')

      // Every bank account gets its BAV check, exactly once, including those whose job was running at the kill.
      await eventually(() => bankAccountsOf(second, token, cases), (list) => list.every((b) => b.bavAttemptHistory.length >= 1),
        { timeoutMs: BAV_RECOVERY_MS, intervalMs: 2000, what: 'a BAV attempt on every bank account' })
      t.diagnostic(`every bank account (${bankAccounts.length}) had its BAV attempt ${Math.round((Date.now() - restarted) / 1000)} s after the restart`)
      await sleep(3000)
      const settled = await bankAccountsOf(second, token, cases)
      assert.deepEqual(settled.filter((b) => b.bavAttemptHistory.length !== 1).map((b) => `${b.id}: ${b.bavAttemptHistory.length} attempts`), [],
        `bank accounts without exactly one BAV attempt${output()}`)

      // And in the database itself, with the server stopped.
      await second.stop()
      const duplicateRefs = await inspect(
        'SELECT external_reference, count(*)::int AS n FROM accounts WHERE parent_account_id = $1 AND external_reference IS NOT NULL GROUP BY 1 HAVING count(*) > 1', [reseller.id])
      assert.deepEqual(duplicateRefs, [], 'two accounts with one externalReference')
      const duplicateAttempts = await inspect(
        `SELECT subject_id, count(*)::int AS n FROM checks WHERE check_type = 'BAV' GROUP BY 1
         HAVING count(*) <> 1 OR count(*) FILTER (WHERE status = 'completed') <> 1`, [])
      assert.deepEqual(duplicateAttempts, [], 'a bank account with other than one BAV check, completed once')
    })
  }
})
