import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { DocumentUnreadable } from '../analysis/analysis-types.ts'
import { assessDocumentRisk } from './document-risk.ts'
import { startRiskThreads } from './risk-threads.ts'
import { makePasswordProtectedPdf, makeStatement, ONE_PIXEL_PNG } from './test-statements.ts'

const now = new Date('2026-04-10T12:00:00Z')

describe('document risk in a worker thread', () => {
  const threads = startRiskThreads(1)
  after(() => threads.close())

  it('when an edited statement is assessed in the thread, then its signals are those of the engine itself', async () => {
    const bytes = await makeStatement({ producer: 'iLovePDF' })
    const signals = await threads.assess({ bytes, kind: 'pdf', now })
    assert.deepEqual(signals, await assessDocumentRisk({ bytes, kind: 'pdf', now }))
    assert.deepEqual(signals.map((s) => s.code), ['editing_tool'])
  })

  it('when the file cannot be read, then the caller gets DocumentUnreadable with the engine\'s message', async () => {
    const locked = await makePasswordProtectedPdf()
    const direct = await assessDocumentRisk({ bytes: locked, kind: 'pdf', now }).then(() => null, (error: Error) => error)
    assert.ok(direct instanceof DocumentUnreadable)
    await assert.rejects(threads.assess({ bytes: locked, kind: 'pdf', now }), (error: unknown) =>
      error instanceof DocumentUnreadable && error.name === 'DocumentUnreadable' && error.message === direct.message)
  })

  it('when several files are assessed at once, then each gets its own answer', async () => {
    const [clean, edited] = await Promise.all([makeStatement(), makeStatement({ producer: 'iLovePDF' })])
    const answers = await Promise.all([clean, edited, clean, edited].map((bytes) => threads.assess({ bytes, kind: 'pdf', now })))
    assert.deepEqual(answers.map((signals) => signals.map((s) => s.code)), [[], ['editing_tool'], [], ['editing_tool']])
  })

  it('when the file is an image, then no signal', async () => {
    assert.deepEqual(await threads.assess({ bytes: ONE_PIXEL_PNG, kind: 'png', now }), [])
  })
})
