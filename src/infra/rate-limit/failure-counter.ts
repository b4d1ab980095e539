import type { Redis } from 'ioredis'

/**
 * Counts attempts per key in a fixed window, shared across processes when Redis is configured.
 * An attempt is counted before it is judged, atomically, so a burst of concurrent guesses cannot
 * all slip under the limit; a successful one is then forgiven.
 */
export interface FailureCounter {
  /** Counts one attempt and returns the key's count in the window, this attempt included. */
  attempt (key: string): Promise<number>
  /** Takes back one attempt that turned out legitimate. */
  forgive (key: string): Promise<void>
  close (): void
}

export function memoryFailureCounter (windowMs: number, now: () => number): FailureCounter {
  const windows = new Map<string, { count: number, resetAt: number }>()
  const sweep = setInterval(() => {
    const t = now()
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key)
  }, windowMs)
  sweep.unref()
  return {
    async attempt (key) {
      const t = now()
      const w = windows.get(key)
      if (w && w.resetAt > t) return ++w.count
      windows.set(key, { count: 1, resetAt: t + windowMs })
      return 1
    },
    async forgive (key) {
      const w = windows.get(key)
      if (w && w.resetAt > now() && w.count > 0) w.count--
    },
    close () { clearInterval(sweep) },
  }
}

// Decrements only a live key: a DECR on an expired one would make a -1 that never expires.
const FORGIVE = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0"

/** Redis errors count as zero attempts: an outage must not lock every client out (fail open, documented). */
export function redisFailureCounter (redis: Redis, prefix: string, windowMs: number): FailureCounter {
  return {
    async attempt (key) {
      try {
        const results = await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec()
        return Number(results?.[0]?.[1]) || 0
      } catch {
        return 0
      }
    },
    async forgive (key) {
      try {
        await redis.eval(FORGIVE, 1, prefix + key)
      } catch {}
    },
    close () {},
  }
}
