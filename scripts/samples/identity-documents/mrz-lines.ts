/** What a sample identity document says about its holder, as printed in its MRZ. */
export interface IdentityDocumentContent {
  documentType: 'Passport' | 'IdentityCard'
  issuingState: string
  surname: string
  givenNames: string
  documentNumber: string
  nationality: string
  /** YYYY-MM-DD */
  birthDate: string
  sex: 'male' | 'female' | 'unspecified'
  /** YYYY-MM-DD */
  expirationDate: string
  /** Passport only: the optional personal number, '' for none. */
  personalNumber: string
  /** Added to the document number's check digit (mod 10): a document printed with a wrong digit. */
  documentNumberCheckDigitError?: number
}

const WEIGHTS = [7, 3, 1]

/** ICAO 9303 part 3, 4.9: digits count as themselves, A–Z as 10–35, the filler < as 0. */
export function checkDigit (field: string): string {
  let sum = 0
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!
    const value = c === '<' ? 0 : c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 55
    sum += value * WEIGHTS[i % 3]!
  }
  return String(sum % 10)
}

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length)
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10)
const SEX = { male: 'M', female: 'F', unspecified: '<' } as const

function nameField (doc: IdentityDocumentContent, length: number): string {
  const words = (text: string) => text.trim().toUpperCase().split(/\s+/).join('<')
  return pad(`${words(doc.surname)}<<${words(doc.givenNames)}`, length)
}

function documentNumberWithDigit (doc: IdentityDocumentContent): string {
  const number = pad(doc.documentNumber, 9)
  const digit = (Number(checkDigit(number)) + (doc.documentNumberCheckDigitError ?? 0)) % 10
  return number + String(digit)
}

/** The two 44-character lines of a passport (TD3). */
export function td3Lines (doc: IdentityDocumentContent): string[] {
  const birth = yymmdd(doc.birthDate)
  const expiry = yymmdd(doc.expirationDate)
  const personal = pad(doc.personalNumber, 14)
  const personalDigit = doc.personalNumber === '' ? '<' : checkDigit(personal)
  const number = documentNumberWithDigit(doc)
  const composite = checkDigit(number + birth + checkDigit(birth) + expiry + checkDigit(expiry) + personal + personalDigit)
  return [
    pad(`P<${pad(doc.issuingState, 3)}${nameField(doc, 39)}`, 44),
    number + pad(doc.nationality, 3) + birth + checkDigit(birth) + SEX[doc.sex] + expiry + checkDigit(expiry) + personal + personalDigit + composite,
  ]
}

/** The three 30-character lines of an identity card (TD1). */
export function td1Lines (doc: IdentityDocumentContent): string[] {
  const birth = yymmdd(doc.birthDate)
  const expiry = yymmdd(doc.expirationDate)
  const line1 = `I<${pad(doc.issuingState, 3)}${documentNumberWithDigit(doc)}${pad('', 15)}`
  const line2Start = birth + checkDigit(birth) + SEX[doc.sex] + expiry + checkDigit(expiry) + pad(doc.nationality, 3) + pad('', 11)
  const composite = checkDigit(line1.slice(5, 30) + line2Start.slice(0, 7) + line2Start.slice(8, 15) + line2Start.slice(18, 29))
  return [line1, line2Start + composite, nameField(doc, 30)]
}

export const mrzLines = (doc: IdentityDocumentContent): string[] => doc.documentType === 'Passport' ? td3Lines(doc) : td1Lines(doc)
