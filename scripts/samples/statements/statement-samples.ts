import { PDFDocument } from 'pdf-lib'
import { appendFigureEdit } from './statement-edit.ts'
import { renderStatementPng } from './statement-image.ts'
import { amounts, formatAmount, layOutStatement } from './statement-layout.ts'
import type { StatementContent, StatementLayout, StatementTransaction } from './statement-layout.ts'
import { renderStatementPdf, setFixedMetadata } from './statement-pdf.ts'
import type { PdfMetadata } from './statement-pdf.ts'
import { seededRandom } from '#shared/seeded-random.ts'

const ACCOUNT = {
  bankName: 'Northwind Bank plc',
  accountHolderName: 'Jane Doe',
  // VocaLink's published example of a pair that passes the modulus check
  sortCode: '089999',
  accountNumber: '66374958',
  // composeIBAN({ countryCode: 'GB', bban: 'NWBK' + '089999' + '66374958' }): the same account
  iban: 'GB70NWBK08999966374958',
  bic: 'NWBKGB2L',
  currency: 'GBP',
}

export const cleanStatementContent: StatementContent = {
  ...ACCOUNT,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  openingBalance: '1250.00',
  transactions: [
    { date: '2026-03-02', description: 'Card payment TESCO STORES 3041', paidOut: '45.67' },
    { date: '2026-03-05', description: 'Salary ACME LTD', paidIn: '2150.00' },
    { date: '2026-03-07', description: 'Direct debit COUNCIL TAX', paidOut: '142.00' },
    { date: '2026-03-12', description: 'Standing order RENT', paidOut: '950.00' },
    { date: '2026-03-18', description: 'Card payment TRAINLINE', paidOut: '38.40' },
    { date: '2026-03-24', description: 'Transfer from J DOE SAVINGS', paidIn: '200.00' },
    { date: '2026-03-28', description: 'Direct debit OCTOPUS ENERGY', paidOut: '86.25' },
  ],
}

const utc = (iso: string) => new Date(`${iso}Z`)

export const bankStatementMetadata: PdfMetadata = {
  producer: 'Northwind Statement Service 4.2',
  creator: 'Northwind Statement Service 4.2',
  title: 'Statement of account',
  creationDate: utc('2026-04-01T06:00:00'),
  modificationDate: utc('2026-04-01T06:00:00'),
  documentId: 'northwind-statement-2026-03-66374958',
}

/** The closing figure the edited statement shows instead of the true one. */
export const EDITED_CLOSING_BALANCE = '8337.68'


const PAYEES = ['Card payment TESCO STORES 3041', 'Card payment PRET A MANGER', 'Direct debit OCTOPUS ENERGY', 'Card payment TRAINLINE',
  'Card payment AMAZON UK', 'Contactless COSTA COFFEE', 'Direct debit THAMES WATER', 'Card payment SAINSBURYS']

/** Three months of everyday spending with a monthly salary: enough rows for ten pages. */
export function longStatementContent (): StatementContent {
  const random = seededRandom(20260331)
  const transactions: StatementTransaction[] = []
  for (let day = 0; day < 90; day++) {
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10)
    if (date.endsWith('-25')) transactions.push({ date, description: 'Salary ACME LTD', paidIn: '2150.00' })
    for (let i = 0; i < 4; i++) {
      const pence = 150 + Math.floor(random() * 2500)
      transactions.push({ date, description: PAYEES[(day + i) % PAYEES.length]!, paidOut: amounts.fromPence(pence) })
    }
  }
  return { ...cleanStatementContent, periodStart: '2026-01-01', periodEnd: '2026-03-31', openingBalance: '1250.00', transactions }
}

function closingRun (layout: StatementLayout) {
  const pageIndex = layout.pages.length - 1
  const run = layout.pages[pageIndex]!.find((r) => r.role === 'closing-balance')!
  return { pageIndex, run }
}

async function scannedPdf (png: Uint8Array, layout: StatementLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const image = await doc.embedPng(png)
  const page = doc.addPage([layout.pageWidth, layout.pageHeight])
  page.drawImage(image, { x: 0, y: 0, width: layout.pageWidth, height: layout.pageHeight })
  setFixedMetadata(doc, {
    producer: 'ScanWorks 2.0',
    creator: 'ScanWorks 2.0',
    title: 'Scan',
    creationDate: utc('2026-04-03T09:15:00'),
    modificationDate: utc('2026-04-03T09:15:00'),
    documentId: 'scanworks-scan-2026-04-03-0001',
  })
  return doc.save({ useObjectStreams: false })
}

/** Every statement sample file by name, made in memory; scripts/make-sample-documents.ts writes them and a test compares them. */
export async function makeStatementSamples (): Promise<Map<string, Uint8Array>> {
  const clean = layOutStatement(cleanStatementContent)
  const cleanPdf = await renderStatementPdf(clean, bankStatementMetadata)
  const { pageIndex, run } = closingRun(clean)
  const editedPdf = await appendFigureEdit(cleanPdf, {
    pageIndex,
    right: run.x,
    baseline: run.y,
    size: run.size,
    oldText: run.text,
    newText: formatAmount(EDITED_CLOSING_BALANCE),
    producer: 'iLovePDF',
    modificationDate: utc('2026-05-20T14:32:05'),
    documentId: 'northwind-statement-2026-03-66374958-ilovepdf',
  })
  const scanPng = renderStatementPng(clean, 0, { dpi: 200 })
  const long = layOutStatement(longStatementContent())
  return new Map([
    ['clean-statement.pdf', cleanPdf],
    ['edited-statement.pdf', editedPdf],
    ['scanned-statement.png', scanPng],
    ['scanned-statement.pdf', await scannedPdf(scanPng, clean)],
    ['unreadable-scan.png', renderStatementPng(clean, 0, { dpi: 100, blurPx: 6 })],
    ['ten-page-statement.pdf', await renderStatementPdf(long, { ...bankStatementMetadata, documentId: 'northwind-statement-2026-q1-66374958' })],
  ])
}
