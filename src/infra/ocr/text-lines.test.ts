import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { textLines } from './text-lines.ts'

const at = (text: string, x: number, y: number, width = text.length * 5, size = 10) => ({ text, x, y, width, size })

describe('textLines', () => {
  it('when text is drawn out of reading order, then lines come top to bottom and left to right', () => {
    assert.deepEqual(textLines([at('second', 10, 100), at('right', 200, 120), at('first', 10, 120)]), ['first  right', 'second'])
  })

  it('when pieces are a word gap apart, then one space; a column gap, then two; touching, then none', () => {
    assert.deepEqual(textLines([at('Sort', 0, 50, 20), at('code:', 23, 50, 25), at('08-99-99', 100, 50, 40), at('.00', 140, 50, 15)]), ['Sort code:  08-99-99.00'])
  })

  it('when a baseline wobbles by less than half the font size, then it is still one line', () => {
    assert.deepEqual(textLines([at('a', 0, 100), at('b', 50, 103)]), ['a  b'])
  })

  it('when text is painted over other text, then the later one is what the line says', () => {
    assert.deepEqual(textLines([at('Closing balance', 0, 10, 60), at('2,337.68', 200, 10, 35), at('8,337.68', 192, 10, 43)]), ['Closing balance  8,337.68'])
    assert.deepEqual(textLines([at('8,337.68', 192, 10, 43), at('2,337.68', 200, 10, 35)]), ['2,337.68'])
  })

  it('when an item is blank or has no size, then it is left out', () => {
    assert.deepEqual(textLines([at(' ', 0, 10), at('x', 20, 10), at('y', 40, 10, 5, 0)]), ['x'])
  })
})
