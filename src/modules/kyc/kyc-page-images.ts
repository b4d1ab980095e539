import type { OcrPool } from '../../infra/ocr/ocr-service.ts'

export type IdentityFile = { bytes: Uint8Array, kind: 'pdf' | 'png' | 'jpeg' }

/** A document's pages as images: an image is its own one page, a PDF's pages are drawn on demand. */
export interface PageImages {
  /** The page (from 0) as a PNG or the uploaded image; a PDF page is drawn once however often it is asked for. */
  image: (index: number) => Promise<Uint8Array>
}

// 200 dpi: the MRZ's capitals come out about 19 pixels high and the printed zone's 2-3 mm letters 16-24 pixels, as tesseract likes them; 300 made each page twice the pixels to draw, encode and decode.
// As JPEG: a scanned page encoded as PNG took 0.7 s of its 1.4 s; JPEG at quality 95 takes 0.05 s (and most such pages were JPEGs already).
const PDF_DPI = 200

/** The pages the MRZ reader and the printed-zone reader share: a scanned page is drawn for the first and reused by the second. */
export function pageImages (ocr: OcrPool, document: IdentityFile): PageImages {
  const drawn = new Map<number, Promise<Uint8Array>>()
  return {
    image (index) {
      if (document.kind !== 'pdf') return Promise.resolve(document.bytes)
      let page = drawn.get(index)
      if (!page) {
        page = ocr.renderPdfPages(document.bytes, [index + 1], { dpi: PDF_DPI, format: 'jpeg' }).then(([first]) => first!)
        drawn.set(index, page)
      }
      return page
    },
  }
}
