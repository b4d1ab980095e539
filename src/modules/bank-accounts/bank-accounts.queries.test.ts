import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { connectDatabase, type Connection } from '../../infra/db/connect.ts'
import type { Database, Queryable } from '../../infra/db/database.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'

/** The database with every statement counted, inside transactions too. */
function countingDatabase (raw: Database): { db: Database, statements: string[] } {
  const statements: string[] = []
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => { statements.push(sql); return q.query(sql, params) },
  })
  const db: Database = {
    kind: raw.kind,
    query: (sql, params) => { statements.push(sql); return raw.query(sql, params) },
    transaction: (fn) => raw.transaction((tx) => fn(counted(tx))),
    exec: (sql) => raw.exec(sql),
    close: () => raw.close(),
  }
  return { db, statements }
}

// No workers: a BAV job running beside the request would add its own queries to the count. A long
// credentials cache keeps the token check from reading the database in the middle of a measurement.
const config = testConfig({ rateLimitPerSecond: 10_000, runWorkers: false, credentialsCacheTtlMs: 3_600_000 })
// The pool connects lazily, so it may open before buildTestApp creates the file's PostgreSQL schema.
const raw: Connection = await connectDatabase(config)
const { db, statements } = countingDatabase(raw.db)
const { app } = await buildTestApp(config, { connection: { db, pglite: raw.pglite } })
after(() => raw.db.close())

/** BAV checks for the bank accounts and their histories, written straight to the tables as the job writes them (the job is not under test here). */
async function givenAttempts (bankAccountIds: number[], perAccount: number): Promise<void> {
  await raw.db.query(
    `WITH made AS (
       INSERT INTO checks (account_id, case_id, check_type, subject_type, subject_id, status, create_ts, completed_ts, risk_rating_id, result, provider)
       SELECT b.account_id, b.case_id, 'BAV', 'bankAccount', b.id, 'completed', now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval,
         1, '{"bankName":"Sandbox Bank"}', 'Sandbox'
       FROM bank_accounts b, generate_series(1, $2::int) AS n WHERE b.id = ANY($1::int[])
       RETURNING id, subject_id, completed_ts)
     INSERT INTO bav_histories (bank_account_id, latest, history)
     SELECT subject_id, (array_agg(attempt ORDER BY completed_ts DESC, id DESC))[1], '[' || string_agg(attempt, ',' ORDER BY completed_ts DESC, id DESC) || ']'
     FROM (SELECT id, subject_id, completed_ts, json_build_object('id', id, 'createTs', to_char(completed_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'bankName', 'Sandbox Bank', 'riskRating', json_build_object('id', 1, 'name', 'Low'))::text AS attempt FROM made) a
     GROUP BY subject_id`,
    [bankAccountIds, perAccount])
}

/** Statements run by one list request (after a first one has warmed the token cache). */
async function statementsForList (caller: GivenClient, caseId: number): Promise<{ count: number, body: any[], statements: string[] }> {
  const warm = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })
  assert.equal(warm.statusCode, 200, warm.body)
  statements.length = 0
  const res = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/bank-accounts`, headers: caller.auth })
  assert.equal(res.statusCode, 200, res.body)
  return { count: statements.length, body: res.json(), statements: [...statements] }
}

describe('GET /api/cases/{caseId}/bank-accounts: queries', () => {
  it('when a case has 30 bank accounts with 5 attempts each, then the list runs as many queries as for 1 account with none', async () => {
    const caller = await givenReseller(app)

    const smallCase = await givenCase(app, caller)
    await givenBankAccount(app, caller, smallCase)
    const small = await statementsForList(caller, smallCase)
    assert.equal(small.body.length, 1)
    assert.ok(small.count > 0, 'the counting wrapper sees the list\'s queries')
    assert.deepEqual(small.body[0].bavAttemptHistory, [])

    const bigCase = await givenCase(app, caller)
    const ids: number[] = []
    for (let i = 0; i < 30; i++) ids.push(await givenBankAccount(app, caller, bigCase, { accountNumber: String(10_000_000 + i) }))
    await givenAttempts(ids, 5)
    const big = await statementsForList(caller, bigCase)

    assert.equal(big.body.length, 30)
    for (const account of big.body) {
      assert.equal(account.bavAttemptHistory.length, 5)
      const times = account.bavAttemptHistory.map((a: { createTs: string }) => Date.parse(a.createTs))
      assert.deepEqual(times, [...times].sort((x, y) => y - x), 'most recent first')
      assert.deepEqual(account.latestBavAttempt, account.bavAttemptHistory[0])
      for (const attempt of account.bavAttemptHistory) assert.match(attempt.createTs, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    }
    assert.equal(big.count, small.count, `1 account: ${small.count} queries; 30 accounts × 5 attempts: ${big.count}:\n${statements.join('\n')}`)
    assert.equal(big.count, 2, `the list should be two queries (the accounts, then bav's histories of them), ran ${big.count}`)
  })

  it('when a case has no bank accounts, then the list runs as many queries as with some (the second asks whose case it is: [] or 404)', async () => {
    const caller = await givenReseller(app)
    const full = await givenCase(app, caller)
    await givenBankAccount(app, caller, full)
    const empty = await givenCase(app, caller)
    const withOne = await statementsForList(caller, full)
    const withNone = await statementsForList(caller, empty)
    assert.deepEqual(withNone.body, [])
    assert.equal(withNone.count, withOne.count, `empty: ${withNone.count}, one: ${withOne.count}`)
    assert.match(withNone.statements.at(-1)!, /FROM cases/, 'the empty list\'s second query asks the cases module')
  })
})
