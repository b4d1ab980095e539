// The OCR process: `createOcrProcess` (ocr-process-client.ts) forks this file and sends it tesseract
// calls; it runs them on a pool of worker threads and answers each. Its inputs are images already
// bounded in pixels; PDFs and photos are parsed in sandbox processes (infra/sandbox), never here.
import { setPriority } from 'node:os'
import { answerCalls } from '../messaging/messaging-answerer.ts'
import { parentProcessEndpoint } from '../messaging/messaging-endpoints.ts'
import { createTesseractPool, type TesseractPoolOptions } from './ocr-pool.ts'

export interface OcrCall { method: 'recognise' | 'recogniseLines', args: unknown[] }

// OCR is background work: when the API and this process both want a core, the API gets it. The
// worker threads started below inherit the priority.
try { setPriority(19) } catch {}

const options = JSON.parse(process.argv[2]!) as TesseractPoolOptions
const pool = createTesseractPool(options)
const parent = parentProcessEndpoint()

answerCalls<OcrCall>(parent, (call) => (pool[call.method] as (...args: unknown[]) => Promise<unknown>).apply(pool, call.args))
parent.send({ ready: true })

// The parent is gone (or closes it): stop the workers and leave.
process.on('disconnect', () => { void pool.close().finally(() => process.exit(0)) })
