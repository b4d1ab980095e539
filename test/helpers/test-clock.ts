import type { Clock } from '../../src/shared/clock.ts'

/** Real time plus an offset that a test can push forward. */
export function testClock (): Clock & { advance (ms: number): void, advanceMinutes (minutes: number): void } {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance (ms) { offset += ms },
    advanceMinutes (minutes) { offset += minutes * 60_000 },
  }
}
