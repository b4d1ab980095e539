import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'

/** One row of a statement table; amounts are written as the bank prints them ("1,204.80"). */
export interface StatementRow {
  date: string
  description: string
  paidOut?: string
  paidIn?: string
  balance?: string
  /** Draws this figure in Courier instead of Helvetica, as a careless editor would. */
  courier?: Column
  /** Draws the whole row, words and figures, in Helvetica-Bold, as statements emphasise a closing balance. */
  bold?: boolean
}

/** The rows of a statement whose arithmetic is right: 1,250.00 − 649.45 + 2,500.00 = 3,100.55. */
export const CLEAN_ROWS: readonly StatementRow[] = [
  { date: '01 Mar 2026', description: 'Opening balance', balance: '1,250.00' },
  { date: '03 Mar 2026', description: 'Card payment TESCO STORES', paidOut: '45.20', balance: '1,204.80' },
  { date: '10 Mar 2026', description: 'Salary ACME LTD', paidIn: '2,500.00', balance: '3,704.80' },
  { date: '14 Mar 2026', description: 'Direct debit COUNCIL TAX', paidOut: '164.00', balance: '3,540.80' },
  { date: '18 Mar 2026', description: 'Card payment SHELL', paidOut: '62.35', balance: '3,478.45' },
  { date: '22 Mar 2026', description: 'Transfer to savings', paidOut: '300.00', balance: '3,178.45' },
  { date: '27 Mar 2026', description: 'Card payment AMAZON', paidOut: '77.90', balance: '3,100.55' },
  { date: '31 Mar 2026', description: 'Closing balance', balance: '3,100.55' },
]

type Column = 'paidOut' | 'paidIn' | 'balance'

export interface StatementOptions {
  rows?: readonly StatementRow[]
  headings?: Record<Column, string>
  rowsPerPage?: number
  /** The text after "Statement period: ". */
  period?: string
  producer?: string
  created?: Date
  modified?: Date
  /** Adds what a test needs (an action, an attachment, invisible text) before the file is saved. */
  decorate?: (doc: PDFDocument, firstPage: PDFPage) => void | Promise<void>
  useObjectStreams?: boolean
}

export const STATEMENT_CREATED = new Date('2026-04-01T08:00:00Z')

interface Fonts { text: PDFFont, bold: PDFFont, courier: PDFFont }

const COLUMN_RIGHT_EDGES: Record<Column, number> = { paidOut: 380, paidIn: 460, balance: 550 }
const HEADINGS: Record<Column, string> = { paidOut: 'Paid out', paidIn: 'Paid in', balance: 'Balance' }
const FONT_SIZE = 9
const LINE_HEIGHT = 14
const TOP = 800
const FIRST_ROW_Y = TOP - 8 * LINE_HEIGHT // below the seven heading lines and the table's heading

/** A statement laid out like idcheck's sample generator: one text line per row, amounts right-aligned. */
export async function makeStatement (options: StatementOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts: Fonts = {
    text: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    courier: await doc.embedFont(StandardFonts.Courier),
  }
  const rows = options.rows ?? CLEAN_ROWS
  const rowsPerPage = options.rowsPerPage ?? 40
  for (let start = 0; start < rows.length; start += rowsPerPage) {
    const page = doc.addPage([595, 842])
    let y = drawHeading(page, fonts.text, options.period ?? '01 March 2026 to 31 March 2026', options.headings ?? HEADINGS)
    for (const row of rows.slice(start, start + rowsPerPage)) {
      drawRow(page, fonts, row, y)
      y -= LINE_HEIGHT
    }
  }
  if (options.producer !== undefined) doc.setProducer(options.producer)
  doc.setCreationDate(options.created ?? STATEMENT_CREATED)
  doc.setModificationDate(options.modified ?? options.created ?? STATEMENT_CREATED)
  await options.decorate?.(doc, doc.getPage(0))
  return doc.save({ useObjectStreams: options.useObjectStreams ?? true })
}

