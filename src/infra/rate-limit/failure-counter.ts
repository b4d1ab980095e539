import type { Redis } from 'ioredis'

/** Counts failures per key in a fixed window; shared across processes when Redis is configured. */
export interface FailureCounter {
  count (key: string): Promise<number>
  record (key: string): Promise<void>
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
    async count (key) {
      const w = windows.get(key)
      return w && w.resetAt > now() ? w.count : 0
    },
    async record (key) {
      const t = now()
      const w = windows.get(key)
      if (w && w.resetAt > t) w.count++
      else windows.set(key, { count: 1, resetAt: t + windowMs })
    },
    close () { clearInterval(sweep) },
  }
}

/** Redis errors count as zero failures: an outage must not lock every client out (fail open, documented). */
export function redisFailureCounter (redis: Redis, prefix: string, windowMs: number): FailureCounter {
  return {
    async count (key) {
      try {
        return Number(await redis.get(prefix + key)) || 0
      } catch {
        return 0
      }
    },
    async record (key) {
      try {
        await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec()
      } catch {}
    },
    close () {},
  }
}
