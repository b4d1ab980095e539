import { ImageTooLarge, ImageUnreadable, PdfPasswordProtected, PdfRefused, PdfUnreadable } from '../../../infra/ocr/ocr-errors.ts'
import type { OcrPool } from '../../../infra/ocr/ocr-service.ts'
import { SandboxTaskFailed } from '../../../infra/sandbox/sandbox-errors.ts'
import { DocumentUnreadable } from '../../documents/index.ts'
import { bestCandidate, compareCandidates } from './mrz-candidates.ts'
import type { MrzCandidate } from './mrz-candidates.ts'
import type { UncheckedField } from './mrz-close-calls.ts'
import { agreedReading, disputedFields, finalReading } from './mrz-consensus.ts'
import { glyphCandidate } from './mrz-glyph-repair.ts'
import type { MrzFields } from './mrz-fields.ts'
import type { BandNoise } from './mrz-band-noise.ts'
import { MRZ_IMAGE_TASKS, type MrzBox, type PreparedMrzLines } from './mrz-image-task-names.ts'
import { MRZ_CHARACTERS } from './mrz-layout.ts'
import { type IdentityFile, type PageImages, pageImages } from '../kyc-page-images.ts'

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
  /**
   * Fields no check digit covers (the names, the codes, the sex) whose reading is a close call: a
   * blurred letter the glyph matcher could barely tell from another, or a field another valid
   * reading of the page read otherwise. What they hold is the likelier reading, not a sure one.
   */
  unsureFields?: UncheckedField[]
  /** Where the MRZ was read: the page (0 for an image, else the PDF's page from 0), and the clockwise turn that made it upright; readMrz always sets it. */
  page?: MrzPage
}

/** The page the MRZ was read on, and how to make it upright (the printed-zone reader does it). */
export interface MrzPage {
  index: number
  rotation: 0 | 90 | 180 | 270
  /** Degrees the MRZ's lines still slope clockwise once the page is turned by `rotation`. */
  tiltDeg: number
  /** Where the MRZ stands on the page turned upright and untilted, in fractions of its width and height; null when it did not stand out. */
  box: MrzBox | null
  /** The grain of the MRZ's band beside the page's above it; null when the MRZ did not stand out. */
  bandNoise?: BandNoise | null
}


const NO_MRZ = 'No machine-readable zone (MRZ) was found: upload a sharp, straight photo or scan of the whole photo page, with the two or three lines of letters and < signs at the bottom.'

/** Turns what the OCR pool says about a file into a reason the uploader can act on. */
function unreadable (error: unknown): unknown {
  if (error instanceof PdfRefused || error instanceof SandboxTaskFailed) return new DocumentUnreadable(error.message, { cause: error })
  if (error instanceof PdfPasswordProtected) return new DocumentUnreadable('The PDF is password-protected, so it cannot be read. Upload a copy without a password, or a photo of the document.', { cause: error })
  if (error instanceof PdfUnreadable) return new DocumentUnreadable('The file is not a readable PDF. Upload a PNG or JPEG photo or scan of the document.', { cause: error })
  if (error instanceof ImageTooLarge) return new DocumentUnreadable(`The image is ${error.width} × ${error.height} pixels; at most ${error.maxPixels} pixels can be read. Upload a smaller photo or scan (300 dpi is plenty).`, { cause: error })
  if (error instanceof ImageUnreadable) return new DocumentUnreadable('The image could not be read (it is damaged or not a PNG or JPEG). Upload a PNG or JPEG photo or scan of the document.', { cause: error })
  return error
}

// The least mean score of a line read glyph by glyph that counts as read cleanly (garbage scores about 0.6).
const SURE_GLYPHS = 0.8
// A TD1 card scanned as a PDF has its front and back on two pages; more pages than this is not an identity document.
const MAX_PAGES = 4

async function pageCount (ocr: OcrPool, document: IdentityFile): Promise<number> {
  return document.kind === 'pdf' ? Math.min(MAX_PAGES, await ocr.countPdfPages(document.bytes)) : 1
}

const toReading = ({ format, lines, valid, failedCheckDigits, fields, confidence, unsureFields }: MrzCandidate, page: MrzPage): MrzReading =>
  ({ format, lines, valid, failedCheckDigits, fields, confidence: Math.round(confidence * 1000) / 1000, page, unsureFields: unsureFields ?? [] })

interface PageOutcome { agreed: MrzCandidate | null, readings: MrzCandidate[], page: MrzPage }

/** Tesseract's readings of prepared lines, capital height after capital height, until two agree. */
async function readByTesseract (ocr: OcrPool, prepared: PreparedMrzLines, now: Date, readings: MrzCandidate[]): Promise<MrzCandidate | null> {
  for (const lines of prepared.attempts) {
    const candidate = bestCandidate(await ocr.recogniseLines(lines, { characters: MRZ_CHARACTERS }), now)
    if (candidate) readings.push(candidate)
    const agreed = agreedReading(readings, now)
    if (agreed) return agreed
  }
  return null
}