function drawHeading (page: PDFPage, font: PDFFont, period: string, headings: Record<Column, string>): number {
  const lines = [
    'Northwind Bank plc', 'Statement of account', 'Account holder: Jane Doe',
    'Sort code: 08-99-99    Account number: 66374958', 'IBAN: GB29NWBK60161331926819    BIC: NWBKGB2L',
    `Statement period: ${period}`, 'Currency: GBP',
  ]
  let y = TOP
  for (const line of lines) {
    page.drawText(line, { x: 40, y, size: FONT_SIZE, font })
    y -= LINE_HEIGHT
  }
  page.drawText('Date', { x: 40, y, size: FONT_SIZE, font })
  page.drawText('Description', { x: 110, y, size: FONT_SIZE, font })
  for (const column of ['paidOut', 'paidIn', 'balance'] as const) drawRightAligned(page, font, headings[column], COLUMN_RIGHT_EDGES[column], y)
  return y - LINE_HEIGHT
}

function drawRow (page: PDFPage, fonts: Fonts, row: StatementRow, y: number): void {
  const text = row.bold === true ? fonts.bold : fonts.text
  page.drawText(row.date, { x: 40, y, size: FONT_SIZE, font: text })
  page.drawText(row.description, { x: 110, y, size: FONT_SIZE, font: text })
  for (const column of ['paidOut', 'paidIn', 'balance'] as const) {
    const amount = row[column]
    const font = row.courier === column ? fonts.courier : text
    if (amount !== undefined) drawRightAligned(page, font, amount, COLUMN_RIGHT_EDGES[column], y)
  }
}

function drawRightAligned (page: PDFPage, font: PDFFont, text: string, rightEdge: number, y: number): void {
  page.drawText(text, { x: rightEdge - font.widthOfTextAtSize(text, FONT_SIZE), y, size: FONT_SIZE, font })
}

/**
 * Covers a figure of the first page with a white box and writes another in Courier on top, as online
 * editors do: the old figure stays in the text layer, under the box.
 */
export async function paintOverFigure (doc: PDFDocument, page: PDFPage, edit: { rowIndex: number, column: Column, oldText: string, newText: string }): Promise<void> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica)
  const courier = await doc.embedFont(StandardFonts.Courier)
  const right = COLUMN_RIGHT_EDGES[edit.column]
  const y = FIRST_ROW_Y - edit.rowIndex * LINE_HEIGHT
  const oldWidth = helvetica.widthOfTextAtSize(edit.oldText, FONT_SIZE)
  page.drawRectangle({ x: right - oldWidth - 1, y: y - 2.5, width: oldWidth + 2, height: FONT_SIZE + 2.5, color: rgb(1, 1, 1) })
  page.drawText(edit.newText, { x: right - courier.widthOfTextAtSize(edit.newText, FONT_SIZE), y, size: FONT_SIZE, font: courier })
}

/** A statement whose rows are each one string, padded with spaces, in Helvetica: its columns drift from their headings. */
export async function makeSpacePaddedStatement (lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  lines.forEach((line, index) => page.drawText(line, { x: 40, y: TOP - index * LINE_HEIGHT, size: FONT_SIZE, font }))
  doc.setCreationDate(STATEMENT_CREATED)
  doc.setModificationDate(STATEMENT_CREATED)
  return doc.save()
}

/**
 * Appends a second revision the way editors save: the original bytes untouched, then a new object, a
 * cross-reference section for it and a trailer whose /Prev points at the original one.
 */
export function appendRevision (original: Uint8Array): Uint8Array {
  const raw = Buffer.from(original).toString('latin1')
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1])
  const trailer = raw.slice(raw.lastIndexOf('trailer'))
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1])
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1]
  const info = /\/Info (\d+ \d+ R)/.exec(trailer)?.[1]
  const object = `${size} 0 obj\n<< /Note (added by an editor) >>\nendobj\n`
  const xrefOffset = original.length + object.length
  const update = object +
    `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(original.length).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${info} /Prev ${previousXref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`
  return Buffer.concat([original, Buffer.from(update, 'latin1')])
}

/**
 * A PDF whose trailer names a standard security handler: its /U entry matches no empty password, so a reader
 * must ask for one, as for a statement a bank protects with the customer's date of birth.
 */
export function makePasswordProtectedPdf (): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`,
  ]
  let body = '%PDF-1.4\n'
  const offsets = objects.map((object, index) => {
    const offset = body.length
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xrefOffset = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'ef'.repeat(16)}> <${'ef'.repeat(16)}>] >>\nstartxref\n${xrefOffset}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
