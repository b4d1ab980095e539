import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { connectDatabase } from '../../infra/db/connect.ts'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, givenToken, type GivenClient } from '../../../test/helpers/given.ts'
import { givenBankAccount, givenCase } from '../../../test/helpers/given-cases.ts'
import { createSandboxBavProviderForTests } from '../../../test/helpers/held-bav-provider.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'

// BAV answers for account number 44444444 wait until the test lets them go, so checks stay pending.
const HELD = '44444444'
const held = createSandboxBavProviderForTests(HELD)
const config = testConfig({ rateLimitPerSecond: 10_000, checkAdmission: { inFlightPerAccount: 3, ocrPagesPerHour: 5 } })
const connection = await connectDatabase(config)
const { app, clock } = await buildTestApp(config, { connection, bavProvider: held.provider })
after(() => connection.db.close())
after(() => held.releaseAll())

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'
const TOO_MANY = 'https://tools.ietf.org/html/rfc6585#section-4'
const BAV = 2
const AML = 3
const EXTRACTION = 4
const RISK = 5

type Check = { id: number, checkType: string, status: string, subject: { type: string, id: number } }

const checksOf = async (caller: GivenClient, caseId: number) =>
  (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/checks`, headers: caller.auth })).json() as Check[]
const requestCheck = (caller: GivenClient, caseId: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload })

async function statement (pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]).drawText(`Statement ${Math.random()} page ${i + 1}`, { x: 20, y: 250, size: 8, font })
  return doc.save()
}

async function upload (caller: GivenClient, caseId: number, bytes: Uint8Array, documentType = 'BankStatement') {
  const { payload, contentType } = await multipartBody({ documentType, file: { bytes, fileName: 'statement.pdf', contentType: 'application/pdf' } })
  return app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
}

/** A bank account on a new case whose BAV check stays pending (held by the provider); its case and check. */
async function givenPendingBav (caller: GivenClient): Promise<{ caseId: number, bankAccountId: number, check: Check }> {
  const caseId = await givenCase(app, caller)
  const bankAccountId = await givenBankAccount(app, caller, caseId, { sortCode: '000000', accountNumber: HELD })
  const check = (await checksOf(caller, caseId)).find((c) => c.checkType === 'BAV')!
  assert.equal(check.status, 'pending')
  return { caseId, bankAccountId, check }
}

function assertProblem429 (res: { statusCode: number, headers: Record<string, unknown>, body: string }, detail: string | RegExp) {
  assert.equal(res.statusCode, 429, res.body)
  assert.equal(res.headers['content-type'], PROBLEM_TYPE)
  const body = JSON.parse(res.body)
  if (typeof detail === 'string') assert.deepEqual(body, { type: TOO_MANY, title: 'Too Many Requests', status: 429, detail })
  else {
    assert.deepEqual({ ...body, detail: '' }, { type: TOO_MANY, title: 'Too Many Requests', status: 429, detail: '' })
    assert.match(body.detail, detail)
  }
}

describe('one pending check per type and subject', () => {
  it('when a BAV check of the bank account is pending, then a request on either route is 409 naming it, and none is made', async () => {
    const caller = await givenReseller(app, { services: [BAV] })
    const { caseId, bankAccountId, check } = await givenPendingBav(caller)

    const viaChecks = await requestCheck(caller, caseId, { checkType: 'BAV', bankAccountId })
    assert.equal(viaChecks.statusCode, 409, viaChecks.body)
    assert.equal(viaChecks.headers['content-type'], JSON_TYPE)
    assert.deepEqual(viaChecks.json(), { pendingCheckId: check.id })

    const viaBav = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/bank-accounts/${bankAccountId}/bav-checks`, headers: caller.auth })
    assert.equal(viaBav.statusCode, 409, viaBav.body)
    assert.deepEqual(viaBav.json(), { pendingCheckId: check.id })
    assert.deepEqual((await checksOf(caller, caseId)).map((c) => c.id), [check.id])
  })

  it('when thirty requests for the same check race, then one is 202 and the others 409 naming it', async () => {
    const caller = await givenReseller(app, { services: [BAV] })
    const { caseId, bankAccountId } = await givenPendingBav(caller)
    // The trigger's check is let go until it settles; the one the race makes then stays with the provider.
    await eventually(async () => { held.releaseAll(); return checksOf(caller, caseId) }, (list) => list.every((c) => c.status !== 'pending'), { what: 'the trigger\'s check settled' })

    const answers = await Promise.all(Array.from({ length: 30 }, () => requestCheck(caller, caseId, { checkType: 'BAV', bankAccountId })))

    const made = answers.filter((r) => r.statusCode === 202)
    assert.equal(made.length, 1, answers.map((r) => r.statusCode).join(','))
    const id = made[0]!.json().id
    for (const r of answers.filter((a) => a !== made[0])) assert.deepEqual([r.statusCode, r.json()], [409, { pendingCheckId: id }])
  })

  it('when a trigger meets a pending check of its type on the subject, then it names that check and its transaction commits', async () => {
    const caller = await givenReseller(app, { services: [BAV] })
    const { caseId, bankAccountId, check } = await givenPendingBav(caller)

    const named = await connection.db.transaction((tx) => app.services.checks.triggerIfEnabled(tx, 'BAV', caller.id, caseId, bankAccountId))

    assert.equal(named?.id, check.id)
    assert.deepEqual((await checksOf(caller, caseId)).filter((c) => c.checkType === 'BAV').map((c) => c.id), [check.id])
  })
})

