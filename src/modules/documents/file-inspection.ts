import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import { Unavailable, ValidationFailed } from '../../infra/http/api-error.ts'
import { PdfPasswordProtected, PdfRefused } from '../../infra/ocr/ocr-errors.ts'
import { SandboxBusy, SandboxClosed, SandboxStartFailed, SandboxTaskFailed } from '../../infra/sandbox/sandbox-errors.ts'
import type { SandboxPool } from '../../infra/sandbox/sandbox-pool.ts'
import type { DocumentKind } from './analysis/analysis-types.ts'
import type { DocumentView } from './documents.schemas.ts'
import { imageDamage } from './image-integrity/image-completeness.ts'
import { OCR_TASKS } from './parser-task-names.ts'

export interface DocumentLimits {
  maxBytes: number
  maxPages: number
  maxPixels: number
  /** Upload bytes this process reads at once; past it an upload is asked to come back (503). */
  maxBytesInFlight: number
  /** The sandbox processes that count a PDF's pages (parsers.ts): pdf.js never runs in the API process. */
  parsers: SandboxPool
}

export interface Inspected { kind: DocumentKind, contentType: DocumentView['contentType'], pageCount: number }

const KINDS: Record<string, { kind: DocumentKind, contentType: DocumentView['contentType'] }> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  png: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
}

/** A page tree is read in milliseconds: an upload waits no longer than this for its count. */
const PAGE_COUNT_TIMEOUT_MS = 10_000
/** Narrower than this, a page's text is too small to read (a photo or scan of a document is wider). */
export const MIN_IMAGE_WIDTH = 300

/** When every parser is busy, the uploader is asked to come back after this long. */
const BUSY_RETRY_SECONDS = 5

/**
 * What the bytes are, told from the bytes themselves (never from the declared type or name), and
 * whether idcheck can take them: a 400 naming the problem otherwise. File type and image size come
 * from headers here; a PDF's pages are counted in a sandbox process, in `tenant`'s turn.
 */
export async function inspectUpload (bytes: Uint8Array, limits: DocumentLimits, tenant: string | number = 'upload'): Promise<Inspected> {
  if (bytes.length === 0) throw new ValidationFailed(['The file is empty.'])
  const detected = await fileTypeFromBuffer(bytes)
  const known = detected && KINDS[detected.ext]
  if (!known) throw new ValidationFailed([`The file must be a PDF, PNG or JPEG document${detected ? `; this one is ${detected.mime}` : ''}.`])
  if (known.kind === 'pdf') return { ...known, pageCount: await pdfPageCount(bytes, limits, tenant) }
  let size
  try {
    size = imageSize(bytes)
  } catch {
    throw new ValidationFailed([`The file is not a readable ${known.kind.toUpperCase()} image.`])
  }
  // The pixel count, not the file size, decides the memory an image takes once decoded.
  if (size.width * size.height > limits.maxPixels) {
    throw new ValidationFailed([`The image is ${size.width} × ${size.height} pixels; at most ${limits.maxPixels.toLocaleString('en')} pixels are accepted.`])
  }
  // A photo turned by its EXIF orientation (5 to 8) is shown, and read, with its sides swapped.
  const width = (size.orientation ?? 1) >= 5 ? size.height : size.width
  if (width < MIN_IMAGE_WIDTH) {
    throw new ValidationFailed([`The image is only ${width} pixels wide; a document needs at least ${MIN_IMAGE_WIDTH} to be read: upload a larger photo or scan.`])
  }
  const damage = imageDamage(bytes, known.kind)
  if (damage !== null) throw new ValidationFailed([damage])
  return { ...known, pageCount: 1 }
}

/** The page count from the PDF's page tree (pdf.js reads no page content for it). */
async function pdfPageCount (bytes: Uint8Array, { parsers, maxPages }: DocumentLimits, tenant: string | number): Promise<number> {
  let pages: number
  try {
    pages = await parsers.run<number>(tenant, OCR_TASKS.countPdfPages, { pdf: bytes }, { timeoutMs: PAGE_COUNT_TIMEOUT_MS })
  } catch (err) {
    if (err instanceof PdfPasswordProtected) throw new ValidationFailed(['The PDF is password-protected; upload it without a password.'])
    // Over its memory or time budget, or the reader died: the file's doing, so the client's error.
    if (err instanceof PdfRefused || err instanceof SandboxTaskFailed) throw new ValidationFailed([err.message])
    if (err instanceof SandboxBusy || err instanceof SandboxClosed || err instanceof SandboxStartFailed) {
      throw new Unavailable('Every document reader is busy; try the upload again shortly.', BUSY_RETRY_SECONDS)
    }
    // PdfUnreadable, and whatever else pdf.js throws at a file it cannot make sense of.
    throw new ValidationFailed(['The file is not a readable PDF: its structure is damaged.'])
  }
  if (pages < 1) throw new ValidationFailed(['The PDF has no pages.'])
  if (pages > maxPages) throw new ValidationFailed([`The PDF has ${pages} pages; at most ${maxPages} are accepted.`])
  return pages
}
