// The OCR process: `createOcrProcess` (ocr-process-client.ts) forks this file and sends it calls of
// the OcrPool interface; it runs them on an in-process pool (worker threads) and answers each.
import { setPriority } from 'node:os'
import { createOcrPool, type OcrPoolOptions } from './ocr-pool.ts'

export interface OcrCall { id: number, method: 'recognise' | 'recogniseMrz' | 'readPdfText' | 'renderPdfPages', args: unknown[] }
export type OcrAnswer = { id: number, value: unknown } | { id: number, error: { name: string, message: string, fields: Record<string, unknown> } }

// OCR is background work: when the API and this process both want a core, the API gets it. The
// worker threads started below inherit the priority.
try { setPriority(19) } catch {}

const options = JSON.parse(process.argv[2]!) as OcrPoolOptions
const pool = createOcrPool(options)

process.on('message', (call: OcrCall) => {
  const method = pool[call.method] as (...args: unknown[]) => Promise<unknown>
  method.apply(pool, call.args).then(
    (value) => process.send!({ id: call.id, value } satisfies OcrAnswer),
    (err: Error) => process.send!({ id: call.id, error: { name: err.name, message: err.message, fields: { ...err } } } satisfies OcrAnswer),
  )
})

// The parent is gone (or closes it): stop the workers and leave.
process.on('disconnect', () => { void pool.close().finally(() => process.exit(0)) })
