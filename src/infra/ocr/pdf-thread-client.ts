import { Worker } from 'node:worker_threads'
import { PdfPasswordProtected, PdfTooManyPages, PdfUnreadable } from './ocr-errors.ts'

/** A PDF's text layer, one string per page, lines rebuilt from where the text is drawn. */
export interface PdfTextResult {
  pageCount: number
  pages: string[]
}

export type PdfRequest =
  | { id: number, op: 'text', pdf: Uint8Array, maxPages: number }
  | { id: number, op: 'render', pdf: Uint8Array, pages: number[], dpi: number, maxPixels: number }

export type PdfResponse =
  | { id: number, ok: true, text?: PdfTextResult, images?: Uint8Array[] }
  | { id: number, ok: false, error: { name: string, message: string, pageCount?: number } }

// Distributive, so each request keeps its own fields once the id is taken off.
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never

export interface PdfThread {
  request (request: WithoutId<PdfRequest>): Promise<PdfResponse & { ok: true }>
  isAlive (): boolean
  stop (): Promise<void>
}

// A hostile PDF can make pdf.js allocate without end; the thread dies alone, not the process.
const HEAP_LIMIT_MB = 512

function toError (error: { name: string, message: string, pageCount?: number }, maxPages: number): Error {
  if (error.name === 'PdfPasswordProtected') return new PdfPasswordProtected()
  if (error.name === 'PdfTooManyPages') return new PdfTooManyPages(error.pageCount ?? 0, maxPages)
  return new PdfUnreadable(error.message)
}

/** Starts a pdf.js worker thread; resolves once it is running. One request at a time. */
export function startPdfThread (): Promise<PdfThread> {
  const worker = new Worker(new URL('./pdf-thread.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } })
  let alive = true
  let nextId = 1
  const pending = new Map<number, { resolve: (response: PdfResponse & { ok: true }) => void, reject: (error: Error) => void, maxPages: number }>()
  const fail = (error: Error) => {
    alive = false
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  worker.on('message', (response: PdfResponse) => {
    const call = pending.get(response.id)
    pending.delete(response.id)
    if (!call) return
    if (response.ok) call.resolve(response)
    else call.reject(toError(response.error, call.maxPages))
  })
  worker.on('error', (error) => fail(error))
  worker.on('exit', (code) => fail(new Error(`The PDF thread stopped (exit code ${code})`)))

  const thread: PdfThread = {
    request (request) {
      if (!alive) return Promise.reject(new Error('The PDF thread has stopped'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, maxPages: request.op === 'text' ? request.maxPages : 0 })
        // a copy: the caller keeps its bytes
        worker.postMessage({ ...request, id })
      })
    },
    isAlive: () => alive,
    stop: async () => {
      alive = false
      await worker.terminate()
    },
  }
  return new Promise((resolve, reject) => {
    worker.once('online', () => resolve(thread))
    worker.once('error', reject)
  })
}
