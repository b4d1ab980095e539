import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assessIdentity, type KycPerson } from './assess-identity.ts'
import type { MrzReading } from './mrz/index.ts'
import type { PrintedField } from './viz/viz-labels.ts'
import type { PrintedText } from './viz/viz-reading.ts'

const TODAY = '2026-11-26'

function reading (over: Partial<MrzReading['fields']> = {}, extra: Partial<MrzReading> = {}): MrzReading {
  return {
    format: 'TD3',
    lines: ['P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02'],
    valid: true,
    failedCheckDigits: [],
    confidence: 0.9,
    fields: {
      documentCode: 'P', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: '533401377', nationality: 'GBR',
      birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: null, ...over,
    },
    ...extra,
  }
}

type PageWords = Record<PrintedField, string[]>

/** Each value as OCR reads clean print: sure of every word (`confidence`, 0..1). */
const asRead = (page: PageWords, confidence = 0.95): PrintedText =>
  Object.fromEntries(Object.entries(page).map(([field, values]) => [field, values.map((text) => ({ text, confidence }))])) as PrintedText

/** A genuine page: its printed zone says what its MRZ says. */
function pageWords ({ fields }: MrzReading): PageWords {
  const dates = (iso: string | null) => iso === null ? [] : [iso.split('-').reverse().join('.')]
  return { surname: [fields.surname], givenNames: [fields.givenNames], birthDate: dates(fields.birthDate), documentNumber: [fields.documentNumber], expirationDate: dates(fields.expirationDate) }
}
const pageOf = (r: MrzReading): PrintedText => asRead(pageWords(r))

const assess = (r: MrzReading, person: KycPerson, documentType: 'Passport' | 'IdentityCard') => assessIdentity(r, person, documentType, TODAY, pageOf(r))

const anna: KycPerson = { givenNames: 'Anna Maria', surname: 'Eriksson', dobYear: 1984, dobMonth: 7, dobDay: 12 }
const codes = (r: ReturnType<typeof assessIdentity>) => r.result.signals.map((s) => `${s.code}:${s.severity}`)

