import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { before, describe, it } from 'node:test'
import { isValidIBAN } from 'ibantools'
import { PDFDocument } from 'pdf-lib'
import { checkModulus } from '../../../src/modules/bav/index.ts'
import { SAMPLE_DOCUMENTS } from '../../../src/modules/documents/samples/index.ts'
import { EDITED_CLOSING_BALANCE, cleanStatementContent, longStatementContent, makeStatementSamples } from './statement-samples.ts'
import { layOutStatement } from './statement-layout.ts'

const committed = (name: string) => readFile(new URL(name, SAMPLE_DOCUMENTS.find((s) => s.name === name)!.dir))
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')

let made: Map<string, Uint8Array>
before(async () => { made = await makeStatementSamples() })

describe('the statement samples', () => {
  it('when the samples are made again in memory, then each committed file is byte-identical (re-run scripts/make-sample-documents.ts after a change)', async () => {
    assert.deepEqual([...made.keys()].sort(), ['clean-statement.pdf', 'edited-statement.pdf', 'scanned-statement.pdf', 'scanned-statement.png', 'ten-page-statement.pdf', 'unreadable-scan.png'])
    for (const [name, bytes] of made) assert.ok(Buffer.from(bytes).equals(await committed(name)), `${name} differs from what the generator makes: run node scripts/make-sample-documents.ts`)
  })

  it('when the statement\'s account details are checked, then the IBAN is valid and holds the same sort code and account, which pass the modulus check', () => {
    const { iban, sortCode, accountNumber } = cleanStatementContent
    assert.ok(isValidIBAN(iban))
    assert.equal(iban.slice(8), sortCode + accountNumber)
    assert.equal(checkModulus(sortCode, accountNumber).result, 'pass')
  })

  it('when the clean statement is opened, then a bank\'s statement system made it on 1 April 2026, on one page', async () => {
    const doc = await PDFDocument.load(made.get('clean-statement.pdf')!, { updateMetadata: false })
    assert.deepEqual([doc.getProducer(), doc.getCreator(), doc.getPageCount()], ['Northwind Statement Service 4.2', 'Northwind Statement Service 4.2', 1])
    assert.deepEqual([doc.getCreationDate()?.toISOString(), doc.getModificationDate()?.toISOString()], ['2026-04-01T06:00:00.000Z', '2026-04-01T06:00:00.000Z'])
  })

  it('when the edited statement is opened, then it is the clean one plus a second revision by iLovePDF in May drawing a new closing figure in Courier', async () => {
    const clean = made.get('clean-statement.pdf')!
    const edited = made.get('edited-statement.pdf')!
    assert.ok(Buffer.from(edited.subarray(0, clean.length)).equals(Buffer.from(clean)), 'the first revision is the clean statement, untouched')
    const update = latin1(edited.subarray(clean.length))
    assert.match(update, /\/Prev \d+/)
    assert.match(update, /\/BaseFont \/Courier/)
    assert.match(update, new RegExp(`\\(${EDITED_CLOSING_BALANCE.replace(/^(\d)/, '$1,')}\\) Tj`))
    assert.equal(latin1(edited).match(/%%EOF/g)?.length, 2)
    const doc = await PDFDocument.load(edited, { updateMetadata: false })
    assert.deepEqual([doc.getProducer(), doc.getModificationDate()?.toISOString(), doc.getCreationDate()?.toISOString()], ['iLovePDF', '2026-05-20T14:32:05.000Z', '2026-04-01T06:00:00.000Z'])
    assert.notEqual(layOutStatement(cleanStatementContent).closingBalance, EDITED_CLOSING_BALANCE)
  })

  it('when the long statement is laid out, then it fills ten pages', async () => {
    assert.equal(layOutStatement(longStatementContent()).pages.length, 10)
    assert.equal((await PDFDocument.load(made.get('ten-page-statement.pdf')!)).getPageCount(), 10)
  })

  it('when the scanned statement PDF is opened, then its one page is the PNG and there is no text layer (no font)', async () => {
    const pdf = latin1(made.get('scanned-statement.pdf')!)
    assert.match(pdf, /\/Subtype \/Image/)
    assert.doesNotMatch(pdf, /\/Type \/Font/)
  })
})
