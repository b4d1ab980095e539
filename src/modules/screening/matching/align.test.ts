import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { seededRandom } from '#shared/seeded-random.ts'
import { bestAssignment, hungarianAssignment, subsetAssignment } from './align.ts'

const total = (credit: number[][], assignment: number[]) => assignment.reduce((sum, column, row) => sum + (column === -1 ? 0 : credit[row]![column]!), 0)

describe('bestAssignment', () => {
  it('when the best pairs cross, then each row gets the column of greatest total, not its own best', () => {
    assert.deepEqual(bestAssignment([[0.9, 0.8], [0.85, 0]], 2), [1, 0])
  })

  it('when a row has no credit, then it stays unpaired', () => {
    assert.deepEqual(bestAssignment([[0, 0], [1, 0]], 2), [-1, 0])
  })

  it('when there are more columns than the subset search takes, then the best pairs still cross', () => {
    const credit = [[0.9, 0.8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0.85, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
    assert.deepEqual(bestAssignment(credit, 12), [1, 0])
  })

  it('when the Hungarian method and the subset search take the same matrices, then their totals are equal', () => {
    const random = seededRandom(28)
    for (let round = 0; round < 300; round++) {
      const rows = 1 + Math.floor(random() * 6)
      const columns = 1 + Math.floor(random() * 6)
      const credit = Array.from({ length: rows }, () => Array.from({ length: columns }, () => random() < 0.4 ? 0 : Math.round(random() * 100) / 100))
      const exact = subsetAssignment(credit, columns)
      const hungarian = hungarianAssignment(credit, columns)
      assert.ok(Math.abs(total(credit, exact) - total(credit, hungarian)) < 1e-9, JSON.stringify({ credit, exact, hungarian }))
      assert.equal(new Set(hungarian.filter((c) => c !== -1)).size, hungarian.filter((c) => c !== -1).length)
      hungarian.forEach((column, row) => { if (column !== -1) assert.ok(credit[row]![column]! > 0) })
    }
  })

  it('when a name has 12 words on each side, then pairing them takes well under a millisecond', () => {
    const credit = Array.from({ length: 12 }, (_, row) => Array.from({ length: 12 }, (_, column) => (row * 7 + column * 3) % 5 === 0 ? 0.9 : 0.1))
    const started = performance.now()
    for (let i = 0; i < 1000; i++) hungarianAssignment(credit, 12)
    assert.ok((performance.now() - started) / 1000 < 1)
  })
})
