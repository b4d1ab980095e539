// The OCR process: `createOcrProcess` (ocr-process-client.ts) forks this file and sends it tesseract
// calls; it runs them on a pool of worker threads and answers each. Its inputs are images already
// bounded in pixels; PDFs and photos are parsed in sandbox processes (infra/sandbox), never here.
import { setPriority } from 'node:os'
import { createTesseractPool, type TesseractPoolOptions } from './ocr-pool.ts'

export interface OcrCall { id: number, method: 'recognise' | 'recogniseLines', args: unknown[] }
export type OcrAnswer = { id: number, value: unknown } | { id: number, error: { name: string, message: string, fields: Record<string, unknown> } }

// OCR is background work: when the API and this process both want a core, the API gets it. The
// worker threads started below inherit the priority.
try { setPriority(19) } catch {}

const options = JSON.parse(process.argv[2]!) as TesseractPoolOptions
const pool = createTesseractPool(options)

process.on('message', (call: OcrCall) => {
  const method = pool[call.method] as (...args: unknown[]) => Promise<unknown>
  method.apply(pool, call.args).then(
    (value) => process.send!({ id: call.id, value } satisfies OcrAnswer),
    (err: Error) => process.send!({ id: call.id, error: { name: err.name, message: err.message, fields: { ...err } } } satisfies OcrAnswer),
  )
})

process.send!({ ready: true })

// The parent is gone (or closes it): stop the workers and leave.
process.on('disconnect', () => { void pool.close().finally(() => process.exit(0)) })
