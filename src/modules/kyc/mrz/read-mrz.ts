import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfUnreadable } from '../../../infra/ocr/ocr-errors.ts'
import type { OcrPool } from '../../../infra/ocr/ocr-service.ts'
import { SandboxTaskFailed } from '../../../infra/sandbox/sandbox-errors.ts'
import { DocumentUnreadable } from '../../documents/index.ts'
import { bestCandidate } from './mrz-candidates.ts'
import type { MrzCandidate } from './mrz-candidates.ts'
import { agreedReading, finalReading } from './mrz-consensus.ts'
import type { MrzFields } from './mrz-fields.ts'
import { MRZ_IMAGE_TASKS, type PreparedMrzLines } from './mrz-image-task-names.ts'
import { MRZ_CHARACTERS } from './mrz-layout.ts'

export interface MrzReading {
  format: 'TD1' | 'TD2' | 'TD3'
  lines: string[]
  /** Every check digit valid (the mrz library's verdict). */
  valid: boolean
  /** Fields whose check digit fails: 'documentNumber', 'birthDate', 'expirationDate', 'personalNumber', 'compositeCheckDigit'. */
  failedCheckDigits: string[]
  fields: MrzFields
  /** 0..1, tesseract's mean confidence over the MRZ lines. */
  confidence: number
}

const NO_MRZ = 'No machine-readable zone (MRZ) was found: upload a sharp, straight photo or scan of the whole photo page, with the two or three lines of letters and < signs at the bottom.'
// 300 dpi: the MRZ's characters come out about 30 pixels high, as the image preparation wants.
const PDF_DPI = 300

/** Turns what the OCR pool says about a file into a reason the uploader can act on. */
function unreadable (error: unknown): unknown {
  if (error instanceof PdfRefused || error instanceof SandboxTaskFailed) return new DocumentUnreadable(error.message, { cause: error })
  if (error instanceof PdfPasswordProtected) return new DocumentUnreadable('The PDF is password-protected, so it cannot be read. Upload a copy without a password, or a photo of the document.', { cause: error })
  if (error instanceof PdfUnreadable) return new DocumentUnreadable('The file is not a readable PDF. Upload a PNG or JPEG photo or scan of the document.', { cause: error })
  if (error instanceof ImageTooLarge) return new DocumentUnreadable(`The image is ${error.width} × ${error.height} pixels; at most ${error.maxPixels} pixels can be read. Upload a smaller photo or scan (300 dpi is plenty).`, { cause: error })
  if (error instanceof ImageUnreadable) return new DocumentUnreadable('The image could not be read (it is damaged or not a PNG or JPEG). Upload a PNG or JPEG photo or scan of the document.', { cause: error })
  return error
}

async function imageOf (ocr: OcrPool, document: { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg' }): Promise<Uint8Array> {
  if (document.kind !== 'pdf') return document.bytes
  const [page] = await ocr.renderPdfPages(document.bytes, [1], { dpi: PDF_DPI })
  return page!
}

/**
 * The MRZ's lines read once: the image straightened, each line cropped and scaled (`attempt`, from 0,
 * picks another scale) in a sandbox process, then each read as one line of MRZ characters.
 */
async function readMrzLines (ocr: OcrPool, image: Uint8Array, attempt: number) {
  const prepared = await ocr.runImageTask<PreparedMrzLines>(MRZ_IMAGE_TASKS.prepareLines, image, { attempt })
  return { lines: await ocr.recogniseLines(prepared.lines, { characters: MRZ_CHARACTERS }), moreAttempts: prepared.moreAttempts }
}

const toReading = ({ format, lines, valid, failedCheckDigits, fields, confidence }: MrzCandidate): MrzReading =>
  ({ format, lines, valid, failedCheckDigits, fields, confidence: Math.round(confidence * 1000) / 1000 })

/**
 * Finds and reads the MRZ of an identity document: the image is read again, prepared another way,
 * until every check digit holds and two readings agree on the name; a document whose digits never
 * hold comes back invalid, as printed.
 */
export async function readMrz (ocr: OcrPool, document: { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg' }, now: Date): Promise<MrzReading> {
  try {
    const image = await imageOf(ocr, document)
    const readings: MrzCandidate[] = []
    for (let attempt = 0; ; attempt++) {
      const { lines, moreAttempts } = await readMrzLines(ocr, image, attempt)
      const candidate = bestCandidate(lines, now)
      if (candidate) readings.push(candidate)
      const agreed = agreedReading(readings, now)
      if (agreed) return toReading(agreed)
      if (!moreAttempts) break
    }
    const final = finalReading(readings, now)
    if (!final) throw new DocumentUnreadable(NO_MRZ)
    return toReading(final)
  } catch (error) {
    throw unreadable(error)
  }
}
