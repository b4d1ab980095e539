import { imageSize } from 'image-size'
import type { OcrPool, PlacedLine } from '../../../infra/ocr/ocr-service.ts'
import { type IdentityFile, type PageImages, pageImages } from '../kyc-page-images.ts'
import type { MrzBox } from '../mrz/mrz-image-task-names.ts'
import { type PageCrop, type PageTurn, VIZ_IMAGE_TASKS } from './viz-image-task-names.ts'
import { PRINTED_FIELDS } from './viz-labels.ts'
import { printedValues, type PrintedText } from './viz-reading.ts'

/** Where the MRZ was read: the page (from 0), the turn that makes it upright, and where it stands on that page (fractions) when it stood out. */
export interface MrzPageAt extends PageTurn { index: number, box?: MrzBox | null }

/** A TD1 card scanned to PDF has its printed face on one page and its MRZ on the other. */
const MAX_PAGES = 2

/** The MRZ's lines as OCR saw them on the page: many fillers, or one long run of code characters. */
const isMrzLine = (line: PlacedLine) => (line.text.match(/[<«]/g) ?? []).length >= 5 || /^[A-Z0-9<]{28,}$/.test(line.text.replace(/\s/g, ''))

// ICAO 9303: an MRZ line is 44 (TD3) or 30 (TD1) characters of 2.54 mm.
const MRZ_WIDTH_MM = { TD1: 76.2, TD2: 91.4, TD3: 111.8 }
/** How far above the MRZ's top the printed zone reaches, in MRZ widths: a passport page's 72 mm; a card's front drawn above its back. */
const REACH_ABOVE = { TD1: 1.75, TD2: 0.75, TD3: 0.75 }
/** Print this many pixels a millimetre reads best: a scan's 1.3 mm labels come out 26 pixels high. */
const PIXELS_PER_MM = 20

/** Where to look again, drawn larger: the document around its MRZ, when the page holds it small (a scan of a sheet, a photo, a card). */
function cropAroundMrz (lines: readonly PlacedLine[], size: { width: number, height: number }, format: keyof typeof MRZ_WIDTH_MM, samePage: boolean): PageCrop | null {
  const mrz = lines.filter(isMrzLine)
  if (mrz.length === 0) return null
  const box = { x0: Math.min(...mrz.map((l) => l.box.x0)), y0: Math.min(...mrz.map((l) => l.box.y0)), x1: Math.max(...mrz.map((l) => l.box.x1)), y1: Math.max(...mrz.map((l) => l.box.y1)) }
  const w = box.x1 - box.x0
  const width = Math.round(1.3 * MRZ_WIDTH_MM[format] * PIXELS_PER_MM)
  // Only worth a second reading when it draws the print markedly larger.
  if (1.3 * w * 1.3 > width) return null
  const above = samePage ? REACH_ABOVE[format] : 1
  const clamp = (v: number) => Math.max(0, Math.min(1, v))
  return {
    x0: clamp((box.x0 - 0.15 * w) / size.width), x1: clamp((box.x1 + 0.15 * w) / size.width),
    y0: clamp((box.y0 - above * w) / size.height), y1: clamp((box.y1 + 0.05 * w) / size.height),
    width,
  }
}

/** Margin beside the MRZ a crop keeps, in MRZ widths: a passport page is 125 mm wide about its 112 mm MRZ. */
const SIDE_MARGIN = 0.12

/**
 * The printed zone, cut from the MRZ's own place on the page: above the MRZ on its page (the
 * print of a passport page, or a card's front drawn above its back), or where the card stands on
 * another page of the scan; drawn at PIXELS_PER_MM, known from the MRZ's printed width.
 */
function cropFromMrz (box: MrzBox, page: { width: number, height: number }, format: keyof typeof MRZ_WIDTH_MM, samePage: boolean): PageCrop {
  const w = box.x1 - box.x0
  const wDown = (w * page.width) / page.height
  const clamp = (v: number) => Math.max(0, Math.min(1, v))
  const x0 = clamp(box.x0 - SIDE_MARGIN * w)
  const x1 = clamp(box.x1 + SIDE_MARGIN * w)
  const [y0, y1] = samePage ? [clamp(box.y0 - REACH_ABOVE[format] * wDown), box.y0] : [clamp(box.y1 - wDown), clamp(box.y1 + 0.1 * wDown)]
  return { x0, x1, y0, y1, width: Math.round(((x1 - x0) / w) * MRZ_WIDTH_MM[format] * PIXELS_PER_MM) }
}

async function readView (ocr: OcrPool, image: Uint8Array, turn: PageTurn, crop?: PageCrop) {
  const upright = await ocr.runImageTask<Uint8Array>(VIZ_IMAGE_TASKS.printedPage, image, { rotation: turn.rotation, tiltDeg: turn.tiltDeg, ...crop ? { crop } : {} })
  const { lines = [] } = await ocr.recognise(upright, { layout: true, sparse: true })
  return { lines, size: imageSize(upright) }
}

const hasAny = (text: PrintedText) => PRINTED_FIELDS.some((field) => text[field].length > 0)
const coreRead = (text: PrintedText) => text.surname.length > 0 && text.birthDate.length > 0 && text.documentNumber.length > 0

/**
 * The printed (visual inspection) zone's values by their labels, read from the page the MRZ was
 * read on, upright as the MRZ stands; a PDF's other page too (a card's front and back) when that
 * page lacks them. Null when no labelled value was found at all.
 */
export async function readPrintedZone (ocr: OcrPool, document: IdentityFile & { pageCount: number }, at: MrzPageAt & { format: keyof typeof MRZ_WIDTH_MM }, pages: PageImages = pageImages(ocr, document)): Promise<PrintedText | null> {
  const count = document.kind === 'pdf' ? Math.min(MAX_PAGES, document.pageCount) : 1
  const order = [at.index, ...Array.from({ length: count }, (_, i) => i).filter((i) => i !== at.index)]
  const found: PrintedText = { surname: [], givenNames: [], birthDate: [], documentNumber: [], expirationDate: [] }
  let crop: PageCrop | null = null
  const add = (text: PrintedText) => { for (const f of PRINTED_FIELDS) found[f].push(...text[f]) }
  for (const index of order) {
    const image = await pages.image(index)
    if (at.box) {
      // The MRZ's place says where the print is and how large: one reading of just that part.
      const size = imageSize(image)
      const upright = at.rotation % 180 === 0 ? size : { width: size.height, height: size.width }
      add(printedValues((await readView(ocr, image, at, cropFromMrz(at.box, upright, at.format, index === at.index))).lines))
      if (coreRead(found)) break
      continue
    }
    const whole = await readView(ocr, image, at)
    add(printedValues(whole.lines))
    if (coreRead(found)) break
    // The card's other page in a scan stands where this one does.
    if (index === at.index) crop = cropAroundMrz(whole.lines, whole.size, at.format, true)
    else if (crop !== null) crop = { ...crop as PageCrop, y0: Math.max(0, crop.y1 - (crop.y1 - crop.y0) / REACH_ABOVE[at.format]) }
    if (crop) {
      add(printedValues((await readView(ocr, image, at, crop)).lines))
      if (coreRead(found)) break
    }
  }
  return hasAny(found) ? found : null
}
