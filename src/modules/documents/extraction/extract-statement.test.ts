import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib'
import { createStandaloneOcr } from '../../../infra/ocr/ocr-standalone.ts'
import { bankStatementMetadata, cleanStatementContent, layOutStatement, longStatementContent, makeStatementPdf } from '../../../../scripts/samples/statements/index.ts'
import { DocumentUnreadable } from '../analysis/analysis-types.ts'
import { extractStatement } from './extract-statement.ts'
import type { StatementFields } from './extraction-types.ts'

const own = createStandaloneOcr({ workers: 2, processes: 2, maxPixels: 20_000_000 })
const ocr = own.forTenant('test')
after(() => own.close())

const sample = async (name: string) => new Uint8Array(await readFile(new URL(`../samples/${name}`, import.meta.url)))
const unreadable = (message: RegExp) => (error: unknown) => error instanceof DocumentUnreadable && message.test(error.message)

const cleanFields = {
  accountHolderName: { value: 'Jane Doe', confidence: 0.96 },
  bankName: { value: 'Northwind Bank plc', confidence: 0.94 },
  sortCode: { value: '089999', confidence: 0.98 },
  accountNumber: { value: '66374958', confidence: 0.98 },
  iban: { value: 'GB70NWBK08999966374958', confidence: 0.98 },
  bic: { value: 'NWBKGB2L', confidence: 0.96 },
  statementPeriod: { value: { start: '2026-03-01', end: '2026-03-31' }, confidence: 0.96 },
  currency: { value: 'GBP', confidence: 0.97 },
  openingBalance: { value: '1250.00', confidence: 0.96 },
  closingBalance: { value: '2337.68', confidence: 0.96 },
}

/** Every field's value, as the OCR tests compare them (their confidences depend on tesseract). */
const values = (fields: StatementFields) => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.value ?? null]))

async function pdfOf (pages: ((doc: PDFDocument) => Promise<void>)[], tamper?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (const page of pages) await page(doc)
  tamper?.(doc)
  return doc.save()
}

const letterPage = async (doc: PDFDocument) => {
  doc.addPage([595, 842]).drawText('Dear customer, thank you for your letter of 3 March about your account.', { x: 50, y: 780, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) })
}

