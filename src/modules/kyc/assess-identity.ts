import { type RiskRating, riskRatingOf } from '../checks/index.ts'
import type { KycResult, KycSignal } from './kyc.schemas.ts'
import { compareGivenNames, compareSurname } from './mrz/mrz-names.ts'
import { isMrzCountryCode, type MrzReading } from './mrz/index.ts'
import { isPastedBand } from './mrz/mrz-band-noise.ts'
import { comparePrinted } from './viz/viz-comparison.ts'
import type { PrintedText } from './viz/viz-reading.ts'
import { printedZoneSignals } from './viz/viz-signals.ts'

/** The case's person, as KYC compares it. */
export interface KycPerson {
  givenNames: string | null
  surname: string | null
  dobYear: number | null
  dobMonth: number | null
  dobDay: number | null
}

export type IdentityDocumentType = 'Passport' | 'IdentityCard'

const FIELD_NAMES: Record<string, string> = {
  documentNumber: 'document number', birthDate: 'date of birth', expirationDate: 'expiry date',
  personalNumber: 'personal number', optional: 'optional data', compositeCheckDigit: 'whole zone (composite)',
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The case's date of birth as far as it goes: YYYY-MM-DD, YYYY-MM or YYYY. */
function caseBirthDate (p: KycPerson): string | null {
  if (p.dobYear === null) return null
  if (p.dobMonth === null) return String(p.dobYear)
  return p.dobDay === null ? `${p.dobYear}-${pad(p.dobMonth)}` : `${p.dobYear}-${pad(p.dobMonth)}-${pad(p.dobDay)}`
}

/** The MRZ's name field is full to its last character, so a long name may be cut short. */
function nameFieldFull (reading: MrzReading): boolean {
  const line = reading.format === 'TD1' ? reading.lines[2] : reading.lines[0]
  return line !== undefined && !line.endsWith('<')
}

/**
 * KYC's verdict on one identity document: what its MRZ says against its printed zone (`printed`,
 * the page's labelled values; null when none was found) and against the case, with signals.
 * High: a check digit fails, it has expired, the date of birth or the name differs, the printed
 * zone disagrees with the MRZ, an unknown issuer. Medium: a minor name difference, something the
 * case does not hold to compare, or an MRZ whose printed zone could not be read.
 */
export function assessIdentity (reading: MrzReading, person: KycPerson, documentType: IdentityDocumentType, today: string, printed: PrintedText | null): { riskRating: RiskRating, result: KycResult } {
  const signals: KycSignal[] = []
  const { fields } = reading
  if (!reading.valid) {
    const named = reading.failedCheckDigits.map((f) => FIELD_NAMES[f] ?? f).join(', ')
    signals.push({ code: 'check_digit_invalid', severity: 'high', message: `The MRZ's check digit does not agree with its field (${named}): the document may be altered or forged.` })
  }
  if (fields.expirationDate === null) {
    signals.push({ code: 'date_unreadable', severity: 'medium', message: 'The MRZ holds no valid expiry date, so the document\'s validity could not be confirmed.' })
  } else if (fields.expirationDate < today) {
    signals.push({ code: 'expired', severity: 'high', message: `The document expired on ${fields.expirationDate}.` })
  }
  if (!isMrzCountryCode(fields.issuingState)) {
    signals.push({ code: 'issuing_state_unknown', severity: 'high', message: `${fields.issuingState} is not a country or organisation that issues travel documents (ICAO 9303).` })
  }
  const isPassport = fields.documentCode.startsWith('P')
  if ((documentType === 'Passport') !== isPassport) {
    signals.push({ code: 'document_type_mismatch', severity: 'medium', message: `The document was uploaded as ${documentType === 'Passport' ? 'a passport' : 'an identity card'}, but its MRZ (code ${fields.documentCode}) is ${isPassport ? 'a passport\'s' : 'not a passport\'s'}.` })
  }

  if (isPastedBand(reading.page?.bandNoise)) {
    signals.push({ code: 'mrz_band_pasted', severity: 'high', message: 'The band around the MRZ has none of the grain the rest of the photo or scan shows: it was laid over the page after the picture was taken, which is how an MRZ is replaced.' })
  }

  const truncated = nameFieldFull(reading)
  const onPage = printed === null ? null : comparePrinted(printed, fields, truncated)
  signals.push(...printedZoneSignals(onPage?.comparison ?? null))
  const surname = compareSurname(person.surname, fields.surname, truncated)
  const givenNames = compareGivenNames(person.givenNames, fields.givenNames, truncated)
  const documentName = `${fields.givenNames} ${fields.surname}`.trim()
  const caseName = [person.givenNames, person.surname].filter(Boolean).join(' ')
  const unsure = reading.unsureFields ?? []
  const nameMismatch = surname.outcome === 'mismatch' || givenNames.outcome === 'mismatch'
  // A blurred letter the reader could barely tell from another may be the whole difference: the MRZ's name is not evidence enough for High.
  const mismatchUnsure = (surname.outcome !== 'mismatch' || unsure.includes('surname')) && (givenNames.outcome !== 'mismatch' || unsure.includes('givenNames'))
  if (nameMismatch && mismatchUnsure) {
    signals.push({ code: 'mrz_name_unsure', severity: 'medium', message: `The MRZ's name was read as ${documentName}, not the case's (${caseName}), but some of its letters could not be told apart with certainty: compare the name on the document with the case's.` })
  } else if (nameMismatch) {
    signals.push({ code: 'name_mismatch', severity: 'high', message: `The name on the document (${documentName}) is not the case's (${caseName}).` })
  } else if (surname.outcome === 'minor_difference' || givenNames.outcome === 'minor_difference') {
    signals.push({ code: 'name_minor_difference', severity: 'medium', message: `The name on the document (${documentName}) differs slightly from the case's (${caseName}).` })
  }

  const onCase = caseBirthDate(person)
  const onDocument = fields.birthDate
  const birthOutcome = onDocument === null ? 'unreadable' : onCase === null ? 'not_on_case' : onDocument.startsWith(onCase) ? 'match' : 'mismatch'
  if (birthOutcome === 'mismatch') signals.push({ code: 'birth_date_mismatch', severity: 'high', message: `The date of birth on the document (${onDocument}) is not the case's (${onCase}).` })
  if (birthOutcome === 'unreadable') signals.push({ code: 'date_unreadable', severity: 'medium', message: 'The MRZ holds no valid date of birth, so it could not be compared with the case.' })

  const missing = [surname.outcome === 'not_on_case' && 'surname', givenNames.outcome === 'not_on_case' && 'given names', birthOutcome === 'not_on_case' && 'date of birth'].filter(Boolean)
  if (missing.length > 0) signals.push({ code: 'not_on_case', severity: 'medium', message: `The case has no ${missing.join(', ')} to compare with the document; add ${missing.length === 1 ? 'it' : 'them'} to the case and run the check again.` })

  const worst = signals.some((s) => s.severity === 'high') ? 3 : signals.some((s) => s.severity === 'medium') ? 2 : 1
  return {
    riskRating: riskRatingOf(worst),
    result: {
      mrz: { format: reading.format, valid: reading.valid, failedCheckDigits: reading.failedCheckDigits, ...fields },
      printed: onPage?.printed ?? null,
      printedComparison: onPage?.comparison ?? null,
      comparison: { surname, givenNames, birthDate: { onCase, onDocument, outcome: birthOutcome } },
      signals,
    },
  }
}
