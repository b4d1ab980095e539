import { createRequire } from 'node:module'
import { imageSize } from 'image-size'
import { OEM, PSM, createWorker } from 'tesseract.js'
import type { Page, Worker as TesseractWorker } from 'tesseract.js'
import { createLazyPool } from '../threads/lazy-pool.ts'
import { createTaskThreads } from '../threads/task-threads.ts'
import { MRZ_CAP_HEIGHTS } from './mrz-image.ts'
import { ImageTooLarge, ImageUnreadable } from './ocr-errors.ts'
import { startPdfThread } from './pdf-thread-client.ts'
import type { PdfTextResult, PdfThread } from './pdf-thread-client.ts'

export interface OcrPoolOptions {
  /** At most this many OCR workers, and as many PDF threads (each a worker thread). */
  workers: number
  /** Images with more pixels are refused; rendered PDF pages are drawn smaller to fit. */
  maxPixels: number
  /** A worker idle this long is stopped (a tesseract worker takes 150–200 MB while it reads a page). Default 30 s. */
  idleMs?: number
  /** Tasks waiting for a worker beyond this are refused with PoolBusy (each holds its bytes). Default 64. */
  maxWaiting?: number
  /** A task running longer is stopped with TaskTimedOut. Default 60 s. */
  taskTimeoutMs?: number
}

/** A character tesseract read, with its confidence (0..1). */
export interface OcrSymbol { text: string, confidence: number }

/** The lines tesseract read in an image's machine-readable zone, each with its confidence (0..1) and its characters'. */
export interface MrzOcrResult {
  lines: { text: string, confidence: number, symbols: OcrSymbol[] }[]
  /** True while a later attempt prepares the image another way (another scale). */
  moreAttempts: boolean
}

export interface OcrResult {
  text: string
  /** Tesseract's mean word confidence, 0..1. */
  confidence: number
}

/**
 * OCR (tesseract.js, English, offline) and pdf.js work in worker threads, so the caller's event
 * loop never runs them. Workers start on first use and stop when idle.
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
  /** Workers alive now, of both kinds. */
  liveWorkers (): number
  close (): Promise<void>
}

const require = createRequire(import.meta.url)

function startTesseract (): Promise<TesseractWorker> {
  // langPath: the English model from npm; without it tesseract.js downloads one
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string }
  // errorHandler: without one, tesseract.js rethrows a failed job inside its message listener,
  // an uncaught exception that ends the process (a damaged PNG did); the job's promise rejects anyway.
  return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => {} })
}

const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'

async function startMrzTesseract (): Promise<TesseractWorker> {
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string }
  // No dictionaries: an MRZ holds codes and fillers, not words, and word lists only bend them.
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => {} }, { load_system_dawg: '0', load_freq_dawg: '0' })
  await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_LINE })
  return worker
}

/** A line's characters and their mean confidence: tesseract's own line figure drops to 0 on long filler runs. */
function mrzLineOf (page: Page): MrzOcrResult['lines'][number] {
  const symbols = (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.flatMap((word) => word.symbols))))
    .map((symbol) => ({ text: symbol.text, confidence: symbol.confidence / 100 }))
  const confidence = symbols.length === 0 ? page.confidence / 100 : symbols.reduce((sum, symbol) => sum + symbol.confidence, 0) / symbols.length
  return { text: symbols.map((symbol) => symbol.text).join(''), confidence, symbols }
}

/** Checks the image's header before anything decodes it: the pixel budget bounds the memory used. */
function checkImage (image: Uint8Array, maxPixels: number): void {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(image)
  } catch (error) {
    throw new ImageUnreadable('The file is not an image that can be read', { cause: error })
  }
  if (size.type !== 'png' && size.type !== 'jpg') throw new ImageUnreadable(`The image is ${size.type ?? 'of an unknown type'}; only PNG and JPEG can be read`)
  if (size.width * size.height > maxPixels) throw new ImageTooLarge(size.width, size.height, maxPixels)
}

export function createOcrPool (options: OcrPoolOptions): OcrPool {
  const common = {
    size: options.workers,
    idleMs: options.idleMs ?? 30_000,
    maxWaiting: options.maxWaiting ?? 64,
    taskTimeoutMs: options.taskTimeoutMs ?? 60_000,
  }
  const tesseract = createLazyPool<TesseractWorker>({ ...common, start: startTesseract, stop: async (worker) => { await worker.terminate() } })
  const mrzTesseract = createLazyPool<TesseractWorker>({ ...common, start: startMrzTesseract, stop: async (worker) => { await worker.terminate() } })
  const mrzImages = createTaskThreads<{ image: Uint8Array, attempt: number }, Uint8Array[]>({
    ...common, entry: new URL('./mrz-image-thread.ts', import.meta.url), errors: { ImageUnreadable },
  })
  const pdf = createLazyPool<PdfThread>({ ...common, start: startPdfThread, stop: (thread) => thread.stop(), isUsable: (thread) => thread.isAlive() })

  return {
    async recognise (image) {
      checkImage(image, options.maxPixels)
      const { data } = await tesseract.run(async (worker) => {
        try {
          return await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength))
        } catch (error) {
          // tesseract.js rejects with a bare string ("Error: Error attempting to read image.") when it cannot decode
          throw error instanceof Error ? error : new ImageUnreadable('The image data is damaged or incomplete', { cause: error })
        }
      })
      return { text: data.text, confidence: data.confidence / 100 }
    },
    async recogniseMrz (image, { attempt = 0 } = {}) {
      checkImage(image, options.maxPixels)
      const prepared = await mrzImages.run({ image, attempt }).catch((error: unknown) => {
        throw new ImageUnreadable('The image data is damaged or incomplete', { cause: error })
      })
      const lines = await mrzTesseract.run(async (worker) => {
        const read: MrzOcrResult['lines'] = []
        for (const line of prepared) read.push(mrzLineOf((await worker.recognize(Buffer.from(line), {}, { text: true, blocks: true })).data))
        return read.filter((line) => line.text !== '')
      })
      return { lines, moreAttempts: attempt + 1 < MRZ_CAP_HEIGHTS.length }
    },
    async readPdfText (bytes, { maxPages }) {
      const response = await pdf.run((thread) => thread.request({ op: 'text', pdf: bytes, maxPages }))
      return response.text!
    },
    async renderPdfPages (bytes, pages, { dpi }) {
      const response = await pdf.run((thread) => thread.request({ op: 'render', pdf: bytes, pages, dpi, maxPixels: options.maxPixels }))
      return response.images!
    },
    liveWorkers: () => tesseract.liveWorkers() + mrzTesseract.liveWorkers() + pdf.liveWorkers(),
    async close () {
      await Promise.all([tesseract.close(), mrzTesseract.close(), mrzImages.close(), pdf.close()])
    },
  }
}
