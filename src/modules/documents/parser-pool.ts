import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfTooManyPages, PdfUnreadable } from '../../infra/ocr/ocr-errors.ts'
import { createSandboxPool, type SandboxPool } from '../../infra/sandbox/sandbox-pool.ts'
import { DocumentUnreadable } from './analysis/analysis-types.ts'

export interface ParserOptions {
  /** Sandbox processes at once, each parsing one file. */
  processes: number
  /** Memory one parse may use above its process's idle size. */
  memoryMb: number
  /** A parse running longer is stopped. */
  timeoutMs: number
  /** What a PDF's compressed streams may expand to before the pre-scan refuses it. */
  maxDecodedBytes: number
  /** Other modules' sandbox task modules (their image tasks), loaded beside this module's. */
  taskModules?: readonly URL[]
}

/**
 * The sandbox processes that parse uploaded files (page counting, risk, text layers, rendering, and
 * the image tasks other modules bring): the one place untrusted document bytes are opened. Made in
 * buildApp and closed with it; started on first use.
 */
export function createDocumentParsers (options: ParserOptions): SandboxPool {
  return createSandboxPool({
    modules: [new URL('./parser-tasks.ts', import.meta.url), ...options.taskModules ?? []],
    settings: { maxDecodedBytes: options.maxDecodedBytes },
    size: options.processes,
    memoryMb: options.memoryMb,
    timeoutMs: options.timeoutMs,
    errors: { DocumentUnreadable, ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfTooManyPages, PdfUnreadable },
  })
}
