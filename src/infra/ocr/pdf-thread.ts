// The entry of a worker thread running pdf.js (through unpdf): reading text layers and rendering
// pages are synchronous, CPU-heavy JavaScript that would otherwise stall the caller's event loop.
import { parentPort } from 'node:worker_threads'
import { createIsomorphicCanvasFactory, getDocumentProxy, renderPageAsImage } from 'unpdf'
import { textLines } from './text-lines.ts'
import type { PdfRequest, PdfResponse, PdfTextResult } from './pdf-thread-client.ts'

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

const canvasImport = () => import('@napi-rs/canvas')

async function open (pdf: Uint8Array, forRendering: boolean): Promise<PdfDocument> {
  const CanvasFactory = forRendering ? await createIsomorphicCanvasFactory(canvasImport) : undefined
  // verbosity 0: pdf.js reports only errors, not every odd font
  return getDocumentProxy(pdf, { verbosity: 0, ...(CanvasFactory ? { CanvasFactory } : {}) })
}

async function readText (doc: PdfDocument): Promise<PdfTextResult> {
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    const content = await page.getTextContent()
    const items = content.items.flatMap((item) => 'str' in item
      ? [{ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, size: Math.hypot(item.transform[2], item.transform[3]) }]
      : [])
    pages.push(textLines(items).join('\n'))
    page.cleanup()
  }
  return { pageCount: doc.numPages, pages }
}

async function renderPages (doc: PdfDocument, pageNumbers: number[], dpi: number, maxPixels: number): Promise<Uint8Array[]> {
  const images: Uint8Array[] = []
  for (const n of pageNumbers) {
    const page = await doc.getPage(n)
    const { width, height } = page.getViewport({ scale: 1 })
    // An oversized page is drawn smaller rather than allocating a canvas beyond the pixel budget
    // (with a margin for the canvas rounding its size up, so the image still passes recognise).
    const scale = Math.min(dpi / 72, Math.sqrt((0.98 * maxPixels) / (width * height)))
    images.push(new Uint8Array(await renderPageAsImage(doc, n, { canvasImport, scale })))
    page.cleanup()
  }
  return images
}

async function handle (request: PdfRequest): Promise<PdfResponse> {
  let doc: PdfDocument
  try {
    doc = await open(request.pdf, request.op === 'render')
  } catch (error) {
    const { name, message } = error as Error
    return { id: request.id, ok: false, error: { name: name === 'PasswordException' ? 'PdfPasswordProtected' : 'PdfUnreadable', message } }
  }
  try {
    if (request.op === 'text') {
      if (doc.numPages > request.maxPages) return { id: request.id, ok: false, error: { name: 'PdfTooManyPages', message: '', pageCount: doc.numPages } }
      return { id: request.id, ok: true, text: await readText(doc) }
    }
    return { id: request.id, ok: true, images: await renderPages(doc, request.pages, request.dpi, request.maxPixels) }
  } catch (error) {
    return { id: request.id, ok: false, error: { name: 'PdfUnreadable', message: (error as Error).message } }
  } finally {
    await doc.destroy()
  }
}

parentPort!.on('message', (request: PdfRequest) => {
  void handle(request).then((response) => {
    const transfer = response.ok && response.images ? response.images.map((image) => image.buffer as ArrayBuffer) : []
    parentPort!.postMessage(response, transfer)
  })
})
