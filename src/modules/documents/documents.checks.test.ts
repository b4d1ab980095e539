import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { givenWebhook } from '../../../test/helpers/webhook-fixtures.ts'
import { startWebhookReceiver } from '../../../test/helpers/webhook-receiver.ts'

// Rate limiting is not under test here; a high limit keeps bursts of setup requests from being throttled.
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
const receiver = await startWebhookReceiver()
after(() => receiver.close())

const sample = (name: string) => readFile(new URL(`./samples/${name}`, import.meta.url))
const get = (caller: GivenClient, url: string) => app.inject({ method: 'GET', url, headers: caller.auth })

async function upload (caller: GivenClient, caseId: number, name: string, documentType = 'BankStatement'): Promise<{ id: number }> {
  const { payload, contentType } = await multipartBody({ documentType, file: { bytes: await sample(name), fileName: name } })
  const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
  assert.equal(res.statusCode, 201, res.body)
  return res.json()
}

type Check = { id: number, status: string, checkType: string, subject: { type: string, id: number }, riskRating: { id: number, name: string } | null, result: any, failureReason: string | null }
type Detail = { latestExtraction: Check | null, latestRisk: Check | null }

/** The document once its checks (those named) have settled. */
function settledDocument (caller: GivenClient, caseId: number, id: number, wanted: ('latestExtraction' | 'latestRisk')[]) {
  return eventually(async () => (await get(caller, `/api/cases/${caseId}/documents/${id}`)).json() as Detail,
    (d) => wanted.every((k) => d[k] !== null && d[k].status !== 'pending'), { timeoutMs: 30_000, what: `document ${id}'s checks` })
}

