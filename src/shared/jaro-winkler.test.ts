import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { editDistance, jaroWinkler } from './jaro-winkler.ts'

const rounded = (value: number) => Math.round(value * 10_000) / 10_000

describe('jaroWinkler', () => {
  it("when given Winkler's published pairs, then it gives the published values", () => {
    assert.equal(rounded(jaroWinkler('martha', 'marhta')), 0.9611)
    assert.equal(rounded(jaroWinkler('dwayne', 'duane')), 0.84)
    assert.equal(rounded(jaroWinkler('dixon', 'dicksonx')), 0.8133)
  })

  it('when the strings are equal, or one is empty, then 1 and 0', () => {
    assert.equal(jaroWinkler('putin', 'putin'), 1)
    assert.equal(jaroWinkler('', 'putin'), 0)
  })

  it('when names share a prefix of more than four letters, then the prefix counts four', () => {
    assert.equal(rounded(jaroWinkler('vladislav', 'vladimir')), 0.8361)
  })
})

describe('editDistance', () => {
  it('when letters are replaced, dropped, added or swapped, then each counts one', () => {
    assert.equal(editDistance('putin', 'putin'), 0)
    assert.equal(editDistance('putin', 'putn'), 1)
    assert.equal(editDistance('putin', 'puttin'), 1)
    assert.equal(editDistance('putin', 'ptuin'), 1)
    assert.equal(editDistance('kitten', 'sitting'), 3)
  })
})
