import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfTooManyPages, PdfUnreadable } from '../../../infra/ocr/ocr-errors.ts'
import type { OcrPool, OcrResult } from '../../../infra/ocr/ocr-service.ts'
import { SandboxTaskFailed } from '../../../infra/sandbox/sandbox-errors.ts'
import { type DocumentKind, DocumentUnreadable } from '../analysis/analysis-types.ts'
import type { StatementExtraction } from './extraction-types.ts'
import { parseStatementText } from './statement-fields.ts'

export interface ExtractStatementInput {
  bytes: Uint8Array
  kind: DocumentKind
  ocr: OcrPool
  /** More pages are refused (DocumentUnreadable). Default 50. */
  maxPages?: number
}

/** What a text layer is trusted for: the characters are the document's own, only their meaning is guessed. */
const TEXT_LAYER_CONFIDENCE = 0.99
/** A PDF page with fewer visible characters than this is a scan (or a picture of text): it is OCRed. */
const MIN_TEXT_CHARS = 50
/** Below this many letters and digits, or this confidence, OCR found nothing a person could read either. */
const MIN_LEGIBLE_CHARS = 20
const MIN_LEGIBLE_CONFIDENCE = 0.4
/** Pages rendered for OCR: dense enough for 8-point print, small enough to read fast. */
const RENDER_DPI = 250
/**
 * A text layer that shows no account details is read again by OCR, this many pages from the first:
 * the layer may be a scanner app's stamp over a scanned page, or a font without a Unicode map, while
 * the page shows the details to anyone who looks. Details are on the first pages; the rest are not worth the seconds.
 */
const OCR_RETRY_PAGES = 3
/** Pages rendered per call to a sandbox process; the next batch renders while this one is read. */
const RENDER_BATCH = 4
/**
 * Scans and photos are rarely straight: a page turned 2° drifts a line of a wide layout into the next
 * (a sort code read with another line's digits), so OCR straightens each page by its text lines first.
 */
const READ_OPTIONS = { straighten: true } as const

interface PageReading extends OcrResult { fromOcr: boolean }

const legibleChars = (text: string) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length

// "Invalid PDF structure" reads as part of our sentence; "PDF header …" keeps its capitals
const lowerFirst = (text: string) => /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text

/** Turns what the pool says about a file into a reason the uploader can act on. */
function unreadable (error: unknown): unknown {
  if (error instanceof PdfPasswordProtected) {
    return new DocumentUnreadable('The PDF is password-protected, so it cannot be read. Upload a copy without a password (open it and save or print it as a new PDF).', { cause: error })
  }
  if (error instanceof PdfUnreadable) {
    return new DocumentUnreadable(`The file is not a readable PDF (${lowerFirst(error.message.replace(/\.$/, ''))}). Upload the statement as downloaded from the bank, or a PNG or JPEG scan of it.`, { cause: error })
  }
  // A pre-scan refusal or a parser over its budget already says what happened to the file.
  if (error instanceof PdfRefused || error instanceof SandboxTaskFailed) return new DocumentUnreadable(error.message, { cause: error })
  if (error instanceof PdfTooManyPages) {
    return new DocumentUnreadable(`The PDF has ${error.pageCount} pages; at most ${error.maxPages} can be read. Upload only the statement's pages.`, { cause: error })
  }
  if (error instanceof ImageTooLarge) {
    const megapixels = (n: number) => `${Math.round(n / 1e5) / 10} million`
    return new DocumentUnreadable(`The image is ${error.width} × ${error.height} pixels (${megapixels(error.width * error.height)}); at most ${megapixels(error.maxPixels)} can be read. Scan at 300 dpi or less, or make the image smaller.`, { cause: error })
  }
  if (error instanceof ImageUnreadable) {
    return new DocumentUnreadable(`The image could not be read (${lowerFirst(error.message)}). Upload a PNG or JPEG scan of the statement.`, { cause: error })
  }
  return error
}

