import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PDFDocument, type PDFPage, PDFName, PDFString, popGraphicsState, pushGraphicsState, setTextRenderingMode, StandardFonts, TextRenderingMode } from 'pdf-lib'
import { assessDocumentRisk } from './assess-document-risk.ts'
import { DocumentUnreadable, type RiskSignal } from '../analysis/analysis-types.ts'
import {
  appendRevision, CLEAN_ROWS, makePasswordProtectedPdf, makeSpacePaddedStatement, makeStatement, ONE_PIXEL_PNG, paintOverFigure, type StatementRow,
} from '../../../../test/fixtures/risk-statements.ts'

const now = new Date('2026-04-10T12:00:00Z')

async function assess (bytes: Uint8Array | Promise<Uint8Array>, at = now): Promise<RiskSignal[]> {
  return assessDocumentRisk({ bytes: await bytes, kind: 'pdf', now: at })
}

function cleanRowsWith (index: number, change: Partial<StatementRow>): StatementRow[] {
  return CLEAN_ROWS.map((row, rowIndex) => (rowIndex === index ? { ...row, ...change } : row))
}

function isUnreadable (pattern: RegExp) {
  return (error: unknown) => error instanceof DocumentUnreadable && pattern.test(error.message)
}

describe('document risk of a statement', () => {
  it('when the statement is as the bank made it, then no signal', async () => {
    assert.deepEqual(await assess(makeStatement()), [])
  })

  it('when the statement runs over two pages, each with its table heading, then no signal', async () => {
    assert.deepEqual(await assess(makeStatement({ rowsPerPage: 4 })), [])
  })

  it('when the Producer is iLovePDF, then editing_tool', async () => {
    assert.deepEqual(await assess(makeStatement({ producer: 'iLovePDF' })), [{
      code: 'editing_tool',
      severity: 'high',
      message: 'The PDF\'s Producer is iLovePDF, an editing tool: the file was saved by an editor after it was made.',
    }])
  })

  it('when a revision is appended to the saved file, then incremental_updates', async () => {
    const original = await makeStatement({ useObjectStreams: false })
    assert.deepEqual(await assess(original), [])
    assert.deepEqual(await assess(appendRevision(original)), [{
      code: 'incremental_updates',
      severity: 'medium',
      message: 'The PDF has 2 revisions: an update was appended after it was first written, the way an editor saves changes.',
    }])
  })

  it('when the file was modified 30 days after it was created, then modified_after_creation', async () => {
    const statement = makeStatement({ created: new Date('2026-04-01T08:00:00Z'), modified: new Date('2026-05-01T08:00:00Z') })
    assert.deepEqual(await assess(statement, new Date('2026-05-10T12:00:00Z')), [{
      code: 'modified_after_creation',
      severity: 'medium',
      message: 'The PDF was modified on 2026-05-01 08:00 UTC, 30 days after it was created on 2026-04-01 08:00 UTC.',
    }])
  })

  it('when the PDF was created ten days before its statement period ends, then created_before_period_end', async () => {
    const statement = makeStatement({ created: new Date('2026-03-21T10:00:00Z') })
    assert.deepEqual(await assess(statement), [{
      code: 'created_before_period_end',
      severity: 'high',
      message: 'The PDF was created on 2026-03-21 10:00 UTC, before the end of the statement period it reports (01 March 2026 to 31 March 2026): a bank issues a statement after its period has ended.',
    }])
  })

  it('when the PDF was created on the last day of its period, or on the day before (another time zone), then no signal', async () => {
    assert.deepEqual(await assess(makeStatement({ created: new Date('2026-03-31T18:00:00Z') })), [])
    assert.deepEqual(await assess(makeStatement({ created: new Date('2026-03-30T01:00:00Z') })), [])
  })

  it('when the creation date is after the time of the check, then future_date', async () => {
    const statement = makeStatement({ created: new Date('2026-05-01T09:00:00Z'), modified: new Date('2026-04-01T08:00:00Z') })
    assert.deepEqual(await assess(statement), [{
      code: 'future_date',
      severity: 'high',
      message: 'The PDF\'s creation date 2026-05-01 09:00 UTC is later than the time of the check (2026-04-10 12:00 UTC).',
    }])
  })

  it('when the statement period and transactions end after the day of the check, then future_date names the page and the date', async () => {
    const statement = makeStatement({ created: new Date('2026-03-15T09:00:00Z') })
    assert.deepEqual(await assess(statement, new Date('2026-03-20T12:00:00Z')), [{
      code: 'future_date',
      severity: 'high',
      message: 'Page 1 shows the date 31 March 2026 ("Statement period: 01 March 2026 to 31 March 2026") and 2 other later dates, after the day of the check (2026-03-20).',
    }, {
      code: 'created_before_period_end',
      severity: 'high',
      message: 'The PDF was created on 2026-03-15 09:00 UTC, before the end of the statement period it reports (01 March 2026 to 31 March 2026): a bank issues a statement after its period has ended.',
    }])
  })

  it('when a transaction is dated before the statement period, then date_outside_period', async () => {
    const statement = makeStatement({ rows: cleanRowsWith(4, { date: '28 Feb 2026' }) })
    assert.deepEqual(await assess(statement), [{
      code: 'date_outside_period',
      severity: 'medium',
      message: 'On page 1, "28 Feb 2026 Card payment SHELL" is dated 28 Feb 2026, outside the statement period 01 March 2026 to 31 March 2026.',
    }])
  })

  it('when the document runs JavaScript as it opens, then active_content, though the action sits in a compressed object stream', async () => {
    const statement = makeStatement({
      decorate: (doc) => {
        doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))
      },
    })
    assert.deepEqual(await assess(statement), [{
      code: 'active_content',
      severity: 'high',
      message: 'The PDF contains JavaScript (the action run when the document opens), which a statement has no reason to run.',
    }])
  })

  it('when a file is attached to the document, then active_content names it', async () => {
    const statement = makeStatement({ decorate: (doc) => doc.attach(new TextEncoder().encode('hello'), 'notes.txt', { mimeType: 'text/plain' }) })
    assert.deepEqual(await assess(statement), [{
      code: 'active_content',
      severity: 'high',
      message: 'The PDF carries an embedded file ("notes.txt"), which can hide another document inside this one.',
    }])
  })

  it('when text is drawn in rendering mode 3 (invisible), then hidden_text', async () => {
    const statement = makeStatement({
      decorate: async (doc, page) => {
        const font = await doc.embedFont(StandardFonts.Helvetica)
        page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible))
        page.drawText('Verified by Northwind Bank', { x: 300, y: 820, size: 9, font })
        page.pushOperators(popGraphicsState())
      },
    })
    assert.deepEqual(await assess(statement), [{
      code: 'hidden_text',
      severity: 'high',
      message: 'Page 1 carries 1 piece of invisible text (rendering mode 3) that software reads but a person cannot see, such as "Verified by Northwind Bank".',
    }])
  })

  it('when text is drawn on a small image pasted on the page, then hidden_text', async () => {
    const statement = makeStatement({
      decorate: async (doc, page) => {
        page.drawImage(await doc.embedPng(ONE_PIXEL_PNG), { x: 40, y: 812, width: 160, height: 22 })
        page.drawText('Certified true copy', { x: 45, y: 820, size: 9 })
      },
    })
    assert.deepEqual(await assess(statement), [{
      code: 'hidden_text',
      severity: 'high',
      message: 'Page 1 has 1 piece of text drawn within the area of an image, as when a patch is pasted over the original, such as "Certified true copy".',
    }])
  })

  it('when a scanned page carries an invisible OCR text layer over its image, then no signal', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false })
    const page = doc.addPage([595, 842])
    page.drawImage(await doc.embedPng(ONE_PIXEL_PNG), { x: 0, y: 0, width: 595, height: 842 })
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible))
    page.drawText('Opening balance 1,250.00', { x: 40, y: 400, size: 9 })
    page.pushOperators(popGraphicsState())
    assert.deepEqual(await assess(doc.save()), [])
  })

  it('when one figure is drawn in Courier among Helvetica figures, then inconsistent_font', async () => {
    const statement = makeStatement({ rows: cleanRowsWith(4, { courier: 'paidOut' }) })
    assert.deepEqual(await assess(statement), [{
      code: 'inconsistent_font',
      severity: 'high',
      message: 'On page 1, the figure 62.35 is drawn in Courier, while the other 13 figures on the page are in Helvetica.',
    }])
  })

  it('when the closing balance is covered by a white box and redrawn in Courier, then inconsistent_font and balance_mismatch on the figure seen', async () => {
    const statement = makeStatement({
      decorate: (doc, page) => paintOverFigure(doc, page, { rowIndex: 7, column: 'balance', oldText: '3,100.55', newText: '8,100.55' }),
    })
    assert.deepEqual(await assess(statement), [
      {
        code: 'inconsistent_font',
        severity: 'high',
        message: 'On page 1, the figure 8,100.55 is drawn in Courier, while the other 14 figures on the page are in Helvetica.',
      },
      {
        code: 'balance_mismatch',
        severity: 'high',
        message: 'On page 1, "31 Mar 2026 Closing balance" shows a balance of 8,100.55, but the balance above it is 3,100.55.',
      },
    ])
  })

  // A compact one-line header above the statement: "Sort code 20-09-15  Account number 41011166", each part drawn apart.
  const compactHeader = (accountFont: StandardFonts, labelFont = StandardFonts.Helvetica) => async (doc: PDFDocument, page: PDFPage) => {
    const label = await doc.embedFont(labelFont)
    page.drawText('Sort code', { x: 40, y: 825, size: 9, font: label })
    page.drawText('20-09-15', { x: 90, y: 825, size: 9, font: await doc.embedFont(StandardFonts.Helvetica) })
    page.drawText('Account number', { x: 150, y: 825, size: 9, font: label })
    page.drawText('41011166', { x: 225, y: 825, size: 9, font: await doc.embedFont(accountFont) })
  }

  it('when the account number of a compact one-line header is drawn in Courier, then inconsistent_font names it', async () => {
    assert.deepEqual(await assess(makeStatement({ decorate: compactHeader(StandardFonts.Courier) })), [{
      code: 'inconsistent_font',
      severity: 'high',
      message: 'On page 1, the account number 41011166 is drawn in Courier, a font no other text on the page uses.',
    }])
  })

  it('when the header\'s account number is in the page\'s font, or its label alone is bold, then no signal', async () => {
    assert.deepEqual(await assess(makeStatement({ decorate: compactHeader(StandardFonts.Helvetica) })), [])
    assert.deepEqual(await assess(makeStatement({ decorate: compactHeader(StandardFonts.Helvetica, StandardFonts.HelveticaBold) })), [])
  })

  it('when the last balances were retyped in Courier (more than a fifth of the figures, in a font no word uses), then inconsistent_font', async () => {
    const rows = CLEAN_ROWS.map((row, index) => (index >= 4 ? { ...row, courier: 'balance' as const } : row))
    assert.deepEqual(await assess(makeStatement({ rows })), [{
      code: 'inconsistent_font',
      severity: 'high',
      message: 'On page 1, the figures 3,478.45, 3,178.45, 3,100.55 and 1 more are drawn in Courier, while the other 10 figures on the page are in Helvetica.',
    }])
  })

  it('when the opening and closing lines are bold, words and figures alike, then no signal', async () => {
    const rows = CLEAN_ROWS.map((row, index) => (index === 0 || index === CLEAN_ROWS.length - 1 ? { ...row, bold: true } : row))
    assert.deepEqual(await assess(makeStatement({ rows })), [])
  })

  it('when a payment was changed but not the running balance, then balance_mismatch names the line and the figures', async () => {
    const statement = makeStatement({ rows: cleanRowsWith(2, { paidIn: '2,800.00' }) })
    assert.deepEqual(await assess(statement), [{
      code: 'balance_mismatch',
      severity: 'high',
      message: 'On page 1, "10 Mar 2026 Salary ACME LTD" shows a balance of 3,704.80, but 1,204.80 + 2,800.00 comes to 4,004.80.',
    }])
  })

  it('when one running balance was changed, then one balance_mismatch for that line, not one for the line after it too', async () => {
    const statement = makeStatement({ rows: cleanRowsWith(3, { balance: '3,550.80' }) })
    assert.deepEqual(await assess(statement), [{
      code: 'balance_mismatch',
      severity: 'high',
      message: 'On page 1, "14 Mar 2026 Direct debit COUNCIL TAX" shows a balance of 3,550.80, but 3,704.80 − 164.00 comes to 3,540.80.',
    }])
  })

  it('when the rows show no running balance and the closing one does not add up, then balance_mismatch names the totals', async () => {
    const rows: StatementRow[] = [
      { date: '01 Mar 2026', description: 'Opening balance', balance: '1,250.00' },
      { date: '03 Mar 2026', description: 'Card payment TESCO STORES', paidOut: '45.20' },
      { date: '10 Mar 2026', description: 'Salary ACME LTD', paidIn: '2,500.00' },
      { date: '31 Mar 2026', description: 'Closing balance', balance: '3,714.80' },
    ]
    assert.deepEqual(await assess(makeStatement({ rows })), [{
      code: 'balance_mismatch',
      severity: 'high',
      message: 'On page 1, "31 Mar 2026 Closing balance" shows 3,714.80, but the opening balance 1,250.00 plus 2,500.00 paid in minus 45.20 paid out comes to 3,704.80.',
    }])
  })

  it('when a statement says Money out / Money in, with £ signs, CR/DR balances, numeric dates and rows without a balance, then no signal', async () => {
    const rows: StatementRow[] = [
      { date: '01/03/2026', description: 'Balance brought forward', balance: '£1,250.00 CR' },
      { date: '03/03/2026', description: 'CARD PAYMENT TO TESCO STORES ON 01/03/2026', paidOut: '£45.20', balance: '£1,204.80 CR' },
      { date: '10/03/2026', description: 'BGC ACME LTD SALARY', paidIn: '£2,500.00', balance: '£3,704.80 CR' },
      { date: '', description: 'DD COUNCIL TAX', paidOut: '£4,000.00' },
      { date: '14/03/2026', description: 'TOTAL FITNESS USD 12.50', paidOut: '£100.00', balance: '£395.20 DR' },
      { date: '31/03/2026', description: 'Balance carried forward', balance: '£395.20 DR' },
    ]
    const headings = { paidOut: 'Money out', paidIn: 'Money in', balance: 'Balance (£)' }
    assert.deepEqual(await assess(makeStatement({ rows, headings, period: '01/03/2026 - 31/03/2026' })), [])
  })
})

