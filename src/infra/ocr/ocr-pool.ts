import { createRequire } from 'node:module'
import { OEM, PSM, createWorker } from 'tesseract.js'
import type { Page, Worker as TesseractWorker, WorkerParams } from 'tesseract.js'
import { createLazyPool } from '../threads/lazy-pool.ts'
import { ImageUnreadable } from './ocr-errors.ts'

export interface TesseractPoolOptions {
  /** At most this many tesseract workers of each kind (page text, single lines), each a worker thread. */
  workers: number
  /** A worker idle this long is stopped (a tesseract worker takes 150–200 MB while it reads a page). Default 30 s. */
  idleMs?: number
  /** Tasks waiting for a worker beyond this are refused with PoolBusy (each holds its bytes). Default 64. */
  maxWaiting?: number
  /** A task running longer is stopped with TaskTimedOut, its worker with it. Default 60 s. */
  taskTimeoutMs?: number
}

/** A character tesseract read, with its confidence (0..1). */
export interface OcrSymbol { text: string, confidence: number }
/** One line of text as tesseract read it, with its mean confidence (0..1) and its characters'. */
export interface LineReading { text: string, confidence: number, symbols: OcrSymbol[] }

/** A box on the image, in pixels. */
export interface OcrBox { x0: number, y0: number, x1: number, y1: number }
/** A word or a line tesseract read, where it stands on the image, with its confidence (0..1). */
export interface PlacedWord { text: string, confidence: number, box: OcrBox }
export interface PlacedLine extends PlacedWord { words: PlacedWord[] }

/** How to read a page: `layout` returns its lines and words where they stand. */
export interface RecogniseOptions {
  layout?: boolean
  /**
   * The page is turned straight by the skew of its text lines (tesseract's own estimate) before it is
   * read: a scan or photo a few degrees off drifts a line into the next across a wide page. Boxes
   * under `layout` are then on the straightened page. Statements ask for it; identity documents do not.
   */
  straighten?: boolean
  /**
   * Find text wherever it stands (tesseract's sparse-text segmentation) instead of reading the image
   * as one block of lines: an identity page's labels and values stand in columns beside a portrait
   * and a stamp, which the block reading runs into one another ("Surname Py 2 v b F").
   */
  sparse?: boolean
}

export interface OcrResult {
  text: string
  /** Tesseract's mean word confidence, 0..1. */
  confidence: number
  /** The lines with their words and boxes, when asked for (`layout`). */
  lines?: PlacedLine[]
}

/** Tesseract (English, offline) in worker threads; its inputs are images the caller has already bounded in pixels. */
export interface TesseractPool {
  /** Reads the text of a PNG or JPEG image; with `layout`, its lines and words where they stand. */
  recognise (image: Uint8Array, options?: RecogniseOptions): Promise<OcrResult>
  /**
   * Reads each image as one line made only of `characters`, with no dictionary (codes, not words);
   * empty readings are left out.
   */
  recogniseLines (lines: Uint8Array[], options: { characters: string }): Promise<LineReading[]>
  liveWorkers (): number
  close (): Promise<void>
}

const require = createRequire(import.meta.url)

// Tesseract's own notes ("Estimating resolution as 354", "Detected 12 diacritics", "Image too
// small to scale!!") went to the process's stderr, one or more per page: they say nothing an
// operator can act on, and a job's failure comes back as its error anyway.
const QUIET = { debug_file: '/dev/null' } as Partial<WorkerParams>

async function startTesseract (): Promise<TesseractWorker> {
  // langPath: the English model from npm; without it tesseract.js downloads one
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string }
  // errorHandler: without one, tesseract.js rethrows a failed job inside its message listener,
  // an uncaught exception that ends the process (a damaged PNG did); the job's promise rejects anyway.
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => {} })
  await worker.setParameters(QUIET)
  return worker
}

async function startLineTesseract (): Promise<TesseractWorker> {
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string }
  // No dictionaries: a code line holds codes and fillers, not words, and word lists only bend them.
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => {} }, { load_system_dawg: '0', load_freq_dawg: '0' })
  await worker.setParameters({ ...QUIET, tessedit_pageseg_mode: PSM.SINGLE_LINE })
  return worker
}

function placedLinesOf (page: Page): PlacedLine[] {
  const placed = (item: { text: string, confidence: number, bbox: OcrBox }): PlacedWord => ({ text: item.text.trim(), confidence: item.confidence / 100, box: item.bbox })
  return (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) => ({ ...placed(line), words: line.words.map(placed) }))
}

/** A line's characters and their mean confidence: tesseract's own line figure drops to 0 on long filler runs. */
function lineReadingOf (page: Page): LineReading {
  const symbols = (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.flatMap((word) => word.symbols))))
    .map((symbol) => ({ text: symbol.text, confidence: symbol.confidence / 100 }))
  const confidence = symbols.length === 0 ? page.confidence / 100 : symbols.reduce((sum, symbol) => sum + symbol.confidence, 0) / symbols.length
  return { text: symbols.map((symbol) => symbol.text).join(''), confidence, symbols }
}

export function createTesseractPool (options: TesseractPoolOptions): TesseractPool {
  const common = {
    size: options.workers,
    idleMs: options.idleMs ?? 30_000,
    maxWaiting: options.maxWaiting ?? 64,
    taskTimeoutMs: options.taskTimeoutMs ?? 60_000,
  }
  const tesseract = createLazyPool<TesseractWorker>({ ...common, start: startTesseract, stop: async (worker) => { await worker.terminate() } })
  const lineTesseract = createLazyPool<TesseractWorker>({ ...common, start: startLineTesseract, stop: async (worker) => { await worker.terminate() } })
  /** The characters each line worker is set to read. */
  const allowed = new WeakMap<TesseractWorker, string>()
  /** How each page worker is set to segment the page: tesseract.js starts workers on a single block. */
  const segmentation = new WeakMap<TesseractWorker, PSM>()

  return {
    async recognise (image, options) {
      const { data } = await tesseract.run(async (worker) => {
        const psm = options?.sparse ? PSM.SPARSE_TEXT : PSM.SINGLE_BLOCK
        if ((segmentation.get(worker) ?? PSM.SINGLE_BLOCK) !== psm) {
          await worker.setParameters({ tessedit_pageseg_mode: psm })
          segmentation.set(worker, psm)
        }
        try {
          return await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), options?.straighten ? { rotateAuto: true } : {}, options?.layout ? { text: true, blocks: true } : undefined)
        } catch (error) {
          // tesseract.js rejects with a bare string ("Error: Error attempting to read image.") when it cannot decode
          throw error instanceof Error ? error : new ImageUnreadable('The image data is damaged or incomplete', { cause: error })
        }
      })
      return { text: data.text, confidence: data.confidence / 100, ...options?.layout ? { lines: placedLinesOf(data) } : {} }
    },
    recogniseLines: (lines, { characters }) => lineTesseract.run(async (worker) => {
      if (allowed.get(worker) !== characters) {
        await worker.setParameters({ tessedit_char_whitelist: characters })
        allowed.set(worker, characters)
      }
      const read: LineReading[] = []
      for (const line of lines) read.push(lineReadingOf((await worker.recognize(Buffer.from(line), {}, { text: true, blocks: true })).data))
      return read.filter((line) => line.text !== '')
    }),
    liveWorkers: () => tesseract.liveWorkers() + lineTesseract.liveWorkers(),
    async close () {
      await Promise.all([tesseract.close(), lineTesseract.close()])
    },
  }
}
