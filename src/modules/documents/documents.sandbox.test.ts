import assert from 'node:assert/strict'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, it } from 'node:test'
import { deflateSync } from 'node:zlib'
import { PDFDocument, PDFName } from 'pdf-lib'
import { buildTestApp } from '../../../test/helpers/build-test-app.ts'
import { eventually } from '../../../test/helpers/eventually.ts'
import { givenReseller, type GivenClient } from '../../../test/helpers/given.ts'
import { givenCase } from '../../../test/helpers/given-cases.ts'
import { multipartBody } from '../../../test/helpers/multipart.ts'
import { residentBytes } from '../../infra/sandbox/process-memory.ts'
import { makeStatement } from '../../../test/fixtures/risk-statements.ts'

const { app } = await buildTestApp({ rateLimitPerSecond: 10_000 })
// A tight parse budget, so a file a little larger than it is enough to run a parse over.
const { app: tight } = await buildTestApp({ rateLimitPerSecond: 10_000, parsers: { processes: 1, memoryMb: 100, timeoutMs: 20_000, ocrMemoryMb: 450 } })

/** A one-page statement whose page content is one Flate stream of `megabytes` of spaces (a few hundred KB on disk). */
async function statementDecodingTo (megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makeStatement())
  const spaces = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 0x20), { level: 9 })
  doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(spaces, { Filter: 'FlateDecode' })))
  return doc.save()
}

async function post (caller: GivenClient, caseId: number, bytes: Uint8Array, on = app) {
  const { payload, contentType } = await multipartBody({ documentType: 'Other', file: { bytes, fileName: 'statement.pdf' } })
  return on.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { ...caller.auth, 'content-type': contentType }, payload })
}

describe('hostile documents are parsed in sandbox processes', () => {
  it('when a PDF\'s streams expand past the decoded budget, then 400 with the pre-scan\'s sentence, nothing is stored, and the API neither grows nor stalls', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller)
    const bomb = await statementDecodingTo(200)
    const before = residentBytes(process.pid)!
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const res = await post(caller, caseId, bomb)
    delay.disable()
    assert.equal(res.statusCode, 400)
    assert.match(res.headers['content-type'] as string, /^application\/json/)
    const { errors } = res.json() as { errors: string[] }
    assert.equal(errors.length, 1)
    assert.match(errors[0]!, /^The PDF's compressed streams expand to more than 64 MB, the most idcheck reads from one document\./)
    assert.ok(residentBytes(process.pid)! - before < 64 * 1024 * 1024, 'the API process did not decode the file')
    assert.ok(delay.max / 1e6 < 250, `event loop delayed ${delay.max / 1e6} ms`)
    const list = await app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents`, headers: caller.auth })
    assert.deepEqual(list.json(), [])
  })

  it('when reading a stored PDF needs more memory than the parse budget, then its risk check fails once with the memory sentence, and the next file is read', async () => {
    const caller = await givenReseller(tight, { services: 'all' })
    const caseId = await givenCase(tight, caller)
    const heavy = await post(caller, caseId, await statementDecodingTo(60), tight)
    assert.equal(heavy.statusCode, 201, heavy.body)
    const clean = await post(caller, caseId, await makeStatement(), tight)
    assert.equal(clean.statusCode, 201, clean.body)

    const settled = (id: number) => eventually(async () => (await tight.inject({ method: 'GET', url: `/api/cases/${caseId}/documents/${id}`, headers: caller.auth })).json(),
      (d: any) => d.latestRisk !== null && d.latestRisk.status !== 'pending', { timeoutMs: 30_000, what: `document ${id}'s risk` })
    const failed = await settled(heavy.json().id)
    assert.equal(failed.latestRisk.status, 'failed')
    assert.equal(failed.latestRisk.failureReason, 'The file needed more than 100 MB of memory to read; it was not processed.')
    assert.equal(failed.latestRisk.result, null)
    const read = await settled(clean.json().id)
    assert.equal(read.latestRisk.status, 'completed')
    assert.deepEqual(read.latestRisk.result, { signals: [] })
  })

  it('when the bytes claim to be a PDF but are damaged, then 400 naming the damage, never a 5xx', async () => {
    const caller = await givenReseller(app, { services: 'all' })
    const caseId = await givenCase(app, caller)
    const res = await post(caller, caseId, new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'))
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), { errors: ['The file is not a readable PDF: its structure is damaged.'] })
  })
})