describe('document checks on upload', () => {
  it('when a clean statement is uploaded, then risk is Low with no signal, and its bank account is added with documentId and verified', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    await givenWebhook(app, caller, receiver.url, ['document.extracted'])
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'clean-statement.pdf')

    const { latestRisk, latestExtraction } = await settledDocument(caller, caseId, doc.id, ['latestExtraction', 'latestRisk'])
    assert.equal(latestRisk!.status, 'completed')
    assert.deepEqual(latestRisk!.riskRating, { id: 1, name: 'Low' })
    assert.deepEqual(latestRisk!.result, { signals: [] })
    assert.equal(latestExtraction!.status, 'completed')
    assert.deepEqual(latestExtraction!.subject, { type: 'document', id: doc.id })
    const { fields, bankAccount, method } = latestExtraction!.result
    assert.equal(method, 'text')
    assert.deepEqual([fields.sortCode.value, fields.accountNumber.value, fields.accountHolderName.value], ['089999', '66374958', 'Jane Doe'])
    assert.equal(bankAccount.outcome, 'created')

    const accounts = await eventually(async () => (await get(caller, `/api/cases/${caseId}/bank-accounts`)).json() as any[],
      (list) => list.length === 1 && list[0].latestBavAttempt !== null, { timeoutMs: 20_000, what: 'the BAV of the statement\'s account' })
    assert.deepEqual({ ...accounts[0], latestBavAttempt: undefined, bavAttemptHistory: undefined }, {
      id: bankAccount.id, caseId, documentId: doc.id, countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe',
      sortCode: '089999', accountNumber: '66374958', bankName: 'Northwind Bank plc', latestBavAttempt: undefined, bavAttemptHistory: undefined,
    })
    assert.deepEqual(accounts[0].latestBavAttempt.riskRating, { id: 1, name: 'Low' })

    const [event] = await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data.documentId === doc.id), 10_000)
      .then((r) => r.map((x) => JSON.parse(x.body)).filter((e) => e.data.documentId === doc.id))
    assert.equal(event.type, 'document.extracted')
    assert.deepEqual(event.data, { caseId, documentId: doc.id, checkId: latestExtraction!.id, extraction: latestExtraction!.result })
  })

  it('when a statement with details already on the case is uploaded, then nothing is added and the result names that bank account', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller)
    const first = await upload(caller, caseId, 'clean-statement.pdf')
    const firstResult = (await settledDocument(caller, caseId, first.id, ['latestExtraction'])).latestExtraction!.result
    const second = await upload(caller, caseId, 'ten-page-statement.pdf')
    const { latestExtraction } = await settledDocument(caller, caseId, second.id, ['latestExtraction'])
    assert.deepEqual(latestExtraction!.result.bankAccount, {
      outcome: 'already_on_case', id: firstResult.bankAccount.id,
      message: `These account details are already on the case as bank account ${firstResult.bankAccount.id}; nothing was added.`,
    })
    assert.equal((await get(caller, `/api/cases/${caseId}/bank-accounts`)).json().length, 1)
  })

  it('when an edited statement is uploaded, then risk is High with each of its signals', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'edited-statement.pdf')
    const { latestRisk, latestExtraction } = await settledDocument(caller, caseId, doc.id, ['latestRisk'])
    assert.equal(latestExtraction, null, 'extraction is not enabled on this account')
    assert.deepEqual(latestRisk!.riskRating, { id: 3, name: 'High' })
    assert.deepEqual(latestRisk!.result.signals.map((s: { code: string }) => s.code).sort(),
      ['balance_mismatch', 'editing_tool', 'inconsistent_font', 'incremental_updates', 'modified_after_creation'])
  })

  it('when a scan shows no account details, then the extraction fails with a reason, and document.extraction_failed says it', async () => {
    const caller = await givenReseller(app, { services: [4] })
    await givenWebhook(app, caller, receiver.url, ['document.extraction_failed'])
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'unreadable-scan.png')
    const { latestExtraction, latestRisk } = await settledDocument(caller, caseId, doc.id, ['latestExtraction'])
    assert.equal(latestRisk, null, 'risk is not enabled on this account')
    assert.equal(latestExtraction!.status, 'failed')
    assert.equal(latestExtraction!.riskRating, null)
    assert.match(latestExtraction!.failureReason!, /^(No account details were found|The scan could not be read)/)
    const events = await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data.documentId === doc.id), 10_000)
    const event = events.map((x) => JSON.parse(x.body)).find((e) => e.data.documentId === doc.id)
    assert.deepEqual(event.data, { caseId, documentId: doc.id, checkId: latestExtraction!.id, reason: latestExtraction!.failureReason })
    assert.equal(event.type, 'document.extraction_failed')
    assert.deepEqual((await get(caller, `/api/cases/${caseId}/bank-accounts`)).json(), [])
  })

  it('when a scanned statement is uploaded, then OCR reads its account details', async () => {
    const caller = await givenReseller(app, { services: [4] })
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'scanned-statement.png')
    const { latestExtraction } = await settledDocument(caller, caseId, doc.id, ['latestExtraction'])
    assert.equal(latestExtraction!.status, 'completed', latestExtraction!.failureReason ?? '')
    assert.equal(latestExtraction!.result.method, 'ocr')
    assert.deepEqual([latestExtraction!.result.fields.sortCode.value, latestExtraction!.result.fields.accountNumber.value], ['089999', '66374958'])
    assert.equal(latestExtraction!.result.bankAccount.outcome, 'created')
  })

  it('when a document is not a bank statement, then only its risk is checked', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'clean-statement.pdf', 'ProofOfAddress')
    const { latestExtraction, latestRisk } = await settledDocument(caller, caseId, doc.id, ['latestRisk'])
    assert.equal(latestExtraction, null)
    assert.equal(latestRisk!.status, 'completed')
  })

  it('when a check is requested for a document, then 202 and it completes; another case\'s document is a 400', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller)
    const doc = await upload(caller, caseId, 'clean-statement.pdf', 'Other')
    const res = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/checks`, headers: caller.auth, payload: { checkType: 'DocumentExtraction', documentId: doc.id } })
    assert.equal(res.statusCode, 202, res.body)
    const check = await eventually(async () => (await get(caller, `/api/cases/${caseId}/checks/${res.json().id}`)).json() as Check, (c) => c.status !== 'pending', { timeoutMs: 20_000 })
    assert.equal(check.status, 'completed')
    assert.equal(check.result.bankAccount.outcome, 'created')

    const otherCase = await givenCase(app, caller)
    const wrong = await app.inject({ method: 'POST', url: `/api/cases/${otherCase}/checks`, headers: caller.auth, payload: { checkType: 'DocumentRisk', documentId: doc.id } })
    assert.equal(wrong.statusCode, 400)
    assert.deepEqual(wrong.json(), { errors: [`The documentId field names no active document of this case: ${doc.id}.`] })
  })
})

describe('document checks in production settings', () => {
  it('when a statement is uploaded in production, then both document checks run there for real and the catalogue offers them', async () => {
    const { app: production } = await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000 })
    const caller = await givenReseller(production, { services: 'all' })
    const catalogue = await production.inject({ method: 'GET', url: '/api/services/resellable', headers: caller.auth })
    assert.deepEqual(catalogue.json().filter((s: { serviceId: number }) => s.serviceId >= 4), [
      { serviceId: 4, checkType: 'Document extraction', provider: 'idcheck-document-extraction' },
      { serviceId: 5, checkType: 'Document risk', provider: 'idcheck-document-risk' },
    ])
    const caseId = await givenCase(production, caller)
    const { payload, contentType } = await multipartBody({ documentType: 'BankStatement', file: { bytes: await sample('edited-statement.pdf'), fileName: 'statement.pdf' } })
    const res = await production.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
    assert.equal(res.statusCode, 201, res.body)
    const detail = await eventually(async () => (await production.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${res.json().id}`, headers: caller.auth })).json() as Detail,
      (d) => d.latestExtraction?.status === 'completed' && d.latestRisk?.status === 'completed', { timeoutMs: 30_000 })
    assert.deepEqual(detail.latestRisk!.riskRating, { id: 3, name: 'High' })
    assert.equal(detail.latestExtraction!.result.bankAccount.outcome, 'created')
  })
})

