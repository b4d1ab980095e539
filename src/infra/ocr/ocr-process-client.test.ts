import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { ImageTooLarge, PdfPasswordProtected } from './ocr-errors.ts'
import { createOcrProcess, OcrProcessExited } from './ocr-process-client.ts'

const scan = await readFile(new URL('../../modules/documents/samples/scanned-statement.png', import.meta.url))

describe('the OCR pool in a child process', () => {
  const pool = createOcrProcess({ workers: 1, maxPixels: 40_000_000, idleMs: 300 })
  after(() => pool.close())

  it('when a scan is read, then its text comes back, and the process stops once idle', async () => {
    assert.equal(pool.liveWorkers(), 0, 'nothing runs before the first call')
    const { text, confidence } = await pool.recognise(scan)
    assert.match(text, /08-99-99/)
    assert.ok(confidence > 0.5, String(confidence))
    assert.equal(pool.liveWorkers(), 1)
    await sleep(1500)
    assert.equal(pool.liveWorkers(), 0, 'the idle process has left')
  })

  it('when a call fails in the child, then the caller gets the same error class and fields', async () => {
    const small = createOcrProcess({ workers: 1, maxPixels: 1000 })
    await assert.rejects(small.recognise(scan), (err: Error) => err instanceof ImageTooLarge && (err as ImageTooLarge).maxPixels === 1000 && /1654 × 2339/.test(err.message))
    const locked = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\ntrailer <</Root 1 0 R /Encrypt <</Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4>> >>\n%%EOF')
    await assert.rejects(small.readPdfText(locked, { maxPages: 5 }), (err: Error) => err instanceof PdfPasswordProtected || err.name === 'PdfUnreadable')
    await small.close()
  })

  it('when the child dies during a call, then the call fails as retryable and the next call starts a new child', async () => {
    const fragile = createOcrProcess({ workers: 1, maxPixels: 40_000_000 })
    after(() => fragile.close())
    await fragile.recognise(scan)
    const reading = fragile.recognise(scan)
    // The only child process of this test's making that is alive: find it through the OS and kill it.
    const { execFileSync } = await import('node:child_process')
    const pids = execFileSync('pgrep', ['-f', 'ocr-process.ts', '-P', String(process.pid)]).toString().trim().split('\n').map(Number)
    for (const pid of pids) process.kill(pid, 'SIGKILL')
    await assert.rejects(reading, OcrProcessExited)
    assert.match((await fragile.recognise(scan)).text, /08-99-99/)
  })
})
