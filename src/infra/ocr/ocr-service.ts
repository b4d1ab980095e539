import { imageSize } from 'image-size'
import { SandboxBusy, SandboxClosed, SandboxTaskFailed } from '../sandbox/sandbox-errors.ts'
import type { SandboxPool } from '../sandbox/sandbox-pool.ts'
import { ImageTooLarge, ImageUnreadable } from './ocr-errors.ts'
import type { MrzLine, OcrResult } from './ocr-pool.ts'
import type { OcrProcess } from './ocr-process-client.ts'
import { OCR_TASKS, type PdfTextResult } from './ocr-task-names.ts'

export type { MrzLine, OcrResult, OcrSymbol } from './ocr-pool.ts'
export type { PdfTextResult } from './ocr-task-names.ts'

/** The lines tesseract read in an image's machine-readable zone, each with its confidence (0..1) and its characters'. */
export interface MrzOcrResult {
  lines: MrzLine[]
  /** True while a later attempt prepares the image another way (another scale). */
  moreAttempts: boolean
}

/**
 * Reading documents for one tenant: PDFs and photos are parsed in sandbox processes (a memory cap,
 * a time budget), images are read by tesseract in the OCR process; the caller's event loop runs neither.
 */
export interface OcrPool {
  /** Reads the text of a PNG or JPEG image. */
  recognise (image: Uint8Array): Promise<OcrResult>
  /**
   * Reads the MRZ at the bottom of an identity document's photo (PNG or JPEG): the image is
   * straightened, each MRZ line cropped, and read as one line with only the MRZ's characters allowed.
   * `attempt` (from 0) picks another preparation of the image when an earlier reading failed.
   */
  recogniseMrz (image: Uint8Array, options?: { attempt?: number }): Promise<MrzOcrResult>
  /** A PDF's text layer page by page; PdfTooManyPages beyond maxPages, before reading any. */
  readPdfText (pdf: Uint8Array, options: { maxPages: number }): Promise<PdfTextResult>
  /** Renders pages (numbered from 1) to PNG images for recognise. */
  renderPdfPages (pdf: Uint8Array, pages: number[], options: { dpi: number }): Promise<Uint8Array[]>
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

/** `parsers` must load pdf-tasks.ts's tasks (ocrTasks) and is the caller's to close; `tesseract` is closed with this. */
export function createOcr ({ parsers, tesseract, maxPixels }: { parsers: SandboxPool, tesseract: OcrProcess, maxPixels: number }): Ocr {
  const forTenant = (tenant: string | number): OcrPool => ({
    async recognise (image) {
      checkImage(image, maxPixels)
      return tesseract.recognise(tenant, image)
    },
    async recogniseMrz (image, { attempt = 0 } = {}) {
      checkImage(image, maxPixels)
      const prepared = await parsers.run<{ lines: Uint8Array[], moreAttempts: boolean }>(tenant, OCR_TASKS.prepareMrzLines, { image, attempt }).catch((error: unknown) => {
        throw error instanceof SandboxTaskFailed || error instanceof SandboxBusy || error instanceof SandboxClosed ? error : new ImageUnreadable('The image data is damaged or incomplete', { cause: error })
      })
      return { lines: await tesseract.recogniseLines(tenant, prepared.lines), moreAttempts: prepared.moreAttempts }
    },
    readPdfText: (pdf, { maxPages }) => parsers.run(tenant, OCR_TASKS.readPdfText, { pdf, maxPages }),
    renderPdfPages: (pdf, pages, { dpi }) => parsers.run(tenant, OCR_TASKS.renderPdfPages, { pdf, pages, dpi, maxPixels }),
  })
  return {
    forTenant,
    liveWorkers: () => tesseract.liveWorkers() + parsers.liveProcesses(),
    close: () => tesseract.close(),
  }
}
