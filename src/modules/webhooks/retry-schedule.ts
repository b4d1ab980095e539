const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

// Standard Webhooks' suggested schedule (docs/decisions.md, Webhooks): the wait after each failed attempt, so a delivery
// gets one immediate try plus these nine retries, about three days in all.
const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR,
]

// ±20% spreads retries of many deliveries that failed together (receiver outage) so they do not return in one burst.
const JITTER = 0.2

export type RetryScheduleOptions = { scale?: number, random?: () => number }

export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1

/**
 * Delay before the attempt after `attemptNumber` (1 = the first try), or null when that was the last attempt and the
 * delivery is to be marked failed. `random` returns [0, 1); 0.5 means no jitter. `scale` shrinks the schedule in tests.
 */
export function nextRetryDelayMs (attemptNumber: number, { scale = 1, random = Math.random }: RetryScheduleOptions = {}): number | null {
  const base = RETRY_DELAYS_MS[attemptNumber - 1]
  if (!Number.isInteger(attemptNumber) || base === undefined) return null
  const factor = 1 + JITTER * (2 * random() - 1)
  return Math.round(base * scale * factor)
}
