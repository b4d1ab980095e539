import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { MAX_DELIVERY_ATTEMPTS, nextRetryDelayMs } from './retry-schedule.ts'

const noJitter = (): number => 0.5
const seconds = 1000
const minutes = 60 * seconds
const hours = 60 * minutes

describe('webhook retry schedule', () => {
  it('when there is no jitter, then the delays follow the Standard Webhooks schedule', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => nextRetryDelayMs(attempt, { random: noJitter }))

    assert.deepEqual(delays, [
      5 * seconds, 5 * minutes, 30 * minutes, 2 * hours, 5 * hours, 10 * hours, 14 * hours, 20 * hours, 24 * hours,
    ])
  })

  it('when the random source is at its extremes, then the delay stays within ±20%', () => {
    assert.equal(nextRetryDelayMs(2, { random: () => 0 }), 4 * minutes)
    const highest = nextRetryDelayMs(2, { random: () => 0.999999 }) ?? 0
    assert.ok(highest > 5.99 * minutes && highest <= 6 * minutes, `${highest} ms is not just under +20%`)
    for (let i = 0; i < 200; i++) {
      const delay = nextRetryDelayMs(1) ?? 0
      assert.ok(delay >= 4 * seconds && delay <= 6 * seconds, `${delay} ms is outside 4–6 s`)
    }
  })

  it('when the last attempt has failed, then there is no next delay', () => {
    assert.equal(MAX_DELIVERY_ATTEMPTS, 10)
    assert.equal(nextRetryDelayMs(10, { random: noJitter }), null)
    assert.equal(nextRetryDelayMs(11, { random: noJitter }), null)
  })

  it('when the attempt number is not a positive integer, then there is no next delay', () => {
    assert.equal(nextRetryDelayMs(0), null)
    assert.equal(nextRetryDelayMs(-1), null)
    assert.equal(nextRetryDelayMs(1.5), null)
  })

  it('when a scale is given, then the whole schedule shrinks by it', () => {
    assert.equal(nextRetryDelayMs(1, { scale: 0.001, random: noJitter }), 5)
    assert.equal(nextRetryDelayMs(9, { scale: 0.001, random: noJitter }), 86_400)
  })
})
