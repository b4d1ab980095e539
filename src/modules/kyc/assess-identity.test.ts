import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assessIdentity, type KycPerson } from './assess-identity.ts'
import type { MrzReading } from './mrz/index.ts'

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

const anna: KycPerson = { givenNames: 'Anna Maria', surname: 'Eriksson', dobYear: 1984, dobMonth: 7, dobDay: 12 }
const codes = (r: ReturnType<typeof assessIdentity>) => r.result.signals.map((s) => `${s.code}:${s.severity}`)

describe('KYC: a document against the case', () => {
  it('when everything agrees and is valid, then Low with no signals', () => {
    const r = assessIdentity(reading(), anna, 'Passport', TODAY)
    assert.equal(r.riskRating.name, 'Low')
    assert.deepEqual(r.result.signals, [])
    assert.deepEqual(r.result.comparison, {
      surname: { onCase: 'Eriksson', onDocument: 'ERIKSSON', outcome: 'match', similarity: 1 },
      givenNames: { onCase: 'Anna Maria', onDocument: 'ANNA MARIA', outcome: 'match', similarity: 1 },
      birthDate: { onCase: '1984-07-12', onDocument: '1984-07-12', outcome: 'match' },
    })
  })

  it('when a check digit fails, then High with the field named', () => {
    const r = assessIdentity(reading({}, { valid: false, failedCheckDigits: ['documentNumber'] }), anna, 'Passport', TODAY)
    assert.equal(r.riskRating.name, 'High')
    assert.deepEqual(r.result.signals, [{ code: 'check_digit_invalid', severity: 'high', message: 'The MRZ\'s check digit does not agree with its field (document number): the document may be altered or forged.' }])
  })

  it('when the document has expired, then High; on its expiry day it is still valid', () => {
    assert.deepEqual(codes(assessIdentity(reading({ expirationDate: '2023-05-01' }), anna, 'Passport', TODAY)), ['expired:high'])
    assert.deepEqual(codes(assessIdentity(reading({ expirationDate: TODAY }), anna, 'Passport', TODAY)), [])
  })

  it('when the date of birth differs, then High; a case with only the year agrees with any day of it', () => {
    assert.deepEqual(codes(assessIdentity(reading({ birthDate: '1984-07-21' }), anna, 'Passport', TODAY)), ['birth_date_mismatch:high'])
    assert.deepEqual(codes(assessIdentity(reading(), { ...anna, dobMonth: null, dobDay: null }, 'Passport', TODAY)), [])
  })

  it('when the document names someone else, then High', () => {
    const r = assessIdentity(reading({ surname: 'JOHNSON', givenNames: 'PETER JAMES', birthDate: '1979-02-03', sex: 'male' }), anna, 'Passport', TODAY)
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
      assert.deepEqual(codes(assessIdentity(reading(over), person, 'Passport', TODAY)), ['name_minor_difference:medium'])
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
      const r = assessIdentity(reading(over), person, 'Passport', TODAY)
      assert.deepEqual(codes(r), [])
    })
  }

  it('when the name field is full, then a case name the document cut short still matches', () => {
    const lines = ['P<GBRWOLFESCHLEGELSTEINHAUSENBERGER<<HUBERTB', '5334013770GBR8407124F3103146<<<<<<<<<<<<<<02']
    const r = assessIdentity(reading({ surname: 'WOLFESCHLEGELSTEINHAUSENBERGER', givenNames: 'HUBERTB' }, { lines }),
      { ...anna, surname: 'Wolfeschlegelsteinhausenberger', givenNames: 'Hubertblaine Wolfe' }, 'Passport', TODAY)
    assert.deepEqual(codes(r), [])
  })

  it('when the case has no date of birth or names, then Medium: nothing to compare with', () => {
    const r = assessIdentity(reading(), { givenNames: null, surname: 'Eriksson', dobYear: null, dobMonth: null, dobDay: null }, 'Passport', TODAY)
    assert.deepEqual(r.result.signals, [{ code: 'not_on_case', severity: 'medium', message: 'The case has no given names, date of birth to compare with the document; add them to the case and run the check again.' }])
    assert.equal(r.riskRating.name, 'Medium')
  })

  it('when the issuer is no country, then High; ICAO codes such as D and UNO are issuers', () => {
    assert.deepEqual(codes(assessIdentity(reading({ issuingState: 'XYZ' }), anna, 'Passport', TODAY)), ['issuing_state_unknown:high'])
    assert.deepEqual(codes(assessIdentity(reading({ issuingState: 'D' }), anna, 'Passport', TODAY)), [])
    assert.deepEqual(codes(assessIdentity(reading({ issuingState: 'UNO' }), anna, 'Passport', TODAY)), [])
  })

  it('when an identity card is uploaded as a passport, then Medium', () => {
    const card = reading({ documentCode: 'ID' }, { format: 'TD1', lines: ['IDGBR5334013770<<<<<<<<<<<<<<<', '8407124F3103146GBR<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'] })
    assert.deepEqual(codes(assessIdentity(card, anna, 'Passport', TODAY)), ['document_type_mismatch:medium'])
    assert.deepEqual(codes(assessIdentity(card, anna, 'IdentityCard', TODAY)), [])
  })

  it('when the MRZ holds no valid expiry date, then Medium', () => {
    assert.deepEqual(codes(assessIdentity(reading({ expirationDate: null }), anna, 'Passport', TODAY)), ['date_unreadable:medium'])
  })
})
