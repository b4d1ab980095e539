import assert from 'node:assert/strict'
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helpers/build-test-app.ts'
import { eventually } from '../helpers/eventually.ts'
import { givenReseller } from '../helpers/given.ts'
import { multipartBody } from '../helpers/multipart.ts'
import { startWebhookReceiver, type ReceivedRequest } from '../helpers/webhook-receiver.ts'

// One statement's way through every module it touches, as a sandbox reseller's integration sees it:
// the sample statement is uploaded, read, its bank account added and verified, and each step
// announced by a signed webhook. Embedded by default, on PostgreSQL and Redis with DATABASE_URL and REDIS_URL.

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })

const BAV = 2
const DOCUMENT_EXTRACTION = 4
const DOCUMENT_RISK = 5
const EVENTS = ['bank_account.bav_completed', 'bank_account.bav_failed', 'check.completed', 'check.failed', 'document.extracted', 'document.extraction_failed']
const LOW = { id: 1, name: 'Low' }
const STATEMENT_FIELDS = {
  accountHolderName: 'Jane Doe', bankName: 'Northwind Bank plc', sortCode: '089999', accountNumber: '66374958', iban: 'GB70NWBK08999966374958',
  bic: 'NWBKGB2L', statementPeriod: { start: '2026-03-01', end: '2026-03-31' }, currency: 'GBP', openingBalance: '1250.00', closingBalance: '2337.68',
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
/** The value with every ISO 8601 time replaced by 'a time': times are the server's clock, everything else is compared exactly. */
const timesMasked = (value: unknown): unknown =>
  typeof value === 'string' && ISO_TIME.test(value) ? 'a time'
    : Array.isArray(value) ? value.map(timesMasked)
      : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, timesMasked(v)]))
        : value

/**
 * The check docs/webhooks.md gives an integrator: HMAC-SHA256 keyed by the base64-decoded secret
 * over "id.timestamp.body", compared in constant time with each v1 signature, and a timestamp
 * within 5 minutes. The event, parsed only once it is verified.
 */
function verified (secret: string, request: ReceivedRequest): { type: string, timestamp: string, data: unknown } {
  const id = String(request.headers['webhook-id'])
  const timestamp = String(request.headers['webhook-timestamp'])
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest()
  const signatures = String(request.headers['webhook-signature']).split(' ')
    .filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3), 'base64'))
  assert.ok(signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected)), `${id}: no v1 signature matches`)
  assert.ok(Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300, `${id}: timestamp ${timestamp} is more than 5 minutes away`)
  return JSON.parse(request.body)
}

