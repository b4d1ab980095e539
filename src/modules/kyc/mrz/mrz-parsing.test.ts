import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bestCandidate } from './mrz-candidates.ts'
import { cleanNameFiller, correctByPosition, lengthRepairs } from './mrz-corrections.ts'
import { birthDateOf, expirationDateOf } from './mrz-fields.ts'
import { LAYOUTS } from './mrz-layout.ts'

const NOW = new Date('2026-11-26T00:00:00Z')
const line = (text: string) => ({ text, confidence: 0.9 })
const TD3 = ['P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', '9250764733GBR8407122F3103142<<<<<<<<<<<<<<<8']

describe('MRZ parsing and OCR corrections', () => {
  it('when the lines are read exactly, then every field comes out and the check digits hold', () => {
    const reading = bestCandidate(TD3.map(line), NOW)!
    assert.equal(reading.valid, true)
    assert.deepEqual(reading.fields, {
      documentCode: 'P', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: '925076473',
      nationality: 'GBR', birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: null,
    })
  })

  it('when letters are read in digit-only positions and digits in letter-only ones, then they are swapped back', () => {
    assert.equal(correctByPosition('925O764733G8RB4O7I22F31O3142<<<<<<<<<<<<<<<B', LAYOUTS.TD3[1]!), '925O764733GBR8407122F3103142<<<<<<<<<<<<<<<8', 'the document number may hold letters: its O stays')
    const reading = bestCandidate([line(TD3[0]!), line('9250764733G8RB4O7I22F31O3142<<<<<<<<<<<<<<<B')], NOW)!
    assert.equal(reading.valid, true)
    assert.equal(reading.lines[1], TD3[1])
  })

  it('when the check digit of an optional field that may be empty is read as a letter, then it becomes its digit, and a filler stays a filler', () => {
    const layout = LAYOUTS.TD3[1]!
    assert.equal(correctByPosition('7N89387670FIN0806187M28072253776394798683<O4', layout), '7N89387670FIN0806187M28072253776394798683<04')
    assert.equal(correctByPosition(TD3[1]!, layout), TD3[1])
    assert.equal(correctByPosition('I<SWE9573083O5<<<<<<<<<<<<<<<', LAYOUTS.TD1[0]!), 'I<SWE9573083O5<<<<<<<<<<<<<<<', 'TD1: the document number keeps its O')
    assert.equal(correctByPosition('I<SWED23456789S2345<<<<<<<<<<<', LAYOUTS.TD1[0]!), 'I<SWED2345678952345<<<<<<<<<<<', 'TD1: its check digit read as S is 5')
  })

  it('when a filler run is miscounted, then the check digits pick the repair', () => {
    const long = bestCandidate([line(TD3[0]! + '<<'), line('9250764733GBR8407122F3103142<<<<<<<<<<<<<<<<8')], NOW)!
    assert.equal(long.valid, true)
    assert.deepEqual(long.lines, TD3)
    assert.ok(lengthRepairs('ABC<<D', 5).includes('ABC<D'))
  })

  it('when the name line has letters among its trailing fillers, then they are dropped', () => {
    assert.equal(cleanNameFiller('HAUGEN<<YUKI<<<<<C<C<<<<LLL<'), 'HAUGEN<<YUKI<<<<<<<<<<<<<<<<')
    const reading = bestCandidate([line('P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<L<<L<<<<'), line(TD3[1]!)], NOW)!
    assert.equal(reading.fields.givenNames, 'ANNA MARIA')
  })

  it('when the document number check digit is wrong on the document, then the reading stays invalid', () => {
    const reading = bestCandidate([line(TD3[0]!), line('9250764736GBR8407122F3103142<<<<<<<<<<<<<<<8')], NOW)!
    assert.equal(reading.valid, false)
    // the composite digit covers the document number's digit, so it fails with it
    assert.deepEqual(reading.failedCheckDigits, ['documentNumber', 'compositeCheckDigit'])
    assert.equal(reading.fields.documentNumber, '925076473')
  })

  it('when a TD1 card is read, then its three lines give the fields', () => {
    const reading = bestCandidate(['I<GBRIDG4827152<<<<<<<<<<<<<<<', '8407122F3210086GBR<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'].map(line), NOW)!
    assert.equal(reading.format, 'TD1')
    assert.equal(reading.valid, true)
    assert.equal(reading.fields.documentNumber, 'IDG482715')
    assert.equal(reading.fields.expirationDate, '2032-10-08')
  })

  it('when two-digit years are read, then birth dates are never in the future and expiry dates are 20xx', () => {
    assert.equal(birthDateOf('840712', NOW), '1984-07-12')
    assert.equal(birthDateOf('050301', NOW), '2005-03-01')
    assert.equal(birthDateOf('261231', NOW), '1926-12-31')
    assert.equal(expirationDateOf('310314', NOW), '2031-03-14')
    assert.equal(expirationDateOf('991301', NOW), null)
  })

  it('when no line looks like an MRZ, then there is no reading', () => {
    assert.equal(bestCandidate([line('PASSPORT'), line('Surname ERIKSSON')], NOW), null)
  })
})
