import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { createStandaloneOcr } from '../../../infra/ocr/ocr-standalone.ts'
import { DocumentUnreadable } from '../../documents/index.ts'
import { KYC_SAMPLES } from '../samples/index.ts'
import { MRZ_IMAGE_TASK_MODULE, readMrz } from './index.ts'

const NOW = new Date('2026-11-26T00:00:00Z')
const sample = async (name: string) => {
  const found = KYC_SAMPLES.find((s) => s.name === name)!
  const kind = found.contentType === 'application/pdf' ? 'pdf' as const : found.contentType === 'image/jpeg' ? 'jpeg' as const : 'png' as const
  return { bytes: new Uint8Array(await readFile(found.file)), kind }
}
const ANNA = { documentCode: 'P', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: '925076473', nationality: 'GBR', birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: null }

describe('reading the sandbox samples through the sandbox and OCR processes', () => {
  const own = createStandaloneOcr({ maxPixels: 40_000_000, taskModules: [MRZ_IMAGE_TASK_MODULE] })
  const ocr = own.forTenant('test')
  after(() => own.close())

  for (const name of ['passport-match.png', 'passport-match.jpeg', 'passport-match.pdf']) {
    it(`when ${name} is read, then every field is Anna Eriksson's and every check digit holds`, async () => {
      const reading = await readMrz(ocr, await sample(name), NOW)
      assert.equal(reading.format, 'TD3')
      assert.equal(reading.valid, true)
      assert.deepEqual(reading.failedCheckDigits, [])
      assert.deepEqual(reading.fields, ANNA)
      assert.ok(reading.confidence > 0.5 && reading.confidence <= 1, String(reading.confidence))
    })
  }

  it('when the identity card is read, then its TD1 fields come back valid', async () => {
    const reading = await readMrz(ocr, await sample('id-card-match.png'), NOW)
    assert.equal(reading.format, 'TD1')
    assert.equal(reading.valid, true)
    assert.deepEqual(reading.fields, { ...ANNA, documentCode: 'I', documentNumber: 'IDG482715', expirationDate: '2032-10-08' })
  })

  it('when the passport with a wrong check digit is read, then the reading is invalid and names the document number', async () => {
    const reading = await readMrz(ocr, await sample('passport-bad-check-digit.png'), NOW)
    assert.equal(reading.valid, false)
    assert.deepEqual(reading.failedCheckDigits, ['documentNumber'])
    assert.equal(reading.fields.documentNumber, '925076473')
  })

  it('when the other samples are read, then they show expiry, another person and the name variant', async () => {
    const expired = await readMrz(ocr, await sample('passport-expired.png'), NOW)
    assert.equal(expired.valid, true)
    assert.equal(expired.fields.expirationDate, '2023-05-01')
    const other = await readMrz(ocr, await sample('passport-other-person.png'), NOW)
    assert.deepEqual([other.valid, other.fields.surname, other.fields.givenNames, other.fields.birthDate, other.fields.sex], [true, 'JOHNSON', 'PETER JAMES', '1979-02-03', 'male'])
    const variant = await readMrz(ocr, await sample('passport-name-variant.png'), NOW)
    assert.deepEqual([variant.valid, variant.fields.surname, variant.fields.givenNames], [true, 'ERIKSON', 'ANNA MARIA'])
  })

  it('when a card is scanned as a two-page PDF, front then back, then the MRZ is read on the second page, upright', async () => {
    const { PDFDocument } = await import('pdf-lib')
    const { createCanvas } = await import('@napi-rs/canvas')
    const pdf = await PDFDocument.create()
    const front = createCanvas(850, 540)
    const ctx = front.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, 850, 540)
    ctx.fillStyle = '#000000'
    ctx.font = '40px sans-serif'
    ctx.fillText('IDENTITY CARD', 60, 120)
    const back = await sample('id-card-match.png')
    for (const png of [front.toBuffer('image/png'), back.bytes]) {
      const image = await pdf.embedPng(png)
      pdf.addPage([image.width * 0.24, image.height * 0.24]).drawImage(image, { x: 0, y: 0, width: image.width * 0.24, height: image.height * 0.24 })
    }
    const reading = await readMrz(ocr, { bytes: await pdf.save(), kind: 'pdf' }, NOW)
    assert.deepEqual([reading.format, reading.valid, reading.fields.documentNumber, reading.page?.index, reading.page?.rotation], ['TD1', true, 'IDG482715', 1, 0])
    assert.ok(Math.abs(reading.page!.tiltDeg) < 0.5, String(reading.page!.tiltDeg))
  })

  it('when an image holds no MRZ, then DocumentUnreadable says what to upload', async () => {
    const { encodeScan } = await import('../../../../scripts/samples/identity-documents/index.ts')
    const { createCanvas } = await import('@napi-rs/canvas')
    const blank = createCanvas(800, 500)
    const ctx = blank.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, 800, 500)
    await assert.rejects(readMrz(ocr, { bytes: encodeScan(blank), kind: 'png' }, NOW), (error: Error) => error instanceof DocumentUnreadable && /machine-readable zone/.test(error.message))
  })
})