describe('journey: a statement from upload to a signed BAV webhook', () => {
  it('when a sandbox reseller uploads the clean sample statement to a case, then extraction adds its bank account, the bank account\'s BAV completes, and the receiver gets each event once, correctly signed', { timeout: 120_000 }, async () => {
    const reseller = await givenReseller(app, { services: [BAV, DOCUMENT_EXTRACTION, DOCUMENT_RISK] })
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: reseller.auth })
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`)
      return res.json()
    }

    // The integrator's receiver and its endpoint.
    const receiver = await startWebhookReceiver()
    const registered = await app.inject({ method: 'POST', url: '/api/webhooks', headers: reseller.auth, payload: { url: receiver.url, events: EVENTS } })
    assert.equal(registered.statusCode, 201, registered.body)
    const endpoint = registered.json()
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.equal(registered.headers.location, `/api/webhooks/${endpoint.id}`)
    assert.deepEqual(timesMasked(endpoint), { id: endpoint.id, url: receiver.url, events: EVENTS, createdAt: 'a time', secret: endpoint.secret })

    // The sample statement, as the sandbox serves it.
    const samples = await app.inject({ method: 'GET', url: '/api/sandbox/sample-documents' })
    assert.equal(samples.statusCode, 200)
    assert.deepEqual(samples.json().find((s: { name: string }) => s.name === 'clean-statement.pdf'), {
      name: 'clean-statement.pdf', contentType: 'application/pdf',
      outcome: 'DocumentRisk Low with no signals; extraction adds bank account 08-99-99 66374958 (Jane Doe), whose BAV then runs',
    })
    const download = await app.inject({ method: 'GET', url: '/api/sandbox/sample-documents/clean-statement.pdf' })
    assert.equal(download.statusCode, 200)
    assert.equal(download.headers['content-type'], 'application/pdf')
    assert.equal(download.headers['content-disposition'], 'attachment; filename="clean-statement.pdf"')
    const statement = download.rawPayload

    const person = { urn: 'JOURNEY-1', type: 'Person', givenNames: 'Jane', surname: 'Doe', dobDay: 14, dobMonth: 3, dobYear: 1987 }
    const created = await app.inject({ method: 'POST', url: '/api/cases', headers: reseller.auth, payload: person })
    assert.equal(created.statusCode, 201, created.body)
    const caseId = created.json().id
    assert.equal(created.headers.location, `/api/cases/${caseId}`)
    assert.deepEqual(timesMasked(created.json()), {
      id: caseId, ...person, addressLine1: null, addressPostcode: null, addressCountryCode2: null, entityName: null, entityRegistrationNumber: null, createdAt: 'a time',
    })

    // The upload.
    const { payload, contentType } = await multipartBody({ documentType: 'BankStatement', file: { bytes: statement, fileName: 'clean-statement.pdf', contentType: 'application/pdf' } })
    const uploaded = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...reseller.auth, 'content-type': contentType }, payload })
    assert.equal(uploaded.statusCode, 201, uploaded.body)
    const documentId = uploaded.json().id
    assert.equal(uploaded.headers.location, `/api/cases/${caseId}/documents/${documentId}`)
    const documentView = {
      id: documentId, caseId, documentType: 'BankStatement', fileName: 'clean-statement.pdf', contentType: 'application/pdf',
      sizeBytes: statement.length, sha256: createHash('sha256').update(statement).digest('hex'), pageCount: 1, createTs: 'a time',
    }
    assert.deepEqual(timesMasked(uploaded.json()), documentView)

    // Extraction and risk complete; the statement's account becomes the case's bank account, and its BAV completes.
    const document = await eventually(() => get(`/api/cases/${caseId}/documents/${documentId}`),
      (d) => d.latestExtraction?.status === 'completed' && d.latestRisk?.status === 'completed', { timeoutMs: 60_000, intervalMs: 200, what: 'extraction and risk completed' })
    const accounts = await eventually(() => get(`/api/cases/${caseId}/bank-accounts`),
      (list) => list.length === 1 && list[0].latestBavAttempt !== null, { timeoutMs: 60_000, intervalMs: 200, what: 'the bank account verified' })
    const [account] = accounts
    const extraction = document.latestExtraction
    const fields = extraction.result.fields
    assert.deepEqual(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, (f as { value: unknown }).value])), STATEMENT_FIELDS)
    for (const [name, f] of Object.entries(fields)) assert.ok((f as { confidence: number }).confidence >= 0.8, `${name} read with confidence ${(f as { confidence: number }).confidence}`)
    assert.deepEqual(timesMasked(document), {
      ...documentView,
      latestExtraction: {
        id: extraction.id, caseId, checkType: 'DocumentExtraction', subject: { type: 'document', id: documentId }, status: 'completed',
        createTs: 'a time', completedTs: 'a time', riskRating: LOW, failureReason: null,
        result: { method: 'text', fields, bankAccount: { outcome: 'created', id: account.id, message: `Bank account ${account.id} was added to the case from this statement.` } },
      },
      latestRisk: {
        id: document.latestRisk.id, caseId, checkType: 'DocumentRisk', subject: { type: 'document', id: documentId }, status: 'completed',
        createTs: 'a time', completedTs: 'a time', riskRating: LOW, result: { signals: [] }, failureReason: null,
      },
      latestKyc: null,
    })
    const attempt = account.latestBavAttempt
    assert.deepEqual(timesMasked(accounts), [{
      id: account.id, caseId, documentId, countryCode: 'GB', firstName: 'Jane', middleNames: null, lastName: 'Doe', sortCode: '089999', accountNumber: '66374958',
      bankName: 'Northwind Bank plc', latestBavAttempt: { id: attempt.id, createTs: 'a time', bankName: 'Sandbox Albion Bank', riskRating: LOW },
      bavAttemptHistory: [{ id: attempt.id, createTs: 'a time', bankName: 'Sandbox Albion Bank', riskRating: LOW }],
    }])
    const checks = (await get(`/api/cases/${caseId}/checks`) as { id: number, checkType: string }[]).toSorted((a, b) => a.id - b.id)
    const bav = checks.find((c) => c.checkType === 'BAV')!
    assert.deepEqual(timesMasked(checks), timesMasked([document.latestRisk, extraction, {
      id: bav.id, caseId, checkType: 'BAV', subject: { type: 'bankAccount', id: account.id }, status: 'completed', createTs: 'a time', completedTs: 'a time', riskRating: LOW,
      result: { bankName: 'Sandbox Albion Bank', modulus: 'pass', holder: { status: 'confirmed', code: 'MATC', nameOnAccount: null, message: 'The name matches the account holder\'s name.' } },
      failureReason: null,
    }].toSorted((a, b) => a.id - b.id)))

    // Five events, each delivered once, signed with the endpoint's secret, each carrying what the API shows.
    await receiver.waitForDistinct(5, 30_000)
    const deliveries = await eventually(() => get(`/api/webhooks/${endpoint.id}/deliveries`),
      (list) => list.length === 5 && list.every((d: { status: string }) => d.status === 'succeeded'), { timeoutMs: 30_000, what: 'five deliveries succeeded' })
    assert.deepEqual(deliveries.map((d: { attemptCount: number }) => d.attemptCount), [1, 1, 1, 1, 1])
    assert.equal(receiver.requests.length, 5, 'no event sent twice')
    for (const request of receiver.requests) {
      assert.deepEqual([request.method, request.headers['content-type'], request.headers['user-agent']], ['POST', 'application/json', 'idcheck-webhooks/1'])
    }
    const received = receiver.requests.map((request) => timesMasked(verified(endpoint.secret, request)))
    const byCheck = (check: { id: number }) => ({ type: 'check.completed', timestamp: 'a time', data: { caseId, check: timesMasked(check) } })
    const expected = [
      byCheck(document.latestRisk), byCheck(extraction), byCheck(bav),
      { type: 'document.extracted', timestamp: 'a time', data: { caseId, documentId, checkId: extraction.id, extraction: extraction.result } },
      { type: 'bank_account.bav_completed', timestamp: 'a time', data: { caseId, bankAccountId: account.id, bavAttempt: timesMasked(attempt) } },
    ]
    const order = (events: unknown[]) => events.map((e) => JSON.stringify(e)).sort()
    assert.deepEqual(order(received.map((e) => sortedKeys(e))), order(expected.map((e) => sortedKeys(e))))
    assert.deepEqual(deliveries.map((d: { webhookId: string, eventType: string }) => `${d.webhookId} ${d.eventType}`).sort(),
      receiver.requests.map((r) => `${r.headers['webhook-id']} ${JSON.parse(r.body).type}`).sort())
  })
})

/** The value with every object's keys in order, so events compare whatever order their JSON was written in. */
function sortedKeys (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortedKeys(v)]))
}
