import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mrzLines } from '../../../../scripts/samples/identity-documents/index.ts'
import { glyphCandidate } from './mrz-glyph-repair.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'

const NOW = new Date('2026-11-26T00:00:00Z')
const ANNA = { documentType: 'Passport', issuingState: 'GBR', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: '533401377', nationality: 'GBR', birthDate: '1984-07-12', sex: 'female', expirationDate: '2031-03-14', personalNumber: '' } as const
const LINES = mrzLines(ANNA)

/** Lines as the glyph matcher gives them: each character sure (0.9) unless `unsure` gives its reading and runner-up. */
function glyphs (lines: string[], unsure: Record<string, { read: string, second: string, margin: number }> = {}): GlyphReading[] {
  return lines.map((line, row) => {
    const symbols = [...line].map((c, col) => {
      const odd = unsure[`${row}:${col}`]
      return odd ? { text: odd.read, confidence: 0.7, second: odd.second, secondConfidence: 0.7 - odd.margin } : { text: c, confidence: 0.9, second: '<', secondConfidence: 0.3 }
    })
    return { text: symbols.map((s) => s.text).join(''), confidence: 0.88, symbols }
  })
}

describe('repairing a glyph reading only where the check digits agree', () => {
  it('when every character is read as printed, then the reading is valid as read', () => {
    const reading = glyphCandidate(glyphs(LINES), NOW)
    assert.deepEqual([reading?.valid, reading?.lines], [true, LINES])
  })

  it('when a 3 of the document number is read as 9 with 3 a close second, then the runner-up is taken because every check digit then holds', () => {
    const reading = glyphCandidate(glyphs(LINES, { '1:1': { read: '9', second: '3', margin: 0.02 } }), NOW)
    assert.deepEqual([reading?.valid, reading?.fields.documentNumber], [true, '533401377'])
  })

  it('when the runner-up would not make the check digit hold either, then no repair is made and the reading says which digit fails', () => {
    const reading = glyphCandidate(glyphs(LINES, { '1:1': { read: '9', second: '7', margin: 0.02 } }), NOW)
    assert.equal(reading?.valid, false)
    assert.deepEqual(reading?.failedCheckDigits, ['documentNumber', 'compositeCheckDigit'])
    assert.equal(reading?.fields.documentNumber, '593401377')
  })

  it('when O and 0 match a number\'s position almost equally, then 0 is read, and a clear O stays O', () => {
    const zero = glyphCandidate(glyphs(LINES, { '1:4': { read: 'O', second: '0', margin: 0.03 } }), NOW)
    assert.equal(zero?.lines[1], LINES[1])
    const letter = mrzLines({ ...ANNA, documentNumber: 'AB1O34567' })
    const clear = glyphCandidate(glyphs(letter, { '1:3': { read: 'O', second: '0', margin: 0.3 } }), NOW)
    assert.equal(clear?.fields.documentNumber, 'AB1O34567')
  })

  it('when a letter of the surname matched its rival letter almost as well, then the surname is unsure; a rival digit of the same shape is no doubt', () => {
    // P<GBRERIKSSON<<…: the second S of the surname (column 10) matched a B nearly as well.
    const close = glyphCandidate(glyphs(LINES, { '0:10': { read: 'S', second: 'B', margin: 0.02 } }), NOW)
    assert.deepEqual([close?.valid, close?.fields.surname, close?.unsureFields], [true, 'ERIKSSON', ['surname']])
    const lookAlike = glyphCandidate(glyphs(LINES, { '0:10': { read: 'S', second: '5', margin: 0.01 } }), NOW)
    assert.deepEqual(lookAlike?.unsureFields, [])
    assert.deepEqual(glyphCandidate(glyphs(LINES), NOW)?.unsureFields, [])
  })

  it('when the given names hold a close call, then only they are unsure', () => {
    const reading = glyphCandidate(glyphs(LINES, { '0:16': { read: 'N', second: 'H', margin: 0.01 } }), NOW)
    assert.deepEqual([reading?.fields.givenNames, reading?.unsureFields], ['ANNA MARIA', ['givenNames']])
  })
})