describe('GET /api/sandbox/sample-documents', () => {
  it('when the samples are listed and fetched without a token, then each file is served with its type', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/sandbox/sample-documents' })
    assert.equal(list.statusCode, 200)
    const names = list.json().map((s: { name: string }) => s.name)
    assert.deepEqual(names, [
      'clean-statement.pdf', 'edited-statement.pdf', 'scanned-statement.png', 'scanned-statement.pdf', 'unreadable-scan.png', 'ten-page-statement.pdf',
      'passport-match.png', 'passport-match.jpeg', 'passport-match.pdf', 'id-card-match.png',
      'passport-bad-check-digit.png', 'passport-expired.png', 'passport-other-person.png', 'passport-name-variant.png', 'passport-pasted-mrz.jpeg',
    ])
    for (const { name, contentType } of list.json()) {
      const res = await app.inject({ method: 'GET', url: `/api/sandbox/sample-documents/${name}` })
      assert.equal(res.statusCode, 200, name)
      assert.equal(res.headers['content-type'], contentType)
      assert.equal(res.headers['content-disposition'], `attachment; filename="${name}"`)
      const file = name.includes('statement') || name === 'unreadable-scan.png' ? sample(name) : readFile(new URL(`../kyc/samples/${name}`, import.meta.url))
      assert.deepEqual(res.rawPayload, await file)
    }
  })

  it('when a name is not a sample, then an empty 404', async () => {
    for (const name of ['nope.pdf', '..%2Fdocuments.routes.ts', 'sample-documents.ts']) {
      const res = await app.inject({ method: 'GET', url: `/api/sandbox/sample-documents/${name}` })
      assert.equal(res.statusCode, 404, name)
      assert.equal(res.body, '')
    }
  })

  it('when the deployment is production, then there are no samples (404)', async () => {
    const { app: production } = await buildTestApp({ environment: 'production', rateLimitPerSecond: 10_000 })
    for (const url of ['/api/sandbox/sample-documents', '/api/sandbox/sample-documents/clean-statement.pdf']) {
      const res = await production.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404, url)
      assert.equal(res.body, '')
    }
  })
})