const prepare = (ocr: OcrPool, image: Uint8Array, options: { flip: boolean, forTesseract: boolean }) =>
  ocr.runImageTask<PreparedMrzLines>(MRZ_IMAGE_TASKS.prepareLines, image, options)

interface GlyphOutcome extends PageOutcome { image: Uint8Array, prepared: PreparedMrzLines, flipped: boolean, sure: boolean }

/**
 * A page read glyph by glyph against OCR-B (a shape match does not see the K and L that tesseract
 * sees in a run of `<`), as the MRZ's chevrons say it stands, then the other way up.
 */
async function readPageByGlyphs (ocr: OcrPool, image: Uint8Array, index: number, now: Date, prepared: PreparedMrzLines): Promise<GlyphOutcome> {
  const pageOf = (from: PreparedMrzLines): MrzPage => ({ index, rotation: from.rotation, tiltDeg: from.tiltDeg, box: from.box, bandNoise: prepared.bandNoise })
  let best: GlyphOutcome | null = null
  for (const flipped of prepared.located ? [false, true] : [false]) {
    const view = flipped ? await prepare(ocr, image, { flip: true, forTesseract: false }) : prepared
    const byGlyph = view.glyphs && glyphCandidate(view.glyphs, now)
    // Every glyph matched well and a check digit still fails: that is what is printed, not a misreading.
    const sure = byGlyph !== null && Math.min(...view.glyphs!.map((line) => line.confidence)) >= SURE_GLYPHS
    const outcome = { agreed: byGlyph?.valid ? byGlyph : null, readings: byGlyph ? [byGlyph] : [], page: pageOf(view), image, prepared, flipped, sure }
    if (outcome.agreed || sure) return outcome
    if (!best || (byGlyph && (!best.readings[0] || compareCandidates(byGlyph, best.readings[0]) < 0))) best = outcome
  }
  return best!
}

/** A page read by tesseract, the way up its glyphs read better, capital height after capital height, until two readings agree. */
async function readPageByTesseract (ocr: OcrPool, outcome: GlyphOutcome, now: Date): Promise<PageOutcome> {
  const lines = outcome.prepared.located ? await prepare(ocr, outcome.image, { flip: outcome.flipped, forTesseract: true }) : outcome.prepared
  const readings = [...outcome.readings]
  const agreed = await readByTesseract(ocr, lines, now, readings)
  return { agreed: agreed && { ...agreed, unsureFields: disputedFields(agreed, readings) }, readings, page: outcome.page }
}

/**
 * Finds and reads the MRZ of an identity document: each page (a PDF's first few, the last first: a
 * card's back follows its front) is searched for the MRZ, wherever it lies and whichever way up, and read glyph by glyph.
 * Only when no page reads cleanly that way is tesseract asked, on the likeliest page, reading it
 * again prepared another way until two readings agree; a page where no MRZ stands out is read
 * from its lowest lines of print, as a last resort. A document whose digits never hold comes back
 * invalid, as printed.
 */
export async function readMrz (ocr: OcrPool, document: IdentityFile, now: Date, pages: PageImages = pageImages(ocr, document)): Promise<MrzReading> {
  try {
    const count = await pageCount(ocr, document)
    const outcomes: PageOutcome[] = []
    const byGlyphs: GlyphOutcome[] = []
    // The last page first: a card's MRZ is on its back, scanned after its front.
    for (let index = count - 1; index >= 0; index--) {
      const image = await pages.image(index)
      const prepared = await prepare(ocr, image, { flip: false, forTesseract: false })
      const outcome = prepared.located ? await readPageByGlyphs(ocr, image, index, now, prepared) : { agreed: null, readings: [], page: { index, rotation: 0 as const, tiltDeg: 0, box: null }, image, prepared, flipped: false, sure: false }
      if (outcome.agreed) return toReading(outcome.agreed, outcome.page)
      byGlyphs.push(outcome)
      outcomes.push(outcome)
    }
    if (!byGlyphs.some((outcome) => outcome.sure)) {
      // The page whose glyphs came nearest, else the first where an MRZ stood out, else the first.
      const likeliest = [...byGlyphs].sort((a, b) => a.readings[0] && b.readings[0] ? compareCandidates(a.readings[0], b.readings[0]) : b.readings.length - a.readings.length || Number(b.prepared.located) - Number(a.prepared.located))[0]!
      const unlocated = likeliest.prepared.located ? likeliest : { ...likeliest, prepared: await prepare(ocr, likeliest.image, { flip: false, forTesseract: true }) }
      const outcome = await readPageByTesseract(ocr, unlocated, now)
      if (outcome.agreed) return toReading(outcome.agreed, outcome.page)
      outcomes.push(outcome)
    }
    const finals = outcomes.flatMap((outcome) => {
      const final = finalReading(outcome.readings, now)
      return final ? [{ final: { ...final, unsureFields: disputedFields(final, outcome.readings) }, page: outcome.page }] : []
    }).sort((a, b) => compareCandidates(a.final, b.final))
    const best = finals[0]
    if (!best) throw new DocumentUnreadable(NO_MRZ)
    return toReading(best.final, best.page)
  } catch (error) {
    throw unreadable(error)
  }
}
