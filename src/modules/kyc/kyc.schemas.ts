import { Type, type Static } from 'typebox'

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

const Mrz = Type.Object({
  format: Type.Union([Type.Literal('TD1'), Type.Literal('TD2'), Type.Literal('TD3')], { description: 'ICAO 9303 layout: TD3 passports (2 lines of 44), TD1 identity cards (3 lines of 30), TD2 (2 lines of 36)' }),
  valid: Type.Boolean({ description: 'Every check digit of the MRZ agrees with its field' }),
  failedCheckDigits: Type.Array(Type.String(), { description: 'The fields whose check digit does not agree, e.g. documentNumber, birthDate, expirationDate, compositeCheckDigit' }),
  documentCode: Type.String({ description: 'P… for a passport, I…, A… or C… for an identity card' }),
  issuingState: Type.String({ description: 'ISO 3166-1 alpha-3 or an ICAO code (D for Germany, UNO, XXA, …)' }),
  surname: Type.String(),
  givenNames: Type.String(),
  documentNumber: Type.String(),
  nationality: Type.String(),
  birthDate: nullableString('YYYY-MM-DD; null when the MRZ holds no valid date'),
  sex: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('unspecified')]),
  expirationDate: nullableString('YYYY-MM-DD; null when the MRZ holds no valid date'),
  personalNumber: nullableString('The optional personal number, when the document has one'),
}, { description: 'What the machine-readable zone says, as read' })

const NameOutcome = Type.Union([Type.Literal('match'), Type.Literal('minor_difference'), Type.Literal('mismatch'), Type.Literal('not_on_case')])

const NameComparison = (what: string) => Type.Object({
  onCase: nullableString(`The case's ${what}, as given; null when the case has none`),
  onDocument: Type.String({ description: `The document's ${what}, as in the MRZ` }),
  outcome: NameOutcome,
  similarity: Type.Union([Type.Number(), Type.Null()], { description: 'Jaro-Winkler of the two after folding to the MRZ alphabet, 0..1; null when the case has none' }),
})

const Printed = Type.Object({
  surname: nullableString('As printed; null when it was not read'),
  givenNames: nullableString('As printed; null when it was not read'),
  birthDate: nullableString('YYYY-MM-DD (a two-digit year in the MRZ\'s century); null when it was not read'),
  documentNumber: nullableString('As printed, spaces dropped; null when it was not read'),
  expirationDate: nullableString('YYYY-MM-DD; null when it was not read'),
}, { description: 'The printed (visual inspection) zone, read by its labels' })

const PrintedFieldComparison = Type.Object({
  printed: nullableString('The printed value; null when it was not read'),
  mrz: nullableString('The MRZ\'s value'),
  outcome: Type.Union([Type.Literal('match'), Type.Literal('mismatch'), Type.Literal('not_read')]),
})

export const KycResult = Type.Object({
  mrz: Mrz,
  printed: Type.Union([Printed, Type.Null()], { description: 'What the photo page prints beside the MRZ; null when no labelled field was found (an MRZ alone)' }),
  printedComparison: Type.Union([Type.Object({
    surname: PrintedFieldComparison,
    givenNames: PrintedFieldComparison,
    birthDate: PrintedFieldComparison,
    documentNumber: PrintedFieldComparison,
    expirationDate: PrintedFieldComparison,
  }), Type.Null()], { description: 'Each printed field against the MRZ: names as the MRZ writes them (folded, truncated), dates exactly, numbers exactly but for look-alikes the MRZ settles' }),
  comparison: Type.Object({
    surname: NameComparison('surname'),
    givenNames: NameComparison('given names'),
    birthDate: Type.Object({
      onCase: nullableString('YYYY-MM-DD (YYYY-MM or YYYY when the case has only part of it); null when the case has none'),
      onDocument: nullableString('YYYY-MM-DD'),
      outcome: Type.Union([Type.Literal('match'), Type.Literal('mismatch'), Type.Literal('not_on_case'), Type.Literal('unreadable')]),
    }),
  }, { description: 'The document against the case: names fuzzily (accents and other scripts folded as ICAO 9303 writes them), date of birth exactly' }),
  signals: Type.Array(Type.Object({
    code: Type.String({ description: 'Stable code: check_digit_invalid, expired, birth_date_mismatch, name_mismatch, viz_mrz_mismatch, issuing_state_unknown, mrz_name_unsure, name_minor_difference, not_on_case, document_type_mismatch, date_unreadable, mrz_only, mrz_band_pasted' }),
    severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    message: Type.String(),
  }), { description: 'Any high signal rates High, any medium Medium, else Low (so Low needs the printed zone read and agreeing with the MRZ)' }),
}, {
  $id: 'KycResult',
  description: 'KYC',
  additionalProperties: false,
  examples: [{
    mrz: {
      format: 'TD3', valid: true, failedCheckDigits: [], documentCode: 'P', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA',
      documentNumber: '533401377', nationality: 'GBR', birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: null,
    },
    printed: { surname: 'ERIKSSON', givenNames: 'ANNA MARIA', birthDate: '1984-07-12', documentNumber: '533401377', expirationDate: '2031-03-14' },
    printedComparison: {
      surname: { printed: 'ERIKSSON', mrz: 'ERIKSSON', outcome: 'match' },
      givenNames: { printed: 'ANNA MARIA', mrz: 'ANNA MARIA', outcome: 'match' },
      birthDate: { printed: '1984-07-12', mrz: '1984-07-12', outcome: 'match' },
      documentNumber: { printed: '533401377', mrz: '533401377', outcome: 'match' },
      expirationDate: { printed: '2031-03-14', mrz: '2031-03-14', outcome: 'match' },
    },
    comparison: {
      surname: { onCase: 'Eriksson', onDocument: 'ERIKSSON', outcome: 'match', similarity: 1 },
      givenNames: { onCase: 'Anna Maria', onDocument: 'ANNA MARIA', outcome: 'match', similarity: 1 },
      birthDate: { onCase: '1984-07-12', onDocument: '1984-07-12', outcome: 'match' },
    },
    signals: [],
  }],
})
export type KycResult = Static<typeof KycResult>
export type KycSignal = KycResult['signals'][number]
export type NameComparisonView = KycResult['comparison']['surname']
export type PrintedZoneView = KycResult['printed']
