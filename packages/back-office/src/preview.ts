import { h } from './dom.ts'

/** The part of pdf.js (served at /app/assets/vendor/pdfjs.mjs from the unpdf package) the preview uses. */
interface PdfJs {
  getDocument (source: { data: Uint8Array, isEvalSupported: boolean, disableFontFace: boolean, useSystemFonts: boolean }): { promise: Promise<PdfDocument> }
}
interface PdfDocument { numPages: number, getPage (n: number): Promise<PdfPage>, destroy (): Promise<void> }
interface PdfPage {
  getViewport (options: { scale: number }): { width: number, height: number }
  render (options: { canvasContext: CanvasRenderingContext2D, viewport: unknown, canvas: HTMLCanvasElement }): { promise: Promise<void> }
}

const PDFJS_URL = '/app/assets/vendor/pdfjs.mjs'
const MAX_PAGES = 10
let objectUrls: string[] = []

/** Object URLs of the previous page's previews are released when the next preview is made. */
function objectUrl (blob: Blob): string {
  for (const url of objectUrls) URL.revokeObjectURL(url)
  objectUrls = [URL.createObjectURL(blob)]
  return objectUrls[0]!
}

/**
 * The document rendered in the page: an image as <img> from an object URL of its bytes (the
 * content route needs the bearer token, so the bytes are fetched, not linked), a PDF's pages as
 * canvases drawn by pdf.js, and a download link either way.
 */
export function documentPreview (bytes: Uint8Array, contentType: string, fileName: string): HTMLElement {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType })
  const url = objectUrl(blob)
  const download = h('a', { href: url, download: fileName }, `Download ${fileName}`)
  if (contentType.startsWith('image/')) {
    return h('figure', { class: 'preview' }, h('img', { src: url, alt: `The uploaded ${fileName}` }), h('figcaption', {}, download))
  }
  const pages = h('div', { class: 'pdf-pages', 'aria-busy': 'true' }, h('p', {}, 'Rendering the PDF…'))
  void renderPdf(bytes, pages, fileName)
  return h('figure', { class: 'preview' }, pages, h('figcaption', {}, download))
}

async function renderPdf (bytes: Uint8Array, target: HTMLElement, fileName: string): Promise<void> {
  try {
    const pdfjs = await import(/* @vite-ignore */ PDFJS_URL as string) as PdfJs
    const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise
    const canvases: HTMLElement[] = []
    const shown = Math.min(doc.numPages, MAX_PAGES)
    for (let n = 1; n <= shown; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1.5 })
      const canvas = h('canvas', { width: Math.ceil(viewport.width), height: Math.ceil(viewport.height), role: 'img', 'aria-label': `Page ${n} of ${doc.numPages} of ${fileName}` })
      await page.render({ canvasContext: canvas.getContext('2d')!, viewport, canvas }).promise
      canvases.push(canvas)
    }
    await doc.destroy()
    target.replaceChildren(...canvases, ...(doc.numPages > shown ? [h('p', {}, `The first ${shown} of ${doc.numPages} pages are shown; download the file for the rest.`)] : []))
  } catch (err) {
    target.replaceChildren(h('p', { role: 'alert' }, `The PDF could not be shown here (${err instanceof Error ? err.message : String(err)}); download it instead.`))
  } finally {
    target.setAttribute('aria-busy', 'false')
    target.dataset.rendered = 'true'
  }
}