describe('KYC: a document against the case', () => {
  it('when everything agrees and is valid, then Low with no signals', () => {
    const r = assess(reading(), anna, 'Passport')
    assert.equal(r.riskRating.name, 'Low')
    assert.deepEqual(r.result.signals, [])
    assert.deepEqual(r.result.comparison, {
      surname: { onCase: 'Eriksson', onDocument: 'ERIKSSON', outcome: 'match', similarity: 1 },
      givenNames: { onCase: 'Anna Maria', onDocument: 'ANNA MARIA', outcome: 'match', similarity: 1 },
      birthDate: { onCase: '1984-07-12', onDocument: '1984-07-12', outcome: 'match' },
    })
  })

  it('when a check digit fails, then High with the field named', () => {
    const r = assess(reading({}, { valid: false, failedCheckDigits: ['documentNumber'] }), anna, 'Passport')
    assert.equal(r.riskRating.name, 'High')
    assert.deepEqual(r.result.signals, [{ code: 'check_digit_invalid', severity: 'high', message: 'The MRZ\'s check digit does not agree with its field (document number): the document may be altered or forged.' }])
  })

  it('when the document has expired, then High; on its expiry day it is still valid', () => {
    assert.deepEqual(codes(assess(reading({ expirationDate: '2023-05-01' }), anna, 'Passport')), ['expired:high'])
    assert.deepEqual(codes(assess(reading({ expirationDate: TODAY }), anna, 'Passport')), [])
  })

  it('when the date of birth differs, then High; a case with only the year agrees with any day of it', () => {
    assert.deepEqual(codes(assess(reading({ birthDate: '1984-07-21' }), anna, 'Passport')), ['birth_date_mismatch:high'])
    assert.deepEqual(codes(assess(reading(), { ...anna, dobMonth: null, dobDay: null }, 'Passport')), [])
  })

  it('when the document names someone else, then High', () => {
    const r = assess(reading({ surname: 'JOHNSON', givenNames: 'PETER JAMES', birthDate: '1979-02-03', sex: 'male' }), anna, 'Passport')
    assert.deepEqual(codes(r), ['name_mismatch:high', 'birth_date_mismatch:high'])
    assert.equal(r.result.comparison.surname.outcome, 'mismatch')
  })

  for (const [what, over, person] of [
    ['a surname one letter short', { surname: 'ERIKSON' }, anna],
    ['a missing middle name', { givenNames: 'ANNA' }, anna],
    ['an initial for the first name', { givenNames: 'A MARIA' }, anna],
    ['the middle name the case lacks', {}, { ...anna, givenNames: 'Anna' }],
    ['a transliteration from Cyrillic apart (Мария, MARIYA)', {}, { ...anna, givenNames: 'Анна Мария' }],
  ] as const) {
    it(`when the document shows ${what}, then Medium with a minor name difference`, () => {
      assert.deepEqual(codes(assess(reading(over), person, 'Passport')), ['name_minor_difference:medium'])
    })
  }

  for (const [what, person, over] of [
    ['accents', { ...anna, surname: 'Ériksson' }, {}],
    ['a German umlaut written AE', { ...anna, surname: 'Müller' }, { surname: 'MUELLER' }],
    ['a German umlaut written without its E', { ...anna, surname: 'Müller' }, { surname: 'MULLER' }],
    ['an apostrophe and a hyphen', { ...anna, surname: "O'Brien-Smith" }, { surname: 'OBRIEN SMITH' }],
    ['Cyrillic on the case', { ...anna, surname: 'Эрикссон', givenNames: 'Анна' }, { givenNames: 'ANNA' }],
  ] as const) {
    it(`when the names differ only by ${what}, then they match`, () => {
      const r = assess(reading(over), person, 'Passport')
      assert.deepEqual(codes(r), [])
    })
  }

  it('when the name field is full, then a case name the document cut short still matches', () => {
    const lines = ['P<GBRWOLFESCHLEGELSTEINHAUSENBERGER<<HUBERTB', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assess(reading({ surname: 'WOLFESCHLEGELSTEINHAUSENBERGER', givenNames: 'HUBERTB' }, { lines }),
      { ...anna, surname: 'Wolfeschlegelsteinhausenberger', givenNames: 'Hubertblaine Wolfe' }, 'Passport')
    assert.deepEqual(codes(r), [])
  })

  it('when the case has no date of birth or names, then Medium: nothing to compare with', () => {
    const r = assess(reading(), { givenNames: null, surname: 'Eriksson', dobYear: null, dobMonth: null, dobDay: null }, 'Passport')
    assert.deepEqual(r.result.signals, [{ code: 'not_on_case', severity: 'medium', message: 'The case has no given names, date of birth to compare with the document; add them to the case and run the check again.' }])
    assert.equal(r.riskRating.name, 'Medium')
  })

  it('when the issuer is no country, then High; ICAO codes such as D and UNO are issuers', () => {
    assert.deepEqual(codes(assess(reading({ issuingState: 'XYZ' }), anna, 'Passport')), ['issuing_state_unknown:high'])
    assert.deepEqual(codes(assess(reading({ issuingState: 'D' }), anna, 'Passport')), [])
    assert.deepEqual(codes(assess(reading({ issuingState: 'UNO' }), anna, 'Passport')), [])
  })

  it('when an identity card is uploaded as a passport, then Medium', () => {
    const card = reading({ documentCode: 'ID' }, { format: 'TD1', lines: ['IDGBR5334013770<<<<<<<<<<<<<<<', '8407124F3103146GBR<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'] })
    assert.deepEqual(codes(assess(card, anna, 'Passport')), ['document_type_mismatch:medium'])
    assert.deepEqual(codes(assess(card, anna, 'IdentityCard')), [])
  })

  it('when the MRZ holds no valid expiry date, then Medium', () => {
    assert.deepEqual(codes(assess(reading({ expirationDate: null }), anna, 'Passport')), ['date_unreadable:medium'])
  })
})

describe('KYC: a name the MRZ reader was unsure of', () => {
  it('when the differing MRZ surname holds a letter the reader could barely tell (unsureFields), then Medium mrz_name_unsure, not High', () => {
    const r = assess(reading({ surname: 'LINDQVIST' }, { unsureFields: ['surname'] }), anna, 'Passport')
    assert.deepEqual([r.riskRating.name, codes(r)], ['Medium', ['mrz_name_unsure:medium']])
  })

  it('when the MRZ reader was sure of the differing surname, or unsure only of the given names, then High name_mismatch', () => {
    assert.deepEqual(codes(assess(reading({ surname: 'LINDQVIST' }), anna, 'Passport')), ['name_mismatch:high'])
    assert.deepEqual(codes(assess(reading({ surname: 'LINDQVIST' }, { unsureFields: ['givenNames'] }), anna, 'Passport')), ['name_mismatch:high'])
  })
})

describe('KYC: the printed zone against the MRZ', () => {
  const annasPage = (over: Partial<PageWords> = {}, confidence?: number): PrintedText => asRead({ ...pageWords(reading()), ...over }, confidence)

  it('when the page prints what the MRZ says (its own date style, accents, spaces in the number), then Low with the printed values beside the MRZ\'s', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ surname: ['Eriksson'], birthDate: ['12 JUIL/JUL 84'], documentNumber: ['533 401 377'], expirationDate: ['14 MAR 2031'] }))
    assert.deepEqual([r.riskRating.name, codes(r)], ['Low', []])
    assert.deepEqual(r.result.printed, { surname: 'Eriksson', givenNames: 'ANNA MARIA', birthDate: '1984-07-12', documentNumber: '533401377', expirationDate: '2031-03-14' })
    assert.deepEqual(r.result.printedComparison?.birthDate, { printed: '1984-07-12', mrz: '1984-07-12', outcome: 'match' })
  })

  for (const [field, printed, message] of [
    ['surname', 'LINDQVIST', 'The printed surname (LINDQVIST) is not the MRZ\'s (ERIKSSON): the page or its MRZ has been altered.'],
    ['givenNames', 'KARIN SOFIA', 'The printed given names (KARIN SOFIA) is not the MRZ\'s (ANNA MARIA): the page or its MRZ has been altered.'],
    ['birthDate', '12.07.1985', 'The printed date of birth (1985-07-12) is not the MRZ\'s (1984-07-12): the page or its MRZ has been altered.'],
    ['documentNumber', '533401378', 'The printed document number (533401378) is not the MRZ\'s (533401377): the page or its MRZ has been altered.'],
  ] as const) {
    it(`when the printed ${field} was edited, then High viz_mrz_mismatch naming it`, () => {
      const r = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ [field]: [printed] }))
      assert.deepEqual([r.riskRating.name, r.result.signals], ['High', [{ code: 'viz_mrz_mismatch', severity: 'high', message }]])
      assert.equal(r.result.printedComparison?.[field].outcome, 'mismatch')
    })
  }

  it('when OCR slipped on a letter or two of a printed name (Ñ read as "Iii"), or read a number only in part, then no mismatch is claimed', () => {
    const r = assessIdentity(reading({ givenNames: 'INIGO' }), { ...anna, givenNames: 'Iñigo' }, 'Passport', TODAY, annasPage({ givenNames: ['Iiiigo'], documentNumber: ['01377'] }))
    assert.deepEqual([r.result.printedComparison?.givenNames.outcome, r.result.printedComparison?.documentNumber.outcome, codes(r)], ['match', 'not_read', ['mrz_only:medium']])
  })

  it('when OCR cut a printed name short ("ANNA M") or read a speck beside it ("ANNA MARIA WZ"), then no mismatch is claimed (a name not read leaves it Medium)', () => {
    const cut = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ givenNames: ['ANNA M'] }))
    const speck = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ givenNames: ['ANNA MARIA WZ'] }))
    assert.deepEqual([cut.result.printedComparison?.givenNames.outcome, speck.result.printedComparison?.givenNames.outcome, codes(cut), codes(speck)], ['not_read', 'match', ['mrz_only:medium'], []])
  })

  it('when only the end of a printed surname was read ("REN" of SJÖGREN, the rest under a stamp), then it is not read, not a mismatch', () => {
    const r = assessIdentity(reading({ surname: 'SJOEGREN' }), { ...anna, surname: 'Sjögren' }, 'Passport', TODAY, annasPage({ surname: ['REN'] }))
    assert.deepEqual([r.result.printedComparison?.surname.outcome, codes(r)], ['not_read', ['mrz_only:medium']])
    const other = assessIdentity(reading({ surname: 'SJOEGREN' }), { ...anna, surname: 'Sjögren' }, 'Passport', TODAY, annasPage({ surname: ['BERG'] }))
    assert.equal(other.result.printedComparison?.surname.outcome, 'mismatch')
  })

  it('when the MRZ\'s full name field holds the given names as initials, then the printed names agree', () => {
    const lines = ['P<GBRBOUVIER<MARCHAND<DUBOIS<<M<C<A<<<<<<<<<M', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ surname: 'BOUVIER MARCHAND DUBOIS', givenNames: 'M C A' }, { lines }), { ...anna, surname: 'Bouvier Marchand Dubois', givenNames: 'Marie-Christine' },
      'Passport', TODAY, annasPage({ surname: ['BOUVIER MARCHAND DUBOIS'], givenNames: ['MARIE-CHRISTINE ANNE-SOPHIE'] }))
    assert.equal(r.result.printedComparison?.givenNames.outcome, 'match')
  })

  it('when only the first of the MRZ\'s given names are read, the rest lost at the photo\'s edge, then they are not read, not a mismatch', () => {
    const lines = ['P<DEUZIMMERMANN<<KARL<THEODOR<MARIA<N<J<J<<<<', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ surname: 'ZIMMERMANN', givenNames: 'KARL THEODOR MARIA N J J' }, { lines }), { ...anna, surname: 'Zimmermann', givenNames: 'Karl-Theodor Maria Nikolaus Johann Jacob' },
      'Passport', TODAY, annasPage({ surname: ['ZIMMERMANN'], givenNames: ['Karl- Theodor Maria Nikolaus Johann'] }))
    assert.equal(r.result.printedComparison?.givenNames.outcome, 'not_read')
  })

  it('when a printed date or number is one digit off the MRZ\'s by digits OCR confuses (8 for 5, 9 for 8), then it is not read, not a mismatch: Medium mrz_only', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ birthDate: ['12.07.1994'], documentNumber: ['533401877'], expirationDate: ['14 MAR 2081'] }))
    assert.deepEqual([r.riskRating.name, codes(r)], ['Medium', ['mrz_only:medium']])
    assert.deepEqual([r.result.printedComparison?.birthDate.outcome, r.result.printedComparison?.documentNumber.outcome, r.result.printedComparison?.expirationDate.outcome], ['not_read', 'not_read', 'not_read'])
  })

  it('when a printed number is off by two such digits, or a date by one digit OCR does not confuse, then it is still a mismatch', () => {
    const number = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ documentNumber: ['833401877'] }))
    const date = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ birthDate: ['12.07.1974'] }))
    assert.deepEqual([number.result.printedComparison?.documentNumber.outcome, date.result.printedComparison?.birthDate.outcome, number.riskRating.name, date.riskRating.name], ['mismatch', 'mismatch', 'High', 'High'])
  })

  it('when OCR doubts the words of a value that disagrees (a blurred photo), then it is not read, not a mismatch: Medium mrz_only', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ surname: ['LINDQVIST'], documentNumber: ['533407377'] }, 0.4))
    assert.deepEqual([r.riskRating.name, codes(r), r.result.printedComparison?.surname.outcome, r.result.printedComparison?.documentNumber.outcome], ['Medium', ['mrz_only:medium'], 'not_read', 'not_read'])
  })

  it('when a confidently read printed surname is another, shorter name than the MRZ\'s, then it is a mismatch, not a partial reading', () => {
    const lines = ['P<GBRBOUVIER<MARCHAND<<ANNA<MARIA<<<<<<<<<<<<', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ surname: 'BOUVIER MARCHAND' }, { lines }), { ...anna, surname: 'Bouvier Marchand' }, 'Passport', TODAY, annasPage({ surname: ['BERNARD'] }))
    assert.deepEqual([r.riskRating.name, r.result.printedComparison?.surname.outcome], ['High', 'mismatch'])
  })

  it('when the MRZ writes a given name as its initial ("SOPHIE G"), filler after it, then the printed name in full agrees', () => {
    const lines = ['P<GBRERIKSSON<<ANNA<SOPHIE<G<<<<<<<<<<<<<<<<<', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ givenNames: 'ANNA SOPHIE G' }, { lines }), { ...anna, givenNames: 'Anna Sophie Geneviève' }, 'Passport', TODAY, annasPage({ givenNames: ['ANNA-SOPHIE GENEVIÈVE'] }))
    assert.equal(r.result.printedComparison?.givenNames.outcome, 'match')
  })

  it('when a bilingual month\'s slash is read as a letter ("29 DECIDEC 70"), then the date is still read', () => {
    const r = assessIdentity(reading({ birthDate: '1970-12-29' }), { ...anna, dobYear: 1970, dobMonth: 12, dobDay: 29 }, 'Passport', TODAY, annasPage({ birthDate: ['29 DECIDEC 70'] }))
    assert.deepEqual([r.result.printed?.birthDate, r.result.printedComparison?.birthDate.outcome], ['1970-12-29', 'match'])
  })

  it('when the printed number differs from the MRZ\'s only by look-alikes (O for 0, G for 6), then it matches', () => {
    const r = assessIdentity(reading({ documentNumber: 'L6400133' }), anna, 'Passport', TODAY, annasPage({ documentNumber: ['LG4OO133'] }))
    assert.deepEqual(codes(r), [])
  })

  it('when a date or number was found only by its shape among others like it (its label lost), then it counts where it agrees and is not read where it does not', () => {
    const unsure = (text: string) => ({ text, confidence: 0.95, unsure: true as const })
    const page = { ...annasPage(), birthDate: [unsure('14.03.2021'), unsure('12.07.1984')], documentNumber: [unsure('X45512077'), unsure('533401377')], expirationDate: [unsure('12.07.1984')] }
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, page)
    assert.deepEqual([r.result.printedComparison?.birthDate, r.result.printedComparison?.documentNumber], [
      { printed: '1984-07-12', mrz: '1984-07-12', outcome: 'match' }, { printed: '533401377', mrz: '533401377', outcome: 'match' },
    ])
    assert.deepEqual([r.result.printedComparison?.expirationDate, codes(r)], [{ printed: null, mrz: '2031-03-14', outcome: 'not_read' }, []])
  })

  it('when a name stands by its place beside the other (labels unread), then it is that field only where the other is the MRZ\'s', () => {
    const byPlace = (text: string, field: PrintedField, other: string) => ({ text, confidence: 0.95, beside: { field, text: other } })
    const edited = assessIdentity(reading(), anna, 'Passport', TODAY, { ...annasPage(), surname: [byPlace('LINDQVIST', 'givenNames', 'ANNA MARIA')], givenNames: [byPlace('ANNA MARIA', 'surname', 'LINDQVIST')] })
    assert.deepEqual([edited.result.printedComparison?.surname, edited.result.printedComparison?.givenNames.outcome, edited.riskRating.name],
      [{ printed: 'LINDQVIST', mrz: 'ERIKSSON', outcome: 'mismatch' }, 'not_read', 'High'])
    const elsewhere = assessIdentity(reading(), anna, 'Passport', TODAY, { ...annasPage(), surname: [byPlace('STOCKHOLM', 'givenNames', 'SVERIGE')] })
    assert.deepEqual(elsewhere.result.printedComparison?.surname, { printed: null, mrz: 'ERIKSSON', outcome: 'not_read' })
  })

  it('when no printed zone was found (an MRZ typed on a strip), then at best Medium mrz_only, with every comparison a match', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, null)
    assert.deepEqual([r.riskRating.name, codes(r), r.result.printed, r.result.printedComparison], ['Medium', ['mrz_only:medium'], null, null])
    assert.equal(r.result.comparison.surname.outcome, 'match')
  })

  it('when the page\'s date of birth or number could not be read, then Medium mrz_only naming them', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY, annasPage({ birthDate: ['12 ?? 19'], documentNumber: [] }))
    assert.deepEqual(r.result.signals, [{ code: 'mrz_only', severity: 'medium', message: 'The printed date of birth, document number could not be read, so only the MRZ was checked, and an MRZ\'s check digits can be typed by anyone. Upload a sharp photo or scan of the whole photo page.' }])
  })

  it('when the MRZ\'s name field is full, then a longer printed name it cut short agrees', () => {
    const lines = ['P<GBRWOLFESCHLEGELSTEINHAUSENBERGER<<HUBERTB', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ surname: 'WOLFESCHLEGELSTEINHAUSENBERGER', givenNames: 'HUBERTB' }, { lines }), { ...anna, surname: 'Wolfeschlegelsteinhausenberger', givenNames: 'Hubertblaine' },
      'Passport', TODAY, annasPage({ surname: ['Wolfeschlegelsteinhausenberger'], givenNames: ['Hubertblaine Wolfe'] }))
    assert.deepEqual(codes(r), [])
  })
})

describe('KYC: an empty or one-letter surname', () => {
  for (const surname of ['', 'E']) {
    it(`when the MRZ's surname is "${surname}" in a full name field, then it is no match for the case's`, () => {
      const lines = [`P<GBR${surname}<<ANNA<MARIA${'<'.repeat(0)}`.padEnd(43, 'X') + 'X', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
      const r = assessIdentity(reading({ surname }, { lines }), anna, 'Passport', TODAY, pageOf(reading({ surname })))
      assert.equal(r.result.comparison.surname.outcome, 'mismatch')
      assert.equal(r.riskRating.name, 'High')
    })
  }
})
