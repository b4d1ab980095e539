// Tasks for a sandbox process (infra/sandbox): pdf.js reading text layers and counting pages, and
// pdf.js with @napi-rs/canvas rendering pages. Each reads untrusted bytes and may allocate without
// end, so none runs in a process that serves requests.
import * as canvas from '@napi-rs/canvas'
import { createIsomorphicCanvasFactory, getDocumentProxy, getResolvedPDFJS } from 'unpdf'
import { isOutOfMemory, type TaskTable } from '../sandbox/sandbox-protocol.ts'
import { PdfPasswordProtected, PdfTooManyPages, PdfUnreadable } from './ocr-errors.ts'
import { OCR_TASKS, type PdfTextResult } from './ocr-task-names.ts'
import { textLines } from './text-lines.ts'

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

// Loaded now, before the sandbox caps the process's memory: pdf.js and the canvas binding are the bulk of it.
await getResolvedPDFJS()
const canvasImport = async () => canvas

async function open (pdf: Uint8Array, forRendering: boolean): Promise<PdfDocument> {
  const CanvasFactory = forRendering ? await createIsomorphicCanvasFactory(canvasImport) : undefined
  try {
    // verbosity 0: pdf.js reports only errors, not every odd font; isEvalSupported false: no code made from the file
    // A plain view: pdf.js refuses a Buffer, which is what an upload's bytes arrive as.
    return await getDocumentProxy(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), { verbosity: 0, isEvalSupported: false, ...(CanvasFactory ? { CanvasFactory } : {}) })
  } catch (error) {
    const { name, message } = error as Error
    if (isOutOfMemory(error)) throw error
    throw name === 'PasswordException' ? new PdfPasswordProtected() : new PdfUnreadable(message)
  }
}

async function withDocument<T> (pdf: Uint8Array, forRendering: boolean, read: (doc: PdfDocument) => Promise<T>): Promise<T> {
  const doc = await open(pdf, forRendering)
  try {
    return await read(doc)
  } catch (error) {
    if (error instanceof PdfTooManyPages || isOutOfMemory(error)) throw error
    throw new PdfUnreadable((error as Error).message)
  } finally {
    await doc.destroy()
  }
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

/** How a drawn page comes back: PNG keeps every pixel; JPEG (quality 95) encodes a page in a fifteenth of PNG's time. */
export type PageFormat = 'png' | 'jpeg'

async function renderPages (doc: PdfDocument, pageNumbers: number[], dpi: number, maxPixels: number, format: PageFormat): Promise<Uint8Array[]> {
  const images: Uint8Array[] = []
  for (const n of pageNumbers) {
    const page = await doc.getPage(n)
    const { width, height } = page.getViewport({ scale: 1 })
    // An oversized page is drawn smaller rather than allocating a canvas beyond the pixel budget
    // (with a margin for the canvas rounding its size up, so the image still passes recognise).
    const viewport = page.getViewport({ scale: Math.min(dpi / 72, Math.sqrt((0.98 * maxPixels) / (width * height))) })
    const drawn = canvas.createCanvas(Math.floor(viewport.width), Math.floor(viewport.height))
    try {
      // The document was opened with the canvas factory, so pdf.js's own scratch canvases are @napi-rs/canvas ones too.
      await page.render({ canvas: drawn as unknown as HTMLCanvasElement, canvasContext: drawn.getContext('2d') as unknown as CanvasRenderingContext2D, viewport }).promise
      images.push(new Uint8Array(format === 'jpeg' ? await drawn.encode('jpeg', 95) : await drawn.encode('png')))
    } finally {
      drawn.width = 0 // frees the pixels now rather than at the next collection
      page.cleanup()
    }
  }
  return images
}

/**
 * The tasks, each preceded by `checkPdf` on a PDF's bytes: a cheap structural check that refuses
 * what cannot fit before pdf.js allocates for it (the caller's, which may throw PdfRefused).
 */
export function ocrTasks (checkPdf: (bytes: Uint8Array) => void): TaskTable {
  return {
    [OCR_TASKS.countPdfPages]: ({ pdf }: { pdf: Uint8Array }) => {
      checkPdf(pdf)
      return withDocument(pdf, false, async (doc) => doc.numPages)
    },
    [OCR_TASKS.readPdfText]: ({ pdf, maxPages }: { pdf: Uint8Array, maxPages: number }) => {
      checkPdf(pdf)
      return withDocument(pdf, false, async (doc) => {
        if (doc.numPages > maxPages) throw new PdfTooManyPages(doc.numPages, maxPages)
        return readText(doc)
      })
    },
    [OCR_TASKS.renderPdfPages]: ({ pdf, pages, dpi, maxPixels, format }: { pdf: Uint8Array, pages: number[], dpi: number, maxPixels: number, format?: PageFormat }) => {
      checkPdf(pdf)
      return withDocument(pdf, true, (doc) => renderPages(doc, pages, dpi, maxPixels, format ?? 'png'))
    },
  }
}