async function recognisePages (ocr: OcrPool, pdf: Uint8Array, pageNumbers: number[]): Promise<OcrResult[]> {
  const results: OcrResult[] = []
  let reading: Promise<unknown> = Promise.resolve()
  for (let first = 0; first < pageNumbers.length; first += RENDER_BATCH) {
    const images = await ocr.renderPdfPages(pdf, pageNumbers.slice(first, first + RENDER_BATCH), { dpi: RENDER_DPI })
    await reading
    reading = Promise.all(images.map(async (image, i) => { results[first + i] = await ocr.recognise(image, READ_OPTIONS) }))
    // awaited above or below; a rejection meanwhile must not count as unhandled
    reading.catch(() => {})
  }
  await reading
  return results
}

async function readPdf (ocr: OcrPool, bytes: Uint8Array, maxPages: number): Promise<PageReading[]> {
  const layer = await ocr.readPdfText(bytes, { maxPages })
  const readings: PageReading[] = layer.pages.map((text) => ({ text, confidence: TEXT_LAYER_CONFIDENCE, fromOcr: false }))
  const scanned = layer.pages.flatMap((text, i) => text.replace(/\s/g, '').length < MIN_TEXT_CHARS ? [i + 1] : [])
  const recognised = await recognisePages(ocr, bytes, scanned)
  scanned.forEach((pageNumber, i) => { readings[pageNumber - 1] = { ...recognised[i]!, fromOcr: true } })
  return readings
}

/** Pages with legible text, and the confidence of their text weighted by its length. */
function legibleText (readings: PageReading[]) {
  const legible = readings.filter((r) => !r.fromOcr || (legibleChars(r.text) >= MIN_LEGIBLE_CHARS && r.confidence >= MIN_LEGIBLE_CONFIDENCE))
  const chars = legible.reduce((sum, r) => sum + r.text.length, 0)
  const confidence = chars === 0 ? 0 : legible.reduce((sum, r) => sum + r.confidence * r.text.length, 0) / chars
  return { legible, confidence }
}

/**
 * Reads a bank statement: a PDF's text layer, OCR for its pages without one and for images. A file
 * that cannot be read throws DocumentUnreadable with what to do about it; a readable statement
 * without account details is not an error (those fields are null, the caller decides).
 */
export async function extractStatement (input: ExtractStatementInput): Promise<StatementExtraction> {
  let readings: PageReading[]
  try {
    readings = input.kind === 'pdf'
      ? await readPdf(input.ocr, input.bytes, input.maxPages ?? 50)
      : [{ ...await input.ocr.recognise(input.bytes, READ_OPTIONS), fromOcr: true }]
  } catch (error) {
    throw unreadable(error)
  }
  const { legible, confidence } = legibleText(readings)
  if (legible.length === 0) {
    const best = Math.max(0, ...readings.map((r) => r.confidence))
    throw new DocumentUnreadable(`The scan could not be read: no legible text was found (OCR confidence ${Math.round(best * 100)}%). Upload a sharp, well-lit scan or photo of the whole page, or the PDF downloaded from the bank.`)
  }
  const extraction: StatementExtraction = {
    method: legible.some((r) => r.fromOcr) ? 'ocr' : 'text',
    pages: readings.length,
    fields: parseStatementText(legible.map((r) => r.text).join('\n'), confidence),
  }
  if (input.kind !== 'pdf' || (extraction.fields.sortCode && extraction.fields.accountNumber)) return extraction
  return (await readTextPagesAgain(input, readings)) ?? extraction
}

/** The statement with its first text-layer pages read by OCR instead, when that finds the account details. */
async function readTextPagesAgain (input: ExtractStatementInput, readings: PageReading[]): Promise<StatementExtraction | null> {
  const pageNumbers = readings.flatMap((r, i) => r.fromOcr ? [] : [i + 1]).slice(0, OCR_RETRY_PAGES)
  if (pageNumbers.length === 0) return null
  let recognised: OcrResult[]
  try {
    recognised = await recognisePages(input.ocr, input.bytes, pageNumbers)
  } catch (error) {
    throw unreadable(error)
  }
  const again = [...readings]
  pageNumbers.forEach((pageNumber, i) => { again[pageNumber - 1] = { ...recognised[i]!, fromOcr: true } })
  const { legible, confidence } = legibleText(again)
  const fields = parseStatementText(legible.map((r) => r.text).join('\n'), confidence)
  return fields.sortCode && fields.accountNumber ? { method: 'ocr', pages: readings.length, fields } : null
}
