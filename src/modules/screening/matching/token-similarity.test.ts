import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareTokens, tokenForms } from './token-similarity.ts'

const latin = { acrossAbjad: false, initials: true }
const compare = (a: string, b: string, options = latin) => {
  const { score, likeness } = compareTokens(tokenForms(a), tokenForms(b), options)
  return { score: Math.round(score * 1000) / 1000, likeness }
}

describe('compareTokens', () => {
  it('when the words are equal, then 1, exact', () => {
    assert.deepEqual(compare('putin', 'putin'), { score: 1, likeness: 'exact' })
  })

  it('when the words are one transliteration apart, then 0.95, a spelling', () => {
    assert.deepEqual(compare('khodorkovsky', 'khodorkovskiy'), { score: 0.95, likeness: 'spelling' })
  })

  it('when a word has one slip, then its Jaro-Winkler similarity', () => {
    assert.deepEqual(compare('putn', 'putin'), { score: 0.953, likeness: 'similar' })
    assert.deepEqual(compare('ranan', 'rayan'), { score: 0.893, likeness: 'similar' })
  })

  it('when the words sound alike within a few letters, then 0.9, phonetic', () => {
    assert.deepEqual(compare('muhammad', 'mohammed'), { score: 0.9, likeness: 'phonetic' })
  })

  it('when names only begin or end alike, then they are different words', () => {
    assert.deepEqual(compare('vladislav', 'vladimir'), { score: 0, likeness: 'similar' })
    assert.deepEqual(compare('ivan', 'ivanov'), { score: 0, likeness: 'similar' })
    assert.deepEqual(compare('levchenko', 'savchenko'), { score: 0, likeness: 'similar' })
    assert.deepEqual(compare('yanukovych', 'maksymovych'), { score: 0, likeness: 'similar' })
  })

  it('when words sound alike but differ much in length, then they are different words', () => {
    assert.deepEqual(compare('qianghua', 'qiang'), { score: 0, likeness: 'similar' })
  })

  it('when a letter stands for a name, then 0.9 as its initial for persons, nothing for organisations', () => {
    assert.deepEqual(compare('v', 'vladimir'), { score: 0.9, likeness: 'initial' })
    assert.deepEqual(compare('v', 'vladimir', { acrossAbjad: false, initials: false }), { score: 0, likeness: 'similar' })
  })

  it('when one word was written in Arabic script, then the same consonants give 0.92 and others nothing', () => {
    const acrossAbjad = { acrossAbjad: true, initials: true }
    assert.deepEqual(compare('mhmd', 'mohammed', acrossAbjad), { score: 0.92, likeness: 'consonants' })
    assert.deepEqual(compare('rda', 'reza', acrossAbjad), { score: 0.92, likeness: 'consonants' })
    assert.deepEqual(compare('ly', 'leila', acrossAbjad), { score: 0, likeness: 'similar' })
  })
})
