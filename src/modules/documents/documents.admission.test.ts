import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { describe, it } from 'node:test'
import { readFile } from 'node:fs/promises'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { testConfig } from '../../../test/helpers/test-config.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { NO_DOCUMENT_SERVICE } from './documents.service.ts'

// Uploads are admitted before their body is read: whose case, which services, how much room. A
// body the API never reads cannot cost it memory or parsing, so each refusal here is sent a body
// that parsing would have answered differently.

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'
const SAMPLES = new URL('./samples/', import.meta.url)

// Bytes in flight capped at 1 MB: one upload at a time is always let in, a second beside it is not.
const { app } = await buildTestApp({
  rateLimitPerSecond: 10_000,
  checkAdmission: { inFlightPerAccount: 1000, ocrPagesPerHour: 1 },
  documents: { ...testConfig().documents, maxBytesInFlight: 1024 * 1024 },
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const { port } = new URL(address)

/** A multipart header promising a body the form parser would refuse, and that body. */
const GARBAGE = { contentType: 'multipart/form-data; boundary=x', payload: Buffer.from('not a form at all: %PDF-1.7 obj stream /N 10000000') }

const uploadRaw = (caller: GivenClient, caseId: number, body: { contentType: string, payload: Buffer }) =>
  app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': body.contentType }, payload: body.payload })

async function statement (): Promise<{ contentType: string, payload: Buffer }> {
  return multipartBody({ documentType: 'BankStatement', file: { bytes: await readFile(new URL('clean-statement.pdf', SAMPLES)), fileName: 'statement.pdf', contentType: 'application/pdf' } })
}

/** A socket that has sent an upload's headers and the first bytes of its body, and holds the rest. */
async function heldUpload (caller: GivenClient, caseId: number, declaredBytes: number): Promise<Socket> {
  const socket = connect(Number(port), '127.0.0.1')
  await once(socket, 'connect')
  socket.write(`POST /api/cases/${caseId}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${caller.auth.authorization}\r\n` +
    `Content-Type: multipart/form-data; boundary=held\r\nContent-Length: ${declaredBytes}\r\n\r\n--held\r\n`)
  return socket
}

describe('upload admission, before the body is read', () => {
  it('when the case does not exist, then 404 with an empty body and the form unread', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const res = await uploadRaw(caller, 999_999, GARBAGE)
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '')
  })

  it("when the case is another account's, then 404 as if it did not exist", async () => {
    const owner = await givenReseller(app, { services: 'all' })
    const stranger = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, owner)
    const res = await uploadRaw(stranger, caseId, GARBAGE)
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '')
  })

  it('when the account has no document service, then 400 naming why, not what is wrong with the form', async () => {
    const caller = await givenReseller(app, { services: [2, 3] })
    const caseId = await givenCase(app, caller)
    const res = await uploadRaw(caller, caseId, GARBAGE)
    assert.equal(res.statusCode, 400, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    assert.deepEqual(res.json(), { errors: [NO_DOCUMENT_SERVICE] })
  })

  it('when the account has any one document service, then the form is read (and a broken one is 400 as such)', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    const res = await uploadRaw(caller, caseId, GARBAGE)
    assert.equal(res.statusCode, 400, res.body)
    assert.match(res.json().errors[0], /^The (multipart form could not be read|file part is required)/)
  })

  it("when the account's OCR pages for the hour are spent, then 429 before reading, with Retry-After", async () => {
    const caller = await givenReseller(app, { services: [4] })
    const caseId = await givenCase(app, caller)
    const first = await uploadRaw(caller, caseId, await statement())
    assert.equal(first.statusCode, 201, first.body)
    const res = await uploadRaw(caller, caseId, GARBAGE)
    assert.equal(res.statusCode, 429, res.body)
    assert.equal(res.headers['content-type'], PROBLEM_TYPE)
    assert.match(String(res.headers['retry-after']), /^\d+$/)
    assert.match(res.json().detail, /^This account has sent 1 document page to be read \(DocumentExtraction and KYC\) in the past hour; 1 more would pass its limit of 1 pages per hour\./)
  })
})

describe('upload bytes in flight', () => {
  it('when another upload holds the budget, then 503 with Retry-After; once it ends, uploads are read again', async () => {
    const caller = await givenReseller(app, { services: [5] })
    const caseId = await givenCase(app, caller)
    const held = await heldUpload(caller, caseId, 1024 * 1024)
    try {
      // The held upload is admitted once its headers arrive; the next one does not fit beside it.
      const refused = await eventually(async () => uploadRaw(caller, caseId, await statement()), (res) => res.statusCode === 503, { what: 'a 503 beside the held upload' })
      assert.equal(refused.statusCode, 503, refused.body)
      assert.equal(refused.headers['content-type'], PROBLEM_TYPE)
      assert.equal(refused.headers['retry-after'], '2')
      assert.deepEqual(refused.json(), {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
        title: 'Service Unavailable',
        status: 503,
        detail: 'This server is reading as many uploads as it may at once; retry after 2 seconds.',
      })
    } finally {
      held.destroy()
    }
    // The abandoned upload gives its bytes back.
    const res = await eventually(async () => uploadRaw(caller, caseId, await statement()), (answer) => answer.statusCode !== 503, { what: 'the held bytes given back' })
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.json().documentType, 'BankStatement')
  })
})

