import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { deflateSync } from 'node:zlib'
import { PDFDocument, PDFName } from 'pdf-lib'
import { PdfRefused } from '../../../infra/ocr/ocr-errors.ts'
import { SandboxMemoryExceeded } from '../../../infra/sandbox/sandbox-errors.ts'
import { DocumentUnreadable, type RiskSignal } from '../analysis/analysis-types.ts'
import { DOCUMENT_TASKS } from '../parser-task-names.ts'
import { createDocumentParsers } from '../parser-pool.ts'
import { assessDocumentRisk } from './assess-document-risk.ts'
import { makePasswordProtectedPdf, makeStatement } from '../../../../test/fixtures/risk-statements.ts'

const now = new Date('2026-04-10T12:00:00Z')

describe('document risk in a sandbox process', () => {
  const parsers = createDocumentParsers({ processes: 1, memoryMb: 400, timeoutMs: 30_000, maxDecodedBytes: 64 * 1024 * 1024 })
  after(() => parsers.close())
  const assess = (bytes: Uint8Array, tenant = 'a') => parsers.run<RiskSignal[]>(tenant, DOCUMENT_TASKS.assessRisk, { bytes, kind: 'pdf', now })

  it('when an edited statement is assessed in the sandbox, then its signals are those of the engine itself', async () => {
    const bytes = await makeStatement({ producer: 'iLovePDF' })
    const signals = await assess(bytes)
    assert.deepEqual(signals, await assessDocumentRisk({ bytes, kind: 'pdf', now }))
    assert.deepEqual(signals.map((s) => s.code), ['editing_tool'])
  })

  it('when the file cannot be read, then the caller gets DocumentUnreadable with the engine\'s message', async () => {
    const locked = await makePasswordProtectedPdf()
    const direct = await assessDocumentRisk({ bytes: locked, kind: 'pdf', now }).then(() => null, (error: Error) => error)
    assert.ok(direct instanceof DocumentUnreadable)
    await assert.rejects(assess(locked), (error: unknown) =>
      error instanceof DocumentUnreadable && error.name === 'DocumentUnreadable' && error.message === direct.message)
  })

  it('when several tenants\' files are assessed at once, then each gets its own answer', async () => {
    const [clean, edited] = await Promise.all([makeStatement(), makeStatement({ producer: 'iLovePDF' })])
    const answers = await Promise.all([clean, edited, clean, edited].map((bytes, i) => assess(bytes, `tenant${i % 2}`)))
    assert.deepEqual(answers.map((signals) => signals.map((s) => s.code)), [[], ['editing_tool'], [], ['editing_tool']])
  })

  it('when reading a file needs more memory than the budget, then SandboxMemoryExceeded, and the next file is assessed; under the decoded budget the pre-scan refuses it first', async () => {
    const tight = createDocumentParsers({ processes: 1, memoryMb: 64, timeoutMs: 30_000, maxDecodedBytes: 1024 * 1024 * 1024 })
    after(() => tight.close())
    // 200 MB of spaces in one Flate stream (about 200 KB on disk): pdf.js decodes it whole to read the page.
    const doc = await PDFDocument.load(await makeStatement())
    doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 }), { Filter: 'FlateDecode' })))
    const heavy = await doc.save()
    await assert.rejects(tight.run('a', DOCUMENT_TASKS.assessRisk, { bytes: heavy, kind: 'pdf', now }), SandboxMemoryExceeded)
    // With the usual decoded budget the pre-scan refuses it before anything decodes it whole.
    await assert.rejects(assess(heavy), (error: Error) => error instanceof PdfRefused && /^The PDF's compressed streams expand to more than 64 MB/.test(error.message))
    assert.deepEqual(await tight.run('a', DOCUMENT_TASKS.assessRisk, { bytes: await makeStatement(), kind: 'pdf', now }), [])
  })
})
