import { createHash } from 'node:crypto'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, StandardFonts } from 'pdf-lib'

/** A figure painted over another one: a white box over the old text, the new text in Courier on top. */
export interface FigureEdit {
  pageIndex: number
  /** Where the old figure ends (it is right-aligned) and its baseline, in points. */
  right: number
  baseline: number
  size: number
  oldText: string
  newText: string
  /** The Info the editing tool leaves behind. */
  producer: string
  modificationDate: Date
  /** Seeds the second element of the trailer's /ID, which a PDF changes on every save. */
  documentId: string
}

const ascii = (text: string) => new TextEncoder().encode(text)

function lastStartXref (pdf: Uint8Array): number {
  const tail = new TextDecoder('latin1').decode(pdf.subarray(Math.max(0, pdf.length - 64)))
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
  if (!match) throw new Error('The PDF does not end with startxref and %%EOF')
  return Number(match[1])
}

function xrefTable (offsets: Map<number, number>): string {
  const numbers = [...offsets.keys()].sort((a, b) => a - b)
  let table = 'xref\n0 1\n0000000000 65535 f \n'
  for (let i = 0; i < numbers.length;) {
    let end = i
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end++
    table += `${numbers[i]} ${end - i + 1}\n`
    for (let n = i; n <= end; n++) table += `${String(offsets.get(numbers[n]!)).padStart(10, '0')} 00000 n \n`
    i = end + 1
  }
  return table
}

async function courierAndHelvetica () {
  const scratch = await PDFDocument.create()
  return { courier: await scratch.embedFont(StandardFonts.Courier), helvetica: await scratch.embedFont(StandardFonts.Helvetica) }
}

/** The new content stream: a white box over the old figure, the new one right-aligned in Courier. */
async function figureContent (edit: FigureEdit): Promise<string> {
  const { courier, helvetica } = await courierAndHelvetica()
  const oldWidth = helvetica.widthOfTextAtSize(edit.oldText, edit.size)
  const newX = edit.right - courier.widthOfTextAtSize(edit.newText, edit.size)
  const box = [edit.right - oldWidth - 1, edit.baseline - 2.5, oldWidth + 2, edit.size + 2.5].map((n) => n.toFixed(2)).join(' ')
  return `q\n1 1 1 rg\n${box} re\nf\nBT\n/Courier-Edit ${edit.size} Tf\n0 0 0 rg\n${newX.toFixed(2)} ${edit.baseline.toFixed(2)} Td\n(${edit.newText}) Tj\nET\nQ\n`
}

/** Appends objects (number → body) and an xref section with its trailer after the original bytes. */
function appendRevision (original: Uint8Array, objects: [number, string][], trailer: string): Uint8Array {
  let body = '\n'
  const offsets = new Map<number, number>()
  for (const [number, text] of objects) {
    offsets.set(number, original.length + body.length)
    body += `${number} 0 obj\n${text}\nendobj\n\n`
  }
  const xrefOffset = original.length + body.length
  const update = ascii(`${body}${xrefTable(offsets)}trailer\n<<\n${trailer}/Prev ${lastStartXref(original)}\n>>\nstartxref\n${xrefOffset}\n%%EOF\n`)
  const out = new Uint8Array(original.length + update.length)
  out.set(original)
  out.set(update, original.length)
  return out
}

/**
 * Appends an incremental update to `original`, the way an online PDF editor saves a change: the
 * original bytes stay untouched, and a new revision adds a content stream painting over a figure,
 * a Courier font, the page and Info objects rewritten, and a new xref section whose trailer points
 * back to the first one with /Prev.
 */
export async function appendFigureEdit (original: Uint8Array, edit: FigureEdit): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false })
  const page = doc.getPage(edit.pageIndex)
  const size = doc.context.largestObjectNumber + 1
  const fontRef = PDFRef.of(size)
  const contentRef = PDFRef.of(size + 1)
  const content = await figureContent(edit)

  // Only the page object is rewritten, so its resources must live inside it (as pdf-lib writes them).
  if (page.node.get(PDFName.of('Resources')) instanceof PDFRef) throw new Error('The page\'s resources are a separate object')
  page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).set(PDFName.of('Courier-Edit'), fontRef)
  const contents = page.node.Contents()
  const newContents = contents instanceof PDFArray ? contents : doc.context.obj([page.node.get(PDFName.of('Contents'))!])
  newContents.push(contentRef)
  page.node.set(PDFName.of('Contents'), newContents)
  doc.setProducer(edit.producer)
  doc.setModificationDate(edit.modificationDate)
  const infoRef = doc.context.trailerInfo.Info as PDFRef

  const [firstId] = (doc.context.trailerInfo.ID as PDFArray).asArray()
  const secondId = PDFHexString.of(createHash('md5').update(edit.documentId).digest('hex'))
  return appendRevision(original, [
    [page.ref.objectNumber, page.node.toString()],
    [infoRef.objectNumber, doc.context.lookup(infoRef)!.toString()],
    [fontRef.objectNumber, '<<\n/Type /Font\n/Subtype /Type1\n/BaseFont /Courier\n/Encoding /WinAnsiEncoding\n>>'],
    [contentRef.objectNumber, `<<\n/Length ${content.length}\n>>\nstream\n${content}endstream`],
  ], `/Size ${size + 2}\n/Root ${doc.context.trailerInfo.Root}\n/Info ${infoRef}\n/ID [ ${firstId} ${secondId} ]\n`)
}