describe('checks in flight per account', () => {
  it('when the account has as many checks pending as its limit, then a requested check and an upload are 429 with Retry-After, while its own triggers still make theirs', async () => {
    const caller = await givenReseller(app, { services: [BAV, AML, RISK] })
    const first = await givenPendingBav(caller)
    await givenPendingBav(caller)
    await givenPendingBav(caller)
    // A bank account's BAV is never refused: the account is told it was made (docs/decisions.md).
    const fourth = await givenPendingBav(caller)
    await eventually(async () => connection.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM checks WHERE account_id = $1 AND status = 'pending'`, [caller.id]),
      ([row]) => Number(row!.n) === 4, { what: 'the cases\' AML checks settled, the four BAV checks pending' })

    const aml = await requestCheck(caller, fourth.caseId, { checkType: 'AML' })
    assertProblem429(aml, 'This account has 4 checks in flight and may have at most 3 at once; retry after 10 seconds, as they complete.')
    assert.equal(aml.headers['retry-after'], '10')

    const uploaded = await upload(caller, first.caseId, await statement(1), 'Other')
    assert.equal(uploaded.statusCode, 429, uploaded.body)
    assert.equal(uploaded.headers['retry-after'], '10')
    const documents = await app.inject({ method: 'GET', url: `/api/cases/${first.caseId}/documents`, headers: caller.auth })
    assert.equal(documents.body, '[]', 'the refused upload left no document')

    // Another account is not held back by this one's limit.
    const other = await givenReseller(app, { services: [AML] })
    const otherCase = await givenCase(app, other)
    await eventually(() => checksOf(other, otherCase), (list) => list.every((c) => c.status !== 'pending'), { what: 'the other case\'s AML' })
    assert.equal((await requestCheck(other, otherCase, { checkType: 'AML' })).statusCode, 202)
  })
})

describe('OCR pages per hour per account', () => {
  it('when a statement would take the account past its pages per hour, then 429 naming the pages and the limit, and an hour later it is accepted', async () => {
    const caller = await givenReseller(app, { services: [EXTRACTION] })
    const caseId = await givenCase(app, caller)
    assert.equal((await upload(caller, caseId, await statement(3))).statusCode, 201)
    assert.equal((await upload(caller, caseId, await statement(1))).statusCode, 201, '4 of 5 pages')

    const refused = await upload(caller, caseId, await statement(2))

    assertProblem429(refused, /^This account has sent 4 document pages to be read \(DocumentExtraction and KYC\) in the past hour; 2 more would pass its limit of 5 pages per hour\. Retry after 3[56]\d\d seconds\.$/)
    const wait = Number(refused.headers['retry-after'])
    assert.ok(wait > 3500 && wait <= 3600, `Retry-After ${wait}`)
    const documents = (await app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents`, headers: caller.auth })).json() as unknown[]
    assert.equal(documents.length, 2)

    clock.advanceMinutes(61)
    const later = { ...caller, auth: { authorization: `Bearer ${await givenToken(app, caller.clientId, caller.clientSecret)}` } }
    assert.equal((await upload(later, caseId, await statement(2))).statusCode, 201)
  })

  it('when the account asks room for an upload before sending it, then assertRoomFor answers as the upload would', async () => {
    const caller = await givenReseller(app, { services: [EXTRACTION] })
    const caseId = await givenCase(app, caller)
    assert.equal((await upload(caller, caseId, await statement(5))).statusCode, 201)

    await assert.rejects(app.services.checks.assertRoomFor(connection.db, caller.id, { checkTypes: ['DocumentExtraction'], ocrPages: 1 }),
      (err: Error & { statusCode?: number }) => err.statusCode === 429 && /5 document pages/.test(err.message))
    await app.services.checks.assertRoomFor(connection.db, caller.id, { checkTypes: ['DocumentRisk'], ocrPages: 1 }) // risk reads no pages by OCR
  })
})
