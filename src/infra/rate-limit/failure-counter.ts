import type { Redis } from 'ioredis'

/**
 * Brute-force counting per key in a fixed window, shared across processes when Redis is
 * configured. An attempt takes a place before its secret is judged, atomically, so concurrent
 * guesses cannot all slip under the limit: it goes when failures plus attempts still being judged
 * stay under the limit, waits while in-flight attempts could still turn out right, and is locked
 * out once the failures alone reach it. A right secret frees its place without counting.
 */
export type Admission = 'go' | 'wait' | 'locked'

export interface FailureCounter {
  admit (key: string, limit: number): Promise<Admission>
  /** The attempt's verdict: frees its place, and counts it when it failed. */
  settle (key: string, failed: boolean): Promise<void>
  close (): void
}

// An in-flight place outlives its process by at most this long (a crash between admit and settle).
const IN_FLIGHT_TTL_MS = 10_000

export function memoryFailureCounter (windowMs: number, now: () => number): FailureCounter {
  const windows = new Map<string, { failures: number, inFlight: number, resetAt: number }>()
  const sweep = setInterval(() => {
    const t = now()
    for (const [key, w] of windows) if (w.resetAt <= t && w.inFlight === 0) windows.delete(key)
  }, windowMs)
  sweep.unref()
  const windowOf = (key: string) => {
    const t = now()
    let w = windows.get(key)
    if (!w) windows.set(key, w = { failures: 0, inFlight: 0, resetAt: t + windowMs })
    else if (w.resetAt <= t) Object.assign(w, { failures: 0, resetAt: t + windowMs })
    return w
  }
  return {
    async admit (key, limit) {
      const w = windowOf(key)
      if (w.failures >= limit) return 'locked'
      if (w.failures + w.inFlight >= limit) return 'wait'
      w.inFlight++
      return 'go'
    },
    async settle (key, failed) {
      const w = windowOf(key)
      if (w.inFlight > 0) w.inFlight--
      if (failed) w.failures++
    },
    close () { clearInterval(sweep) },
  }
}

const ADMIT = `
local failures = tonumber(redis.call('get', KEYS[1]) or '0')
local inFlight = tonumber(redis.call('get', KEYS[2]) or '0')
if failures >= tonumber(ARGV[1]) then return 0 end
if failures + inFlight >= tonumber(ARGV[1]) then return 1 end
redis.call('incr', KEYS[2])
redis.call('pexpire', KEYS[2], ARGV[2])
return 2`

const SETTLE = `
if tonumber(redis.call('get', KEYS[2]) or '0') > 0 then redis.call('decr', KEYS[2]) end
if ARGV[1] == '1' then
  redis.call('incr', KEYS[1])
  redis.call('pexpire', KEYS[1], ARGV[2], 'NX')
end
return 0`

const ADMISSIONS: Admission[] = ['locked', 'wait', 'go']

/** Redis errors admit the attempt: an outage must not lock every client out (fail open, documented). */
export function redisFailureCounter (redis: Redis, prefix: string, windowMs: number): FailureCounter {
  const keys = (key: string) => [prefix + key, prefix + key + ':in-flight']
  return {
    async admit (key, limit) {
      try {
        return ADMISSIONS[Number(await redis.eval(ADMIT, 2, ...keys(key), limit, IN_FLIGHT_TTL_MS))] ?? 'go'
      } catch {
        return 'go'
      }
    },
    async settle (key, failed) {
      try {
        await redis.eval(SETTLE, 2, ...keys(key), failed ? '1' : '0', windowMs)
      } catch {}
    },
    close () {},
  }
}
