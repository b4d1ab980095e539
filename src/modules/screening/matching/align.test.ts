import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bestAssignment } from './align.ts'

describe('bestAssignment', () => {
  it('when the best pairs cross, then each row gets the column of greatest total, not its own best', () => {
    assert.deepEqual(bestAssignment([[0.9, 0.8], [0.85, 0]], 2), [1, 0])
  })

  it('when a row has no credit, then it stays unpaired', () => {
    assert.deepEqual(bestAssignment([[0, 0], [1, 0]], 2), [-1, 0])
  })

  it('when there are more columns than the exact search takes, then the greatest credits are paired first', () => {
    const credit = [Array.from({ length: 12 }, (_, column) => column === 11 ? 1 : 0.1)]
    assert.deepEqual(bestAssignment(credit, 12), [11])
  })
})
