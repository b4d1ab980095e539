import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { SandboxTimedOut } from '../sandbox/sandbox-errors.ts'
import { createOcrProcess, isLibraryNote, OcrProcessExited } from './ocr-process-client.ts'

const scan = await readFile(new URL('../../modules/documents/samples/scanned-statement.png', import.meta.url))

/** The OCR processes this test process started and that are still alive. */
const ocrChildren = () => {
  try {
    return execFileSync('pgrep', ['-f', 'ocr-process.ts', '-P', String(process.pid)]).toString().trim().split('\n').map(Number)
  } catch {
    return []
  }
}

describe('the OCR process', () => {
  const pool = createOcrProcess({ workers: 1, memoryMb: 400, callTimeoutMs: 60_000, idleMs: 300 })
  after(() => pool.close())

  it('when a scan is read, then its text comes back, and the process stops once idle', async () => {
    assert.equal(pool.liveWorkers(), 0, 'nothing runs before the first call')
    const { text, confidence } = await pool.recognise('a', scan)
    assert.match(text, /08-99-99/)
    assert.ok(confidence > 0.5, String(confidence))
    assert.equal(pool.liveWorkers(), 1)
    await sleep(1500)
    assert.equal(pool.liveWorkers(), 0, 'the idle process has left')
  })

  it('when one tenant has queued several scans, then another tenant\'s scan is read after at most one of them', async () => {
    const finished: string[] = []
    const greedy = [1, 2, 3].map((n) => pool.recognise('greedy', scan).then(() => { finished.push(`g${n}`) }))
    const other = pool.recognise('other', scan).then(() => { finished.push('o') })
    await Promise.all([...greedy, other])
    assert.ok(finished.indexOf('o') <= 1, finished.join(' '))
  })

  it('when a call takes longer than its budget, then it fails with the time sentence, and the next call works', async () => {
    const hasty = createOcrProcess({ workers: 1, memoryMb: 400, callTimeoutMs: 200 })
    after(() => hasty.close())
    await assert.rejects(hasty.recognise('a', scan), (error: Error) => error instanceof SandboxTimedOut && error.message === 'The file took longer than 0.2 seconds to read; it was not processed.')
  })

  it('when the process grows past its memory budget during a call, then it is killed and the call fails as retryable', async () => {
    const tight = createOcrProcess({ workers: 1, memoryMb: 20, callTimeoutMs: 60_000 })
    after(() => tight.close())
    await assert.rejects(tight.recognise('a', scan), (error: Error) => error instanceof OcrProcessExited && /it used more than 20 MB/.test(error.message))
  })

  it('when the child dies during a call, then the call fails as retryable and the next call starts a new child', async () => {
    const fragile = createOcrProcess({ workers: 1, memoryMb: 400, callTimeoutMs: 60_000 })
    after(() => fragile.close())
    await fragile.recognise('a', scan)
    const before = new Set(ocrChildren())
    const reading = fragile.recognise('a', scan)
    for (const pid of before) process.kill(pid, 'SIGKILL')
    await assert.rejects(reading, OcrProcessExited)
    assert.match((await fragile.recognise('a', scan)).text, /08-99-99/)
  })
})

describe('the OCR process\'s stderr', () => {
  it('when tesseract\'s image library notes a page ("Error in boxClipToRectangle"), then the line is held back; the process\'s own errors pass', () => {
    const lines = ['Error in boxClipToRectangle: box outside rectangle', 'Error in pixScanForForeground: invalid box', 'Warning in pixReadMemPng: work-around',
      'Estimating resolution as 354', 'Detected 12 diacritics', 'Image too small to scale!! (2x36 vs min width of 3)', 'Line cannot be recognized!!',
      'TypeError: Cannot read properties of undefined', 'FATAL ERROR: Reached heap limit', 'Error in the OCR call']
    assert.deepEqual(lines.filter((line) => !isLibraryNote(line)), ['TypeError: Cannot read properties of undefined', 'FATAL ERROR: Reached heap limit', 'Error in the OCR call'])
  })
})
