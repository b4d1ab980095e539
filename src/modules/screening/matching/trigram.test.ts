import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { normaliseName } from './normalise.ts'
import { consonantText, trigramQueryText } from './trigram.ts'

describe('trigramQueryText', () => {
  it('when the name is in Latin or Cyrillic script, then it is the normalised text', () => {
    assert.equal(trigramQueryText({ kind: 'person', name: 'PUTIN, Владимир', birthDate: null, country: null }), 'vladimir putin')
  })

  it('when the name is in Arabic script, then it is its consonants, as consonantText gives a listed Latin name', () => {
    assert.equal(trigramQueryText({ kind: 'person', name: 'محمد الرشيد', birthDate: null, country: null }), 'mhmd l rshd')
    assert.equal(consonantText(normaliseName('Mohammed al-Rashid', 'person')), 'mhmd l rshd')
  })
})
