export { PoolBusy, PoolClosed, TaskTimedOut } from '../threads/lazy-pool.ts'

/** The image has more pixels than the pool reads (decoding it would take that many × 4 bytes). */
export class ImageTooLarge extends Error {
  readonly width: number
  readonly height: number
  readonly maxPixels: number
  constructor (width: number, height: number, maxPixels: number) {
    super(`The image is ${width} × ${height} pixels; at most ${maxPixels} pixels can be read`)
    this.name = 'ImageTooLarge'
    this.width = width
    this.height = height
    this.maxPixels = maxPixels
  }
}

/** The bytes are not an image the pool reads (PNG or JPEG), or are damaged. */
export class ImageUnreadable extends Error {
  constructor (reason: string, options?: ErrorOptions) {
    super(reason, options)
    this.name = 'ImageUnreadable'
  }
}

/** The PDF needs a password to open. */
export class PdfPasswordProtected extends Error {
  constructor () {
    super('The PDF is password-protected')
    this.name = 'PdfPasswordProtected'
  }
}

/** The bytes are not a PDF pdf.js can open; the message is pdf.js's reason. */
export class PdfUnreadable extends Error {
  constructor (reason: string) {
    super(reason)
    this.name = 'PdfUnreadable'
  }
}

/** The PDF has more pages than the caller allows; nothing was read. */
export class PdfTooManyPages extends Error {
  readonly pageCount: number
  readonly maxPages: number
  constructor (pageCount: number, maxPages: number) {
    super(`The PDF has ${pageCount} pages; at most ${maxPages} can be read`)
    this.name = 'PdfTooManyPages'
    this.pageCount = pageCount
    this.maxPages = maxPages
  }
}

/** A pre-scan of the PDF's structure refused it before any parser opened it; the message says why. */
export class PdfRefused extends Error {
  constructor (reason: string) {
    super(reason)
    this.name = 'PdfRefused'
  }
}