describe('extractStatement', () => {
  it('when the clean statement PDF is read, then every field comes from the text layer, exactly', async () => {
    assert.deepEqual(await extractStatement({ bytes: await sample('clean-statement.pdf'), kind: 'pdf', ocr }), { method: 'text', pages: 1, fields: cleanFields })
  })

  it('when a statement variant for another account is made and read, then its own details come back', async () => {
    const pdf = await makeStatementPdf({ ...cleanStatementContent, bankName: 'Riverside Building Society', accountHolderName: 'John Smith', sortCode: '202959', accountNumber: '63748472', iban: 'GB50RVBS20295963748472' }, bankStatementMetadata)
    const { fields } = await extractStatement({ bytes: pdf, kind: 'pdf', ocr })
    assert.deepEqual([fields.bankName?.value, fields.accountHolderName?.value, fields.sortCode?.value, fields.accountNumber?.value, fields.iban?.value],
      ['Riverside Building Society', 'John Smith', '202959', '63748472', 'GB50RVBS20295963748472'])
    assert.equal(fields.iban?.confidence, 0.98)
  })

  it('when the edited statement is read, then the closing balance is the figure painted over the original', async () => {
    const { method, fields } = await extractStatement({ bytes: await sample('edited-statement.pdf'), kind: 'pdf', ocr })
    assert.equal(method, 'text')
    assert.deepEqual(fields, { ...cleanFields, closingBalance: { value: '8337.68', confidence: 0.96 } })
  })

  it('when the ten-page statement is read, then the period spans it and the closing balance is the last page\'s', async () => {
    const result = await extractStatement({ bytes: await sample('ten-page-statement.pdf'), kind: 'pdf', ocr })
    assert.equal(result.method, 'text')
    assert.equal(result.pages, 10)
    assert.deepEqual(result.fields.statementPeriod?.value, { start: '2026-01-01', end: '2026-03-31' })
    assert.equal(result.fields.closingBalance?.value, layOutStatement(longStatementContent()).closingBalance)
    assert.equal(result.fields.sortCode?.value, '089999')
  })

  it('when the scanned statement image is read, then OCR finds the same details', async () => {
    const result = await extractStatement({ bytes: await sample('scanned-statement.png'), kind: 'png', ocr })
    assert.equal(result.method, 'ocr')
    assert.equal(result.pages, 1)
    assert.deepEqual(values(result.fields), values(cleanFields))
    for (const name of ['sortCode', 'accountNumber', 'accountHolderName'] as const) assert.ok(result.fields[name]!.confidence >= 0.8, name)
  })

  it('when the scanned statement PDF (no text layer) is read, then its page is rendered and OCR finds the same details', async () => {
    const result = await extractStatement({ bytes: await sample('scanned-statement.pdf'), kind: 'pdf', ocr })
    assert.equal(result.method, 'ocr')
    assert.deepEqual([result.fields.sortCode?.value, result.fields.accountNumber?.value], ['089999', '66374958'])
  })

  it('when a PDF mixes a text page and a scanned page, then both are read and the method is ocr', async () => {
    const scan = await sample('scanned-statement.png')
    const pdf = await pdfOf([letterPage, async (doc) => {
      doc.addPage([595.28, 841.89]).drawImage(await doc.embedPng(scan), { x: 0, y: 0, width: 595.28, height: 841.89 })
    }])
    const result = await extractStatement({ bytes: pdf, kind: 'pdf', ocr })
    assert.deepEqual([result.method, result.pages, result.fields.accountNumber?.value], ['ocr', 2, '66374958'])
  })

  it('when a scanned page carries a scanner app\'s text stamp (a text layer without the details), then OCR reads the page and finds them', async () => {
    const scan = await sample('scanned-statement.png')
    const pdf = await pdfOf([async (doc) => {
      const page = doc.addPage([595.28, 841.89])
      page.drawImage(await doc.embedPng(scan), { x: 0, y: 0, width: 595.28, height: 841.89 })
      page.drawText('Scanned with PocketScan Pro on 31/03/2026 at 10:42 - page 1 of 1 - pocketscan.example', { x: 40, y: 12, size: 7, font: await doc.embedFont(StandardFonts.Helvetica) })
    }])
    const result = await extractStatement({ bytes: pdf, kind: 'pdf', ocr })
    assert.deepEqual([result.method, result.pages, result.fields.sortCode?.value, result.fields.accountNumber?.value, result.fields.accountHolderName?.value], ['ocr', 1, '089999', '66374958', 'Jane Doe'])
  })

  it('when a readable PDF shows no account details, then the fields are null and nothing is thrown', async () => {
    const result = await extractStatement({ bytes: await pdfOf([letterPage]), kind: 'pdf', ocr })
    assert.deepEqual(result, { method: 'text', pages: 1, fields: Object.fromEntries(Object.keys(cleanFields).map((k) => [k, null])) })
  })

  // Decided: a scan where OCR finds no legible text at all is unreadable (the uploader can rescan);
  // a legible document without account details is not (null fields, the caller decides).
  it('when the scan is too blurred to read, then DocumentUnreadable says so and what to do', async () => {
    await assert.rejects(extractStatement({ bytes: await sample('unreadable-scan.png'), kind: 'png', ocr }),
      unreadable(/^The scan could not be read: no legible text was found \(OCR confidence \d+%\)\. Upload a sharp, well-lit scan/))
  })

  it('when the bytes are not a PDF, not an image, or a damaged image, then DocumentUnreadable', async () => {
    await assert.rejects(extractStatement({ bytes: new TextEncoder().encode('%PDF-1.4\ngarbage'), kind: 'pdf', ocr }),
      unreadable(/^The file is not a readable PDF \(invalid PDF structure\)\. Upload the statement as downloaded from the bank/))
    await assert.rejects(extractStatement({ bytes: new TextEncoder().encode('\x89PNG not really'), kind: 'png', ocr }),
      unreadable(/^The image could not be read \(the file is not an image that can be read\)\. Upload a PNG or JPEG scan/))
    const truncated = (await sample('scanned-statement.png')).subarray(0, 5000)
    await assert.rejects(extractStatement({ bytes: truncated, kind: 'png', ocr }),
      unreadable(/^The image could not be read \(the image data is damaged or incomplete\)\. Upload a PNG or JPEG scan/))
  })

  it('when the PDF is password-protected, then DocumentUnreadable asks for a copy without one', async () => {
    const encrypted = await pdfOf([letterPage], ({ context }) => {
      context.trailerInfo.Encrypt = context.register(context.obj({
        Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: PDFHexString.of('ab'.repeat(32)), U: PDFHexString.of('cd'.repeat(32)),
      }))
      context.trailerInfo.ID = context.obj([PDFHexString.of('00'.repeat(16)), PDFHexString.of('00'.repeat(16))])
    })
    await assert.rejects(extractStatement({ bytes: encrypted, kind: 'pdf', ocr }), unreadable(/^The PDF is password-protected, so it cannot be read\. Upload a copy without a password/))
  })

  it('when the PDF has more pages than allowed, then DocumentUnreadable names both numbers', async () => {
    await assert.rejects(extractStatement({ bytes: await sample('ten-page-statement.pdf'), kind: 'pdf', ocr, maxPages: 5 }),
      unreadable(/^The PDF has 10 pages; at most 5 can be read\./))
  })

  it('when the image has too many pixels, then DocumentUnreadable says how to make it smaller', async () => {
    const small = createStandaloneOcr({ maxPixels: 1_000_000 })
    try {
      await assert.rejects(extractStatement({ bytes: await sample('scanned-statement.png'), kind: 'png', ocr: small.forTenant('test') }),
        unreadable(/^The image is 1654 × 2339 pixels \(3\.9 million\); at most 1 million can be read\. Scan at 300 dpi or less/))
    } finally {
      await small.close()
    }
  })
})