describe('document risk of a statement written as one padded string per row', () => {
  const lines = [
    'Northwind Bank plc',
    'Statement period: 01 March 2026 to 31 March 2026',
    'Date        Description               Paid out    Paid in    Balance',
    '01 Mar 2026 Opening balance                                   1,250.00',
    '03 Mar 2026 Card payment TESCO STORES     45.20               1,204.80',
    '10 Mar 2026 Salary ACME LTD                        2,500.00   3,704.80',
    '14 Mar 2026 Direct debit COUNCIL TAX     164.00               3,540.80',
    '31 Mar 2026 Closing balance                                   3,540.80',
  ]

  it('when the figures drift away from their headings but add up, then no signal', async () => {
    assert.deepEqual(await assess(makeSpacePaddedStatement(lines)), [])
  })

  it('when a figure does not add up, then balance_mismatch, with both directions since the columns cannot tell', async () => {
    const changed = lines.map((line) => line.replace('2,500.00', '2,800.00'))
    assert.deepEqual(await assess(makeSpacePaddedStatement(changed)), [{
      code: 'balance_mismatch',
      severity: 'high',
      message: 'On page 1, "10 Mar 2026 Salary ACME LTD" shows a balance of 3,704.80, but 1,204.80 ± 2,800.00 comes to 4,004.80 or -1,595.20.',
    }])
  })
})

describe('document risk of files that are not readable statements', () => {
  it('when the bytes are not a PDF, then DocumentUnreadable says so', async () => {
    await assert.rejects(assess(new TextEncoder().encode('not a pdf at all')), isUnreadable(/^The file is not a readable PDF/))
  })

  it('when the PDF is cut short, then DocumentUnreadable says it is not readable', async () => {
    const truncated = (await makeStatement()).slice(0, 300)
    await assert.rejects(assess(truncated), isUnreadable(/^The file is not a readable PDF/))
  })

  it('when the PDF needs a password, then DocumentUnreadable says it is password-protected', async () => {
    await assert.rejects(assess(makePasswordProtectedPdf()), isUnreadable(/password-protected/))
  })

  it('when the file is a PNG, then no signal', async () => {
    assert.deepEqual(await assessDocumentRisk({ bytes: ONE_PIXEL_PNG, kind: 'png', now }), [])
  })
})
