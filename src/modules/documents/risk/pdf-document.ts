import { getDocumentProxy, getResolvedPDFJS } from 'unpdf'
import { DocumentUnreadable } from '../analysis/analysis-types.ts'
import { groupIntoLines, type RawTextItem, type TextLine } from './page-text.ts'
import type { OperatorCodes, OperatorList } from './hidden-text.ts'
import type { PdfMetadata } from './pdf-metadata-signals.ts'

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

/** What the risk checks need from a PDF, read by pdf.js. */
export interface PdfReading {
  metadata: PdfMetadata
  pages: PageReading[]
  operatorCodes: OperatorCodes
}

/** What the risk checks need from one page: its text as lines, and how it was drawn. */
export interface PageReading {
  pageNumber: number
  lines: TextLine[]
  operators: OperatorList
  view: number[]
}

const ERRORS_ONLY = 0 // pdf.js verbosity: its warnings about odd files would otherwise go to stdout

/** Reads the metadata and the first maxPages pages; any failure of pdf.js becomes DocumentUnreadable. */
export async function readPdf (bytes: Uint8Array, maxPages: number): Promise<PdfReading> {
  let pdf: PdfDocument
  try {
    // pdf.js takes over (detaches) the buffer it is given: it gets a copy, so the caller's bytes stay usable.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: ERRORS_ONLY })
  } catch (error) {
    throw unreadable(error)
  }
  try {
    const pages: PageReading[] = []
    for (let pageNumber = 1; pageNumber <= Math.min(pdf.numPages, maxPages); pageNumber++) pages.push(await readPage(pdf, pageNumber))
    const { OPS } = await getResolvedPDFJS()
    return { metadata: await readMetadata(pdf), pages, operatorCodes: OPS as unknown as OperatorCodes }
  } catch (error) {
    throw unreadable(error)
  } finally {
    await pdf.destroy()
  }
}

function unreadable (error: unknown): DocumentUnreadable {
  if (error instanceof DocumentUnreadable) return error
  if (error instanceof Error && error.name === 'PasswordException') {
    return new DocumentUnreadable('The PDF is password-protected: upload a copy saved without a password.', { cause: error })
  }
  const reason = error instanceof Error ? ` (${error.message.replace(/\.$/, '')})` : ''
  return new DocumentUnreadable(`The file is not a readable PDF${reason}: upload the file as the bank issued it.`, { cause: error })
}

async function readMetadata (pdf: PdfDocument): Promise<PdfMetadata> {
  const { info, metadata } = await pdf.getMetadata()
  const fields = info as Record<string, unknown>
  const { PDFDateString } = await getResolvedPDFJS()
  const toDate = (value: unknown) => (typeof value === 'string' ? PDFDateString.toDateObject(value) ?? undefined : undefined)
  const tools = [
    ['Producer', fields.Producer],
    ['Creator', fields.Creator],
    ['XMP Producer', metadata?.get('pdf:producer')],
    ['XMP CreatorTool', metadata?.get('xmp:creatortool')],
  ].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
  return { tools, created: toDate(fields.CreationDate), modified: toDate(fields.ModDate) }
}

async function readPage (pdf: PdfDocument, pageNumber: number): Promise<PageReading> {
  const page = await pdf.getPage(pageNumber)
  try {
    // The operator list first: it loads the page's fonts, whose real names the text items then refer to.
    const operators = await page.getOperatorList()
    const content = await page.getTextContent()
    const items = content.items.filter((item): item is RawTextItem & typeof item => 'str' in item)
    const lines = groupIntoLines(pageNumber, items, (fontName) => baseFontName(page.commonObjs, fontName))
    return { pageNumber, lines, operators, view: page.view }
  } finally {
    page.cleanup()
  }
}

/** "ABCDEF+Helvetica-Bold" → "Helvetica-Bold": a subset prefix differs per embedding, not per typeface. */
function baseFontName (fonts: { has: (id: string) => boolean, get: (id: string) => unknown }, fontName: string): string {
  const font = fonts.has(fontName) ? fonts.get(fontName) : undefined
  const name = typeof font === 'object' && font !== null && 'name' in font && typeof font.name === 'string' ? font.name : fontName
  return name.replace(/^[A-Z]{6}\+/, '')
}
