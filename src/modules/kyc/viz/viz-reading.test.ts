import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { PlacedLine } from '../../../infra/ocr/ocr-service.ts'
import { parsePrintedDate } from './viz-dates.ts'
import { printedValues } from './viz-reading.ts'

/** A line of words as OCR places them: each word `text@x`, 12 pixels a letter, on a row at `y` of height `h`. */
function line (y: number, h: number, ...words: string[]): PlacedLine {
  const placed = words.map((word) => {
    const [text, x] = word.split('@') as [string, string]
    return { text, confidence: 0.9, box: { x0: Number(x), y0: y, x1: Number(x) + 0.6 * h * text.length, y1: y + h } }
  })
  return { text: placed.map((w) => w.text).join(' '), confidence: 0.9, box: { x0: placed[0]!.box.x0, y0: y, x1: placed.at(-1)!.box.x1, y1: y + h }, words: placed }
}

/** The values' texts, without how sure OCR was of them; `unsure` ones (found by their shape among others) and names by their place apart. */
const valuesOf = (lines: PlacedLine[], unsure = false) => Object.fromEntries(Object.entries(printedValues(lines))
  .map(([field, candidates]) => [field, candidates.filter((c) => (c.unsure === true) === unsure && !c.beside).map((c) => c.text)]))

