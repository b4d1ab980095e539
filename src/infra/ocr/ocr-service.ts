import { imageSize } from 'image-size'
import { SandboxBusy, SandboxClosed, SandboxTaskFailed } from '../sandbox/sandbox-errors.ts'
import type { SandboxPool } from '../sandbox/sandbox-pool.ts'
import { ImageTooLarge, ImageUnreadable } from './ocr-errors.ts'
import type { LineReading, OcrResult, RecogniseOptions } from './ocr-pool.ts'
import type { OcrProcess } from './ocr-process-client.ts'
import { OCR_TASKS, type PdfTextResult } from './ocr-task-names.ts'

export type { LineReading, OcrResult, OcrSymbol, PlacedLine, PlacedWord, RecogniseOptions } from './ocr-pool.ts'
export type { PdfTextResult } from './ocr-task-names.ts'

/**
 * Reading documents for one tenant: PDFs and photos are parsed in sandbox processes (a memory cap,
 * a time budget), images are read by tesseract in the OCR process; the caller's event loop runs neither.
 */
export interface OcrPool {
  /** Reads the text of a PNG or JPEG image; with `layout`, its lines and words where they stand; with `straighten`, turned straight first. */
  recognise (image: Uint8Array, options?: RecogniseOptions): Promise<OcrResult>
  /**
   * Reads each image (PNGs a sandbox task prepared) as one line made only of `characters`, with no
   * dictionary; empty readings are left out.
   */
  recogniseLines (lines: Uint8Array[], options: { characters: string }): Promise<LineReading[]>
  /**
   * Runs a sandbox task a module brought (its task module loaded by the sandbox pool) on a PNG or
   * JPEG image, given as `image` beside `input`, once the image's header is within the pixel budget.
   * Any failure but the sandbox's own (a budget, a busy or closed pool) means the image could not be decoded: ImageUnreadable.
   */
  runImageTask<Out> (task: string, image: Uint8Array, input?: Record<string, unknown>): Promise<Out>
  /** A PDF's text layer page by page; PdfTooManyPages beyond maxPages, before reading any. */
  readPdfText (pdf: Uint8Array, options: { maxPages: number }): Promise<PdfTextResult>
  /** How many pages a PDF has. */
  countPdfPages (pdf: Uint8Array): Promise<number>
  /** Renders pages (numbered from 1) to images for recognise: PNG, or JPEG when asked (a scan's page, drawn from a JPEG, loses nothing that matters). */
  renderPdfPages (pdf: Uint8Array, pages: number[], options: { dpi: number, format?: 'png' | 'jpeg' }): Promise<Uint8Array[]>
}

export interface Ocr {
  /** The reader for one tenant (an account id): tenants' work is served in turn, so none waits behind another's backlog. */
  forTenant (tenant: string | number): OcrPool
  /** OCR processes and sandbox processes alive now. */
  liveWorkers (): number
  close (): Promise<void>
}

/** Checks the image's header before anything decodes it: the pixel budget bounds the memory used. */
export function checkImage (image: Uint8Array, maxPixels: number): void {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(image)
  } catch (error) {
    throw new ImageUnreadable('The file is not an image that can be read', { cause: error })
  }
  if (size.type !== 'png' && size.type !== 'jpg') throw new ImageUnreadable(`The image is ${size.type ?? 'of an unknown type'}; only PNG and JPEG can be read`)
  if (size.width * size.height > maxPixels) throw new ImageTooLarge(size.width, size.height, maxPixels)
}

/**
 * `parsers` must load pdf-tasks.ts's tasks (ocrTasks), and the task modules runImageTask's callers
 * name; it is the caller's to close. `tesseract` is closed with this.
 */
export function createOcr ({ parsers, tesseract, maxPixels }: { parsers: SandboxPool, tesseract: OcrProcess, maxPixels: number }): Ocr {
  const forTenant = (tenant: string | number): OcrPool => ({
    async recognise (image, options) {
      checkImage(image, maxPixels)
      return tesseract.recognise(tenant, image, options)
    },
    recogniseLines: (lines, options) => tesseract.recogniseLines(tenant, lines, options),
    async runImageTask<Out> (task: string, image: Uint8Array, input: Record<string, unknown> = {}) {
      checkImage(image, maxPixels)
      return parsers.run<Out>(tenant, task, { ...input, image }).catch((error: unknown) => {
        throw error instanceof SandboxTaskFailed || error instanceof SandboxBusy || error instanceof SandboxClosed ? error : new ImageUnreadable('The image data is damaged or incomplete', { cause: error })
      })
    },
    readPdfText: (pdf, { maxPages }) => parsers.run(tenant, OCR_TASKS.readPdfText, { pdf, maxPages }),
    countPdfPages: (pdf) => parsers.run(tenant, OCR_TASKS.countPdfPages, { pdf }),
    renderPdfPages: (pdf, pages, { dpi, format }) => parsers.run(tenant, OCR_TASKS.renderPdfPages, { pdf, pages, dpi, maxPixels, format: format ?? 'png' }),
  })
  return {
    forTenant,
    liveWorkers: () => tesseract.liveWorkers() + parsers.liveProcesses(),
    close: () => tesseract.close(),
  }
}
