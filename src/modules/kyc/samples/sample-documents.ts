import { PDFDocument } from 'pdf-lib'
import { drawIdentityDocument } from './document-image.ts'
import type { IdentityDocumentContent } from './mrz-lines.ts'
import { encodeScan } from './scan-effects.ts'

/** The documented sandbox person: every "match" sample is hers. */
const ANNA: IdentityDocumentContent = {
  documentType: 'Passport',
  issuingState: 'GBR',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: '925076473',
  nationality: 'GBR',
  birthDate: '1984-07-12',
  sex: 'female',
  expirationDate: '2031-03-14',
  personalNumber: '',
}

export interface KycSampleDefinition {
  name: string
  documentType: 'Passport' | 'IdentityCard'
  description: string
  content: IdentityDocumentContent
  format: 'png' | 'jpeg' | 'pdf'
}

const ID_CARD: IdentityDocumentContent = { ...ANNA, documentType: 'IdentityCard', documentNumber: 'IDG482715', expirationDate: '2032-10-08' }

export const KYC_SAMPLE_DEFINITIONS: KycSampleDefinition[] = [
  { name: 'passport-match.png', documentType: 'Passport', format: 'png', content: ANNA, description: 'Passport (TD3) of ERIKSSON, ANNA MARIA, born 1984-07-12, GBR, expires 2031-03-14; every check digit valid' },
  { name: 'passport-match.jpeg', documentType: 'Passport', format: 'jpeg', content: ANNA, description: 'The same passport as a JPEG photo' },
  { name: 'passport-match.pdf', documentType: 'Passport', format: 'pdf', content: ANNA, description: 'The same passport scanned into a one-page PDF (an image, no text layer)' },
  { name: 'id-card-match.png', documentType: 'IdentityCard', format: 'png', content: ID_CARD, description: 'Identity card (TD1) of ERIKSSON, ANNA MARIA, born 1984-07-12, GBR, expires 2032-10-08; every check digit valid' },
  { name: 'passport-bad-check-digit.png', documentType: 'Passport', format: 'png', content: { ...ANNA, documentNumberCheckDigitError: 3 }, description: "Anna Eriksson's passport printed with a wrong check digit after the document number: the MRZ is invalid" },
  { name: 'passport-expired.png', documentType: 'Passport', format: 'png', content: { ...ANNA, documentNumber: '802153946', expirationDate: '2023-05-01' }, description: "Anna Eriksson's earlier passport, expired on 2023-05-01; every check digit valid" },
  { name: 'passport-other-person.png', documentType: 'Passport', format: 'png', content: { ...ANNA, surname: 'JOHNSON', givenNames: 'PETER JAMES', documentNumber: '118265934', birthDate: '1979-02-03', sex: 'male', expirationDate: '2030-09-22' }, description: 'Passport of someone else: JOHNSON, PETER JAMES, born 1979-02-03, male; every check digit valid' },
  { name: 'passport-name-variant.png', documentType: 'Passport', format: 'png', content: { ...ANNA, surname: 'ERIKSON', documentNumber: '925076481' }, description: "Anna's passport with the surname spelled ERIKSON (one letter short): a minor name difference; every check digit valid" },
]

const DPI = 300

async function asPdf (jpeg: Uint8Array, widthPx: number, heightPx: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const image = await doc.embedJpg(jpeg)
  const points = 72 / DPI
  doc.addPage([widthPx * points, heightPx * points]).drawImage(image, { x: 0, y: 0, width: widthPx * points, height: heightPx * points })
  const fixed = new Date('2026-11-20T10:00:00Z')
  doc.setProducer('ScanWorks 2.0')
  doc.setCreationDate(fixed)
  doc.setModificationDate(fixed)
  return doc.save({ useObjectStreams: false })
}

/** Every KYC sample file by name, made in memory; the script writes them. */
export async function makeKycSamples (): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>()
  for (const sample of KYC_SAMPLE_DEFINITIONS) {
    const canvas = drawIdentityDocument(sample.content, DPI)
    if (sample.format === 'png') files.set(sample.name, encodeScan(canvas))
    else if (sample.format === 'jpeg') files.set(sample.name, encodeScan(canvas, { jpegQuality: 70 }))
    else files.set(sample.name, await asPdf(encodeScan(canvas, { jpegQuality: 85 }), canvas.width, canvas.height))
  }
  return files
}
