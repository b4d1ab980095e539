import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import { getDocumentProxy } from 'unpdf'
import { ValidationFailed } from '../../infra/http/api-error.ts'
import type { DocumentKind } from './analysis/analysis-types.ts'
import type { DocumentView } from './documents.schemas.ts'

export interface DocumentLimits { maxBytes: number, maxPages: number, maxPixels: number }

export interface Inspected { kind: DocumentKind, contentType: DocumentView['contentType'], pageCount: number }

const KINDS: Record<string, { kind: DocumentKind, contentType: DocumentView['contentType'] }> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  png: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
}

/**
 * What the bytes are, told from the bytes themselves (never from the declared type or name), and
 * whether idcheck can take them: a 400 naming the problem otherwise.
 */
export async function inspectUpload (bytes: Uint8Array, limits: DocumentLimits): Promise<Inspected> {
  if (bytes.length === 0) throw new ValidationFailed(['The file is empty.'])
  const detected = await fileTypeFromBuffer(bytes)
  const known = detected && KINDS[detected.ext]
  if (!known) throw new ValidationFailed([`The file must be a PDF, PNG or JPEG document${detected ? `; this one is ${detected.mime}` : ''}.`])
  if (known.kind === 'pdf') return { ...known, pageCount: await pdfPageCount(bytes, limits.maxPages) }
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
  return { ...known, pageCount: 1 }
}

/** The page count from the PDF's page tree (pdf.js reads no page content for it). */
async function pdfPageCount (bytes: Uint8Array, maxPages: number): Promise<number> {
  let pdf
  try {
    // pdf.js takes ownership of the buffer it is given (and reads a Buffer's whole pool): it gets a copy.
    pdf = await getDocumentProxy(Uint8Array.from(bytes), { verbosity: 0, isEvalSupported: false })
  } catch (err) {
    if ((err as Error).name === 'PasswordException') throw new ValidationFailed(['The PDF is password-protected; upload it without a password.'])
    throw new ValidationFailed(['The file is not a readable PDF: its structure is damaged.'])
  }
  try {
    const pages = pdf.numPages
    if (pages < 1) throw new ValidationFailed(['The PDF has no pages.'])
    if (pages > maxPages) throw new ValidationFailed([`The PDF has ${pages} pages; at most ${maxPages} are accepted.`])
    return pages
  } finally {
    await pdf.destroy()
  }
}
