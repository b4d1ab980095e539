import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { greyPng as png } from '../../../test/helpers/png.ts'

// Small limits, so each is reached with a small file; rate limiting is not under test here.
const LIMITS = { maxBytes: 100_000, maxPages: 3, maxPixels: 1_000_000, maxDecodedBytes: 64 * 1024 * 1024, maxBytesInFlight: 64 * 1024 * 1024 }
const { app } = await buildTestApp({ rateLimitPerSecond: 10_000, documents: LIMITS })

const JSON_TYPE = 'application/json; charset=utf-8'
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** An account without document services, so uploads queue no checks and every answer is the API's own. */
const givenCustomer = () => givenReseller(app, { services: [1] })

async function pdf (pages = 1, text = 'Statement'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]).drawText(`${text} page ${i + 1}`, { x: 20, y: 250, size: 12, font })
  return doc.save()
}


async function upload (caller: GivenClient, caseId: number, fields: Parameters<typeof multipartBody>[0]) {
  const { payload, contentType } = await multipartBody(fields)
  return app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
}

const get = (caller: GivenClient, url: string) => app.inject({ method: 'GET', url, headers: caller.auth })

function assertErrors (res: { statusCode: number, headers: Record<string, unknown>, body: string }, status: number, errors: string[]) {
  assert.equal(res.statusCode, status, res.body)
  assert.equal(res.headers['content-type'], JSON_TYPE)
  assert.deepEqual(JSON.parse(res.body), { errors })
}

function assertEmpty404 (res: { statusCode: number, body: string }) {
  assert.equal(res.statusCode, 404, res.body)
  assert.equal(res.body, '')
}

describe('POST /api/cases/{caseId}/documents', () => {
  it('when a PDF is uploaded, then 201 with its record and Location, the type told from the bytes', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const bytes = await pdf(2)
    const res = await upload(caller, caseId, { documentType: 'BankStatement', file: { bytes, fileName: 'march.pdf', contentType: 'text/plain' } })
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.headers['content-type'], JSON_TYPE)
    const body = res.json()
    assert.equal(res.headers.location, `/api/cases/${caseId}/documents/${body.id}`)
    assert.match(body.createTs, ISO_UTC)
    assert.deepEqual(body, {
      id: body.id, caseId, documentType: 'BankStatement', fileName: 'march.pdf', contentType: 'application/pdf',
      sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), pageCount: 2, createTs: body.createTs,
    })
  })

  it('when a PNG is declared as a PDF, then it is stored as image/png with one page', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const res = await upload(caller, caseId, { documentType: 'Passport', file: { bytes: png(400, 300), fileName: 'scan.pdf', contentType: 'application/pdf' } })
    assert.equal(res.statusCode, 201, res.body)
    assert.equal(res.json().contentType, 'image/png')
    assert.equal(res.json().pageCount, 1)
  })

  it('when the same bytes are uploaded again to the case, then 409 with the first one\'s id; another case takes them', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const bytes = await pdf(1, 'duplicate')
    const first = await upload(caller, caseId, { documentType: 'Other', file: { bytes, fileName: 'a.pdf' } })
    const again = await upload(caller, caseId, { documentType: 'BankStatement', file: { bytes, fileName: 'b.pdf' } })
    assert.equal(again.statusCode, 409, again.body)
    assert.equal(again.headers['content-type'], JSON_TYPE)
    assert.deepEqual(again.json(), { duplicateId: first.json().id })
    const elsewhere = await upload(caller, await givenCase(app, caller), { documentType: 'Other', file: { bytes, fileName: 'a.pdf' } })
    assert.equal(elsewhere.statusCode, 201, elsewhere.body)
  })

  it('when the file is not a PDF, PNG or JPEG, then 400 naming what it is', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex')
    assertErrors(await upload(caller, caseId, { documentType: 'Other', file: { bytes: zip, fileName: 'x.pdf' } }), 400, ['The file must be a PDF, PNG or JPEG document; this one is application/zip.'])
    assertErrors(await upload(caller, caseId, { documentType: 'Other', file: { bytes: Buffer.from('just some text'), fileName: 'x.pdf' } }), 400, ['The file must be a PDF, PNG or JPEG document.'])
  })

  it('when the file is empty, damaged, has too many pages or pixels, then 400 naming the problem', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const send = (bytes: Uint8Array) => upload(caller, caseId, { documentType: 'Other', file: { bytes, fileName: 'f' } })
    assertErrors(await send(new Uint8Array(0)), 400, ['The file is empty.'])
    assertErrors(await send(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')), 400, ['The file is not a readable PDF: its structure is damaged.'])
    assertErrors(await send(await pdf(4)), 400, ['The PDF has 4 pages; at most 3 are accepted.'])
    assertErrors(await send(png(2000, 1000)), 400, ['The image is 2000 × 1000 pixels; at most 1,000,000 pixels are accepted.'])
  })

  it('when the file is over the size limit, then 413 in the error-list shape and nothing is stored', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const big = Buffer.concat([Buffer.from(await pdf(1)), Buffer.alloc(LIMITS.maxBytes)])
    assertErrors(await upload(caller, caseId, { documentType: 'Other', file: { bytes: big, fileName: 'big.pdf' } }), 413, [`The file is larger than ${LIMITS.maxBytes.toLocaleString('en')} bytes, the most a document may be.`])
    assert.deepEqual((await get(caller, `/api/cases/${caseId}/documents`)).json(), [])
  })

  it('when the form lacks the file or a valid documentType, or is not multipart, then 400 saying what to send', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    assertErrors(await upload(caller, caseId, { documentType: 'Payslip', file: { bytes: await pdf(), fileName: 'a.pdf' } }), 400,
      ['The documentType field must be one of: BankStatement, Passport, IdentityCard, DrivingLicence, ProofOfAddress, Other.'])
    assertErrors(await upload(caller, caseId, { documentType: 'Other' }), 400, ['The file part is required: send the document as a form field named file.'])
    const json = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: caller.auth, payload: { documentType: 'Other' } })
    assertErrors(json, 400, ['The request must be multipart/form-data with a file part and a documentType field.'])
    const broken = await app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '{"documentType":"Other"}' })
    assertErrors(broken, 400, ['The multipart form could not be read (Unexpected end of multipart data): send one file part and a documentType field.'])
  })

  it('when the case is not the caller\'s, then an empty 404 and nothing is stored', async () => {
    const owner = await givenCustomer()
    const stranger = await givenCustomer()
    const caseId = await givenCase(app, owner)
    assertEmpty404(await upload(stranger, caseId, { documentType: 'Other', file: { bytes: await pdf(), fileName: 'a.pdf' } }))
    assert.deepEqual((await get(owner, `/api/cases/${caseId}/documents`)).json(), [])
  })
})

