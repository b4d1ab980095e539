import { createSandboxPool } from '../sandbox/sandbox-pool.ts'
import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfTooManyPages, PdfUnreadable } from './ocr-errors.ts'
import { createOcrProcess } from './ocr-process-client.ts'
import { createOcr, type Ocr } from './ocr-service.ts'

export interface StandaloneOcrOptions {
  maxPixels: number
  /** Tesseract workers of each kind. Default 1. */
  workers?: number
  /** Sandbox processes for PDFs and photos. Default 1. */
  processes?: number
  memoryMb?: number
  timeoutMs?: number
  idleMs?: number
  /** Task modules of other modules' image tasks (runImageTask), loaded beside the OCR's own. */
  taskModules?: readonly URL[]
}

/**
 * An OCR with sandbox processes of its own, loading the OCR tasks without the documents module's
 * pre-scan (tests and benches); closing it closes both.
 */
export function createStandaloneOcr (options: StandaloneOcrOptions): Ocr {
  const memoryMb = options.memoryMb ?? 400
  const timeoutMs = options.timeoutMs ?? 60_000
  const parsers = createSandboxPool({
    modules: [new URL('./ocr-task-module.ts', import.meta.url), ...options.taskModules ?? []],
    size: options.processes ?? 1,
    memoryMb,
    timeoutMs,
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    errors: { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfTooManyPages, PdfUnreadable },
  })
  const tesseract = createOcrProcess({ workers: options.workers ?? 1, memoryMb, callTimeoutMs: timeoutMs, ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }) })
  const ocr = createOcr({ parsers, tesseract, maxPixels: options.maxPixels })
  return { ...ocr, close: async () => { await Promise.all([ocr.close(), parsers.close()]) } }
}