describe('KYC printed zone: values by their labels', () => {
  it('when bilingual labels stand above their values in two columns, then each value is its own column\'s', () => {
    const values = valuesOf([
      line(100, 14, 'Nazwisko@500', '/@580', 'Surname@595', 'Nr@900', 'dokumentu@925', '/@1010', 'Document@1025', 'no.@1110'),
      line(122, 24, 'WIŚNIEWSKA@500', 'LD4423515@900'),
      line(170, 14, 'Imiona@500', '/@560', 'Given@575', 'names@640'),
      line(192, 24, 'PIOTR@500', 'KATARZYNA@600'),
      line(240, 14, 'Miejsce@500', 'urodzenia@580', '/@680', 'Place@695', 'of@760', 'birth@790', 'Data@900', 'urodzenia@950', '/@1050', 'Date@1065', 'of@1120', 'birth@1150'),
      line(262, 24, 'KRAKÓW@500', '18.04.1946@900'),
      line(400, 30, 'P<POLWISNIEWSKA<<PIOTR<KATARZYNA<<<<<<<<<<<<@80'),
    ])
    assert.deepEqual(values, { surname: ['WIŚNIEWSKA'], givenNames: ['PIOTR KATARZYNA'], birthDate: ['18.04.1946'], documentNumber: ['LD4423515'], expirationDate: [] })
  })

  it('when a value stands beside its label, or the label is misread by a letter ("Sumame"), then it is still found', () => {
    const values = valuesOf([
      line(100, 20, 'Sumame:@100', 'ERIKSSON@300'),
      line(140, 20, 'Given@100', 'names:@170', 'ANNA@300', 'MARIA@360'),
      line(180, 20, 'Date@100', 'of@160', 'expiry:@190', '14@300', 'MAR@330', '2031@380'),
    ])
    assert.deepEqual(values, { surname: ['ERIKSSON'], givenNames: ['ANNA MARIA'], birthDate: [], documentNumber: [], expirationDate: ['14 MAR 2031'] })
  })

  it('when a stamp\'s mark is read nearer under a label but off to the side, then the value under the label is still found', () => {
    const values = valuesOf([
      line(100, 20, 'Nazwsko@500', '|@620', 'Sumame@640'),
      line(116, 36, 'st@1150'),
      line(145, 40, 'LEWANDOWSKA@500'),
    ])
    assert.deepEqual(values.surname, ['LEWANDOWSKA'])
  })

  it('when the line under a label is the next label, then the field has no value rather than the next field\'s', () => {
    const values = valuesOf([
      line(100, 20, 'Surname@500'),
      line(140, 20, 'Given@500', 'names@570'),
      line(170, 30, 'ANNA@500'),
    ])
    assert.deepEqual([values.surname, values.givenNames], [[], ['ANNA']])
  })

  it('when three dates are printed and their labels are misread, then the earliest is the birth date and the latest the expiry', () => {
    const values = valuesOf([
      line(100, 14, 'Gate@500', 'of@560', 'brth@590'),
      line(120, 24, '30.01.2009@500'),
      line(160, 14, 'Date@500', 'of@560', 'ssue@590'),
      line(180, 24, '24.07.2022@500'),
      line(220, 14, 'Date@500', 'of@560', 'exury@590'),
      line(240, 24, '23.07.2027@500'),
    ])
    assert.deepEqual([values.birthDate, values.expirationDate], [['30.01.2009'], ['23.07.2027']])
  })

  it('when only two dates are read (a stamp over the third), then their order names neither, and each may only agree with the MRZ', () => {
    const lines = [line(120, 24, '24.07.2022@500'), line(240, 24, '23.07.2027@500')]
    assert.deepEqual([valuesOf(lines).birthDate, valuesOf(lines).expirationDate], [[], []])
    assert.deepEqual([valuesOf(lines, true).birthDate, valuesOf(lines, true).expirationDate], [['24.07.2022', '23.07.2027'], ['24.07.2022', '23.07.2027']])
  })

  it('when two dates lie further apart than any document is valid (15 years), then the earlier is the birth date and the later the expiry', () => {
    const values = valuesOf([line(120, 24, '04.06.1942@500'), line(240, 24, '23.12.2033@500')])
    assert.deepEqual([values.birthDate, values.expirationDate], [['04.06.1942'], ['23.12.2033']])
    const close = valuesOf([line(120, 24, '24.12.2018@500'), line(240, 24, '23.12.2033@500')])
    assert.deepEqual([close.birthDate, close.expirationDate], [[], []])
  })

  it('when the number\'s label is lost, then each number-shaped value on the page may only agree with the MRZ (a misread one would disagree as an edit does)', () => {
    const one = [line(100, 30, 'BOUVIER@500'), line(200, 30, '28C124117@500'), line(300, 30, '23.12.2033@500')]
    assert.deepEqual([valuesOf(one).documentNumber, valuesOf(one, true).documentNumber], [[], ['28C124117']])
    const two = [line(200, 30, '28C124117@500'), line(300, 30, 'X4 551 20@500')]
    assert.deepEqual([valuesOf(two).documentNumber, valuesOf(two, true).documentNumber], [[], ['28C124117', 'X4 551 20']])
    // Words, dates and short codes are not numbers.
    assert.deepEqual(valuesOf([line(100, 30, 'Given@500', 'names@600'), line(200, 30, 'FRA@500', '12@600'), line(300, 30, '04 JUN 1942@500')], true).documentNumber, [])
  })

  it('when a photo\'s labels are too small to read, then the rows under the type, state and number row are the surname and given names, and its number the document number', () => {
    const values = valuesOf([
      line(100, 40, 'P@500', 'POL@700', 'CA1496094@1000'),
      line(230, 40, 'KOWALSKI@500'),
      line(360, 40, 'PIOTR@500'),
      line(490, 40, 'POL@500'),
    ])
    assert.deepEqual([values.surname, values.givenNames, values.documentNumber], [['KOWALSKI'], ['PIOTR'], ['CA1496094']])
  })

  it('when a row under the number\'s is lost (under a stamp), then no name is taken by its place, as it would be the next field\'s', () => {
    const values = valuesOf([
      line(100, 40, 'P@500', 'POL@700', 'CA1496094@1000'),
      line(360, 40, 'PIOTR@500'),
      line(490, 40, 'POL@500'),
    ])
    assert.deepEqual([values.surname, values.givenNames], [[], []])
  })

  it('when OCR splits a label across lines ("Nom" and "e próprio / Given names"), then it is read whole: the given names\' label, not the French surname\'s', () => {
    const values = valuesOf([
      line(100, 20, 'Apelido@500'),
      line(100, 20, 'Surname@600'),
      line(130, 40, 'GONCALVES@500'),
      line(200, 20, 'Nom@500'),
      line(200, 20, 'e@540', 'próprio@560', '/@650', 'Given@670', 'names@740'),
      line(230, 40, 'JOAO@500'),
    ])
    assert.deepEqual([values.surname, values.givenNames], [['GONCALVES'], ['JOAO']])
  })

  it('when the names\' labels are not read, then each of two name rows one under the other is the other\'s neighbour: given names under the surname', () => {
    const lines = [line(100, 40, 'BERNARD@500'), line(150, 12, 'xx@500'), line(220, 40, 'MARIE@500'), line(340, 40, 'LYON@500'), line(700, 40, 'DUBOIS@500')]
    const beside = printedValues(lines)
    assert.deepEqual(beside.givenNames.filter((c) => c.beside).map((c) => [c.text, c.beside]), [['MARIE', { field: 'surname', text: 'BERNARD' }], ['LYON', { field: 'surname', text: 'MARIE' }]])
    assert.deepEqual(beside.surname.filter((c) => c.beside).map((c) => [c.text, c.beside]), [['BERNARD', { field: 'givenNames', text: 'MARIE' }], ['MARIE', { field: 'givenNames', text: 'LYON' }]])
    // DUBOIS stands too far under LYON (a row lost between them); the short "xx" is no name.
    assert.deepEqual(valuesOf(lines, true).surname, ['BERNARD', 'MARIE', 'LYON', 'DUBOIS'])
  })

  it('when no label is on the page (an MRZ strip), then nothing is found', () => {
    assert.deepEqual(valuesOf([line(100, 30, 'P<GBRERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<@80')]), { surname: [], givenNames: [], birthDate: [], documentNumber: [], expirationDate: [] })
  })
})

describe('KYC printed zone: dates as documents print them', () => {
  for (const [printed, expected] of [
    ['12 AUG 1974', { year: 1974, month: 8, day: 12, yearDigits: 4 }],
    ['12 AOÛT/AUG 74', { year: 74, month: 8, day: 12, yearDigits: 2 }],
    ['12 08 1974', { year: 1974, month: 8, day: 12, yearDigits: 4 }],
    ['12.08.1974', { year: 1974, month: 8, day: 12, yearDigits: 4 }],
    ['11 DIC 1965', { year: 1965, month: 12, day: 11, yearDigits: 4 }],
    ['1974-08-12', { year: 1974, month: 8, day: 12, yearDigits: 4 }],
    ['I2.O8.1974', { year: 1974, month: 8, day: 12, yearDigits: 4 }],
  ] as const) {
    it(`when the page prints "${printed}", then it is ${expected.day}/${expected.month}/${expected.year}`, () => {
      assert.deepEqual(parsePrintedDate(printed), expected)
    })
  }

  it('when the value holds no date, then null', () => {
    assert.equal(parsePrintedDate('GUADALAJARA'), null)
    assert.equal(parsePrintedDate('31 02'), null)
  })
})