describe('GET, content and DELETE of documents', () => {
  it('when documents are listed, then the active ones newest first; a deleted one leaves the list and answers 404', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const first = (await upload(caller, caseId, { documentType: 'Other', file: { bytes: await pdf(1, 'one'), fileName: 'one.pdf' } })).json()
    const second = (await upload(caller, caseId, { documentType: 'BankStatement', file: { bytes: await pdf(1, 'two'), fileName: 'two.pdf' } })).json()
    const list = await get(caller, `/api/cases/${caseId}/documents`)
    assert.equal(list.statusCode, 200)
    assert.equal(list.headers['content-type'], JSON_TYPE)
    assert.deepEqual(list.json(), [second, first])

    const removed = await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/documents/${first.id}`, headers: caller.auth })
    assert.equal(removed.statusCode, 204)
    assert.equal(removed.body, '')
    assert.deepEqual((await get(caller, `/api/cases/${caseId}/documents`)).json(), [second])
    assertEmpty404(await get(caller, `/api/cases/${caseId}/documents/${first.id}`))
    assertEmpty404(await get(caller, `/api/cases/${caseId}/documents/${first.id}/content`))
    assertEmpty404(await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/documents/${first.id}`, headers: caller.auth }))
  })

  it('when a document is read, then its record with no extraction or risk result while none ran', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const doc = (await upload(caller, caseId, { documentType: 'BankStatement', file: { bytes: await pdf(), fileName: 'a.pdf' } })).json()
    const res = await get(caller, `/api/cases/${caseId}/documents/${doc.id}`)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json(), { ...doc, latestExtraction: null, latestRisk: null, latestKyc: null })
  })

  it('when its content is downloaded, then the exact bytes, their type and an attachment disposition keeping the name', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const bytes = await pdf(1, 'content')
    const doc = (await upload(caller, caseId, { documentType: 'Other', file: { bytes, fileName: 'relevé de mars.pdf' } })).json()
    const res = await get(caller, `/api/cases/${caseId}/documents/${doc.id}/content`)
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'application/pdf')
    assert.equal(res.headers['content-disposition'], `attachment; filename="relev_ de mars.pdf"; filename*=UTF-8''${encodeURIComponent('relevé de mars.pdf')}`)
    assert.deepEqual(new Uint8Array(res.rawPayload), bytes)
  })

  it('when documents larger than the repository reads at once are downloaded, then each comes back byte for byte', async () => {
    const caller = await givenCustomer()
    const caseId = await givenCase(app, caller)
    const head = await pdf(1, 'large')
    // Sizes on and just past the 48 KiB slices the repository reads (the test limit is 100,000 bytes); the padding is a PDF comment.
    for (const size of [2 * 48 * 1024, 2 * 48 * 1024 + 1, 48 * 1024 + 1]) {
      const bytes = new Uint8Array(size)
      bytes.set(head)
      bytes.set(new TextEncoder().encode('\n%'), head.length)
      for (let i = head.length + 2; i < size; i++) bytes[i] = 0x41 + (i % 26)
      const uploaded = await upload(caller, caseId, { documentType: 'Other', file: { bytes, fileName: `large-${size}.pdf` } })
      assert.equal(uploaded.statusCode, 201, uploaded.body)
      const doc = uploaded.json()
      const res = await get(caller, `/api/cases/${caseId}/documents/${doc.id}/content`)
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['content-length'], String(size))
      assert.deepEqual(new Uint8Array(res.rawPayload), bytes)
    }
  })

  it('when another account asks for a document, its content or its deletion, then an empty 404 each time', async () => {
    const owner = await givenCustomer()
    const stranger = await givenCustomer()
    const caseId = await givenCase(app, owner)
    const doc = (await upload(owner, caseId, { documentType: 'Other', file: { bytes: await pdf(1, 'private'), fileName: 'a.pdf' } })).json()
    assertEmpty404(await get(stranger, `/api/cases/${caseId}/documents`))
    assertEmpty404(await get(stranger, `/api/cases/${caseId}/documents/${doc.id}`))
    assertEmpty404(await get(stranger, `/api/cases/${caseId}/documents/${doc.id}/content`))
    assertEmpty404(await app.inject({ method: 'DELETE', url: `/api/cases/${caseId}/documents/${doc.id}`, headers: stranger.auth }))
    assert.equal((await get(owner, `/api/cases/${caseId}/documents/${doc.id}`)).statusCode, 200)
  })
})
