import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, type PDFContext } from 'pdf-lib'
import { decodeContent, paintedContent } from './pdf-content-stream.ts'

/** A JPEG drawn on a page that shows no text: a scan or photo delivered inside a PDF. */
export interface PageImage { pageNumber: number, bytes: Uint8Array }

/** What a PDF holds for image integrity: its image-only pages' JPEGs, and the programs its own Producer and Creator name. */
export interface PdfImages { images: PageImage[], pdfTools: string[] }

/** A page's (or a form's) content beyond this many decoded bytes is not read: a scan's page draws one image in a few dozen. */
const MAX_CONTENT_BYTES = 4 * 1024 * 1024
/** Forms inside forms are followed this deep: a scanner wraps its image in one at most. */
const MAX_FORM_DEPTH = 3
/** Images examined from one document: each JPEG is decoded, so the work stays bounded for any file. */
export const MAX_PDF_IMAGES = 12

const name = (value: string) => PDFName.of(value)
const JPEG_FILTERS = new Set([name('DCTDecode'), name('DCT')])

/**
 * The JPEGs (DCTDecode streams are whole JPEG files, metadata included) drawn on the first `maxPages`
 * pages that draw images and no text, each image once. Runs after the pre-scan, in a parser process;
 * a file pdf-lib cannot open gives none (document risk's own reading of it says what is wrong).
 */
export async function imageOnlyPageJpegs (bytes: Uint8Array, maxPages: number): Promise<PdfImages> {
  let doc: PDFDocument
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest })
  } catch {
    return { images: [], pdfTools: [] }
  }
  const images: PageImage[] = []
  const seen = new Set<PDFRawStream>()
  try {
    for (const [index, page] of doc.getPages().slice(0, maxPages).entries()) {
      const jpegs = new PageWalk(doc.context).imagesIfNoText(page.node.Resources(), contentOf(doc.context, page.node.Contents()), 0)
      for (const jpeg of jpegs ?? []) {
        if (seen.has(jpeg) || images.length >= MAX_PDF_IMAGES) continue
        seen.add(jpeg)
        images.push({ pageNumber: index + 1, bytes: jpeg.contents })
      }
    }
  } catch {
    // A damaged page tree ends the walk: the pages read so far still count.
  }
  return { images, pdfTools: ownTools(doc) }
}

class PageWalk {
  readonly #context: PDFContext

  constructor (context: PDFContext) {
    this.#context = context
  }

  /** The JPEG streams a content stream draws, through forms; null when it (or a form it draws) shows text or cannot be read. */
  imagesIfNoText (resources: PDFDict | undefined, content: Uint8Array | null, depth: number): PDFRawStream[] | null {
    if (content === null || depth > MAX_FORM_DEPTH) return null
    const painted = paintedContent(content)
    if (painted.drawsText) return null
    const xobjects = this.#dict(resources?.get(name('XObject')))
    const jpegs: PDFRawStream[] = []
    for (const drawn of new Set(painted.xobjects)) {
      const stream = this.#context.lookup(xobjects?.get(name(drawn)))
      if (!(stream instanceof PDFRawStream)) continue
      const subtype = stream.dict.get(name('Subtype'))
      if (subtype === name('Image') && isJpeg(this.#context, stream.dict)) jpegs.push(stream)
      if (subtype === name('Form')) {
        const inner = this.imagesIfNoText(this.#dict(stream.dict.get(name('Resources'))) ?? resources, decoded(this.#context, stream), depth + 1)
        if (inner === null) return null
        jpegs.push(...inner)
      }
    }
    return jpegs
  }

  #dict (value: PDFObject | undefined): PDFDict | undefined {
    const resolved = this.#context.lookup(value)
    return resolved instanceof PDFDict ? resolved : undefined
  }
}

function isJpeg (context: PDFContext, dict: PDFDict): boolean {
  const filter = context.lookup(dict.get(name('Filter')))
  const only = filter instanceof PDFArray && filter.size() === 1 ? context.lookup(filter.get(0)) : filter
  return only instanceof PDFName && JPEG_FILTERS.has(only)
}

/** A page's content: one stream or an array of them, read as one. */
function contentOf (context: PDFContext, contents: PDFObject | undefined): Uint8Array | null {
  const resolved = contents instanceof PDFRef ? context.lookup(contents) : contents
  const streams = resolved instanceof PDFArray ? resolved.asArray().map((item) => context.lookup(item)) : [resolved]
  const parts: Uint8Array[] = []
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue
    const part = decoded(context, stream)
    if (part === null) return null
    parts.push(part, Buffer.from(' '))
  }
  return Buffer.concat(parts)
}

function decoded (context: PDFContext, stream: PDFRawStream): Uint8Array | null {
  const filter = context.lookup(stream.dict.get(name('Filter')))
  const filters = filter instanceof PDFArray ? filter.asArray().map((item) => context.lookup(item)) : filter === undefined ? [] : [filter]
  if (!filters.every((item) => item instanceof PDFName)) return null
  return decodeContent(stream.contents, filters.map((item) => (item as PDFName).decodeText()), MAX_CONTENT_BYTES)
}

const XMP_TOOL = /<(?:pdf:Producer|xmp:CreatorTool)>([^<]{1,200})<|(?:pdf:Producer|xmp:CreatorTool)\s*=\s*"([^"]{1,200})"/g

/**
 * The programs the PDF names as its own Producer and Creator, in its Info dictionary or its XMP
 * packet: document risk judges those, so the images' signals leave them out.
 */
function ownTools (doc: PDFDocument): string[] {
  const tools: (string | undefined)[] = []
  try {
    tools.push(doc.getProducer(), doc.getCreator())
    const xmp = doc.context.lookup(doc.catalog.get(name('Metadata')))
    const packet = xmp instanceof PDFRawStream ? decoded(doc.context, xmp) : null
    if (packet !== null) for (const match of Buffer.from(packet).toString('utf8').matchAll(XMP_TOOL)) tools.push(match[1] ?? match[2])
  } catch {
    // An Info dictionary or packet pdf-lib cannot read names nothing.
  }
  return tools.filter((tool): tool is string => tool !== undefined && tool.trim() !== '')
}
