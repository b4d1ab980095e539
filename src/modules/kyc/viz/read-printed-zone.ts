import type { OcrPool } from '../../../infra/ocr/ocr-service.ts'
import { type PageTurn, VIZ_IMAGE_TASKS } from './viz-image-task-names.ts'
import { PRINTED_FIELDS } from './viz-labels.ts'
import { printedValues, type PrintedText } from './viz-reading.ts'

/** Where the MRZ was read: the page (from 0) and the turn that makes it upright. */
export interface MrzPageAt extends PageTurn { index: number }

// The printed page's letters are 2-3 mm high: at 200 dpi they come out 16-24 pixels, as tesseract likes them.
const PDF_DPI = 200
/** A TD1 card scanned to PDF has its printed face on one page and its MRZ on the other. */
const MAX_PAGES = 2

async function pageImage (ocr: OcrPool, document: { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg' }, index: number): Promise<Uint8Array> {
  if (document.kind !== 'pdf') return document.bytes
  const [page] = await ocr.renderPdfPages(document.bytes, [index + 1], { dpi: PDF_DPI })
  return page!
}

async function readPage (ocr: OcrPool, image: Uint8Array, turn: PageTurn): Promise<PrintedText> {
  const upright = await ocr.runImageTask<Uint8Array>(VIZ_IMAGE_TASKS.printedPage, image, { rotation: turn.rotation, tiltDeg: turn.tiltDeg })
  const { lines } = await ocr.recognise(upright, { layout: true })
  return printedValues(lines ?? [])
}

const hasAny = (text: PrintedText) => PRINTED_FIELDS.some((field) => text[field].length > 0)
const coreRead = (text: PrintedText) => text.surname.length > 0 && text.birthDate.length > 0 && text.documentNumber.length > 0

/**
 * The printed (visual inspection) zone's values by their labels, read from the page the MRZ was
 * read on, upright as the MRZ stands; a PDF's other page too (a card's front and back) when that
 * page lacks them. Null when no labelled value was found at all.
 */
export async function readPrintedZone (ocr: OcrPool, document: { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg', pageCount: number }, at: MrzPageAt): Promise<PrintedText | null> {
  const pages = document.kind === 'pdf' ? Math.min(MAX_PAGES, document.pageCount) : 1
  const order = [at.index, ...Array.from({ length: pages }, (_, i) => i).filter((i) => i !== at.index)]
  let found: PrintedText | null = null
  for (const index of order) {
    const text = await readPage(ocr, await pageImage(ocr, document, index), at)
    found = found === null ? text : Object.fromEntries(PRINTED_FIELDS.map((f) => [f, [...found![f], ...text[f]]])) as PrintedText
    if (coreRead(found)) break
  }
  return found !== null && hasAny(found) ? found : null
}
