import { PDFDocument } from 'pdf-lib'
import { drawIdentityDocument } from './document-image.ts'
import type { IdentityDocumentContent } from './mrz-lines.ts'
import { withGrain, withPastedMrzBand } from './forgery-effects.ts'
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

/** One sample file: whose document it draws, and how it is saved. */
export interface IdentitySampleDefinition {
  name: string
  content: IdentityDocumentContent
  format: 'png' | 'jpeg' | 'pdf'
  /** A forgery: the page photographed with this grain, then its MRZ band pasted over flat. */
  pastedMrzBand?: { grain: number }
}

const ID_CARD: IdentityDocumentContent = { ...ANNA, documentType: 'IdentityCard', documentNumber: 'IDG482715', expirationDate: '2032-10-08' }

export const IDENTITY_SAMPLE_DEFINITIONS: IdentitySampleDefinition[] = [
  { name: 'passport-match.png', format: 'png', content: ANNA },
  { name: 'passport-match.jpeg', format: 'jpeg', content: ANNA },
  { name: 'passport-match.pdf', format: 'pdf', content: ANNA },
  { name: 'id-card-match.png', format: 'png', content: ID_CARD },
  { name: 'passport-bad-check-digit.png', format: 'png', content: { ...ANNA, documentNumberCheckDigitError: 3 } },
  { name: 'passport-expired.png', format: 'png', content: { ...ANNA, documentNumber: '802153946', expirationDate: '2023-05-01' } },
  { name: 'passport-other-person.png', format: 'png', content: { ...ANNA, surname: 'JOHNSON', givenNames: 'PETER JAMES', documentNumber: '118265934', birthDate: '1979-02-03', sex: 'male', expirationDate: '2030-09-22' } },
  { name: 'passport-name-variant.png', format: 'png', content: { ...ANNA, surname: 'ERIKSON', documentNumber: '925076481' } },
  { name: 'passport-pasted-mrz.jpeg', format: 'jpeg', content: ANNA, pastedMrzBand: { grain: 4 } },
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

/** Every identity-document sample file by name, made in memory; scripts/make-sample-documents.ts writes them. */
export async function makeIdentitySamples (): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>()
  for (const sample of IDENTITY_SAMPLE_DEFINITIONS) {
    const drawn = drawIdentityDocument(sample.content, DPI)
    const canvas = sample.pastedMrzBand ? withPastedMrzBand(withGrain(drawn, sample.pastedMrzBand.grain), drawn) : drawn
    if (sample.format === 'png') files.set(sample.name, encodeScan(canvas))
    // A forger saves finely: a coarse JPEG would smooth the grain the paste is told by.
    else if (sample.format === 'jpeg') files.set(sample.name, encodeScan(canvas, { jpegQuality: sample.pastedMrzBand ? 92 : 70 }))
    else files.set(sample.name, await asPdf(encodeScan(canvas, { jpegQuality: 85 }), canvas.width, canvas.height))
  }
  return files
}
