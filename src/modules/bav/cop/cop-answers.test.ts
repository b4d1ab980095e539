import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { COP_CODES, holderFromCop } from './cop-answers.ts'

const LOW = { id: 1, name: 'Low' }
const MEDIUM = { id: 2, name: 'Medium' }
const HIGH = { id: 3, name: 'High' }

// code → [rating, holder status, is the bank's name shown]
const TABLE: Record<string, [typeof LOW, string, boolean]> = {
  MATC: [LOW, 'confirmed', false],
  MBAM: [MEDIUM, 'close_match', true],
  BAMM: [MEDIUM, 'close_match', true],
  PAMM: [MEDIUM, 'close_match', true],
  BANM: [MEDIUM, 'account_type_mismatch', true],
  PANM: [MEDIUM, 'account_type_mismatch', true],
  ANNM: [HIGH, 'not_matched', false],
  AC01: [HIGH, 'account_not_found', false],
  ACNS: [MEDIUM, 'not_confirmed', false],
  OPTO: [MEDIUM, 'not_confirmed', false],
  SCNS: [MEDIUM, 'not_confirmed', false],
  CASS: [MEDIUM, 'not_confirmed', false],
  IVCR: [MEDIUM, 'not_confirmed', false],
}

describe('what a CoP answer means', () => {
  it('when the codes are listed, then they are exactly the ones in the table', () => {
    assert.deepEqual([...COP_CODES].sort(), Object.keys(TABLE).sort())
  })

  for (const [code, [rating, status, showsName]] of Object.entries(TABLE)) {
    it(`when CoP answers ${code}, then ${status}, ${rating.name}${showsName ? ', with the name on the account' : ''}`, () => {
      const found = holderFromCop({ matched: code === 'MATC', reasonCode: code === 'MATC' ? null : code, name: 'J Doe' })
      assert.ok(found)
      assert.deepEqual(found.rating, rating)
      assert.deepEqual({ ...found.holder, message: '' }, { status, code, nameOnAccount: showsName ? 'J Doe' : null, message: '' })
      assert.ok(found.holder.message.length > 20)
    })
  }

  it('when a match comes without a reason code, or with MATC, then confirmed', () => {
    assert.equal(holderFromCop({ matched: true, reasonCode: null, name: null })?.holder.status, 'confirmed')
    assert.equal(holderFromCop({ matched: true, reasonCode: 'MATC', name: null })?.holder.code, 'MATC')
  })

  it('when CASS, then the message says the account was switched', () => {
    assert.match(holderFromCop({ matched: false, reasonCode: 'CASS', name: null })!.holder.message, /switched/)
  })

  it('when a close match comes without a name, then nameOnAccount is null', () => {
    assert.equal(holderFromCop({ matched: false, reasonCode: 'MBAM', name: null })?.holder.nameOnAccount, null)
  })

  it('when the answer is not one of the spec\'s, then nothing is guessed', () => {
    assert.equal(holderFromCop({ matched: false, reasonCode: 'ZZZZ', name: null }), undefined, 'an unknown code')
    assert.equal(holderFromCop({ matched: false, reasonCode: null, name: null }), undefined, 'no match and no reason')
    assert.equal(holderFromCop({ matched: true, reasonCode: 'ANNM', name: null }), undefined, 'a match with a no-match code')
    assert.equal(holderFromCop({ matched: false, reasonCode: 'MATC', name: null }), undefined, 'MATC that is not a match')
  })
})
