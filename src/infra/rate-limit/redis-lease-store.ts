import type { Redis } from 'ioredis'
import type { CountCallback as Callback, RateLimitStore } from './store.ts'

/** Counts a process may take from a client's window at once: 1 (exact, one Redis call per request) up to 1% of the limit, at most 1,000. */
export function leaseSize (max: number): number {
  return Math.max(1, Math.min(1000, Math.floor(max / 100)))
}

// Takes `size` counts of the key's fixed window at once: the window starts with its first count.
const TAKE = `
local taken = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {taken, ttl}
`

interface Lease {
  /** The next count to hand out, and the last one this process owns. */
  next: number
  last: number
  /** When the window ends, by this process's clock (measured from before the call: never late). */
  endsAt: number
}

interface RedisWithTake extends Redis {
  rateLimitTake (key: string, windowMs: number, size: number, callback: (err: Error | null, result?: [number, number]) => void): void
}

/**
 * The per-client counter shared by every process through Redis, without a Redis round trip on
 * every request. A process takes a lease of counts (INCRBY n) from the client's window and hands
 * them out locally: counts are only ever taken from the one shared counter, so all processes
 * together never admit more than the limit in a window. A lease's unused counts are lost when the
 * window ends, so a client spread over P processes may be limited up to P leases early (at most
 * 1% of its limit each). A limit under 200/s takes a lease of 1: one call per request, exact.
 *
 * Counts past the limit are still counted: once a window is spent, the process refuses locally
 * until it ends. Redis errors go to the caller, which lets the request pass (fail open).
 */
export function redisLeaseStore (redis: Redis, prefix: string): RateLimitStore {
  const client = redis as RedisWithTake
  if (!client.rateLimitTake) redis.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE })

  return new class RedisLeaseStore implements RateLimitStore {
    readonly #leases = new Map<string, Lease>()
    /** Callers waiting for a lease being taken, per key: one call serves a burst. */
    readonly #waiting = new Map<string, { callback: Callback, timeWindow: number, max: number }[]>()
    readonly #prefix = prefix

    incr (key: string, callback: Callback, timeWindow: number, max: number): void {
      // Redis unreachable: fail open at once, even for a window this process knows is spent
      // (docs/decisions.md), as every request did when each one asked Redis.
      if (client.status !== 'ready') return callback(new Error('rate limit store: Redis is not connected'))
      const now = Date.now()
      const lease = this.#leases.get(key)
      if (lease !== undefined && lease.endsAt > now) {
        // Within this window: a count of the lease, or, with the window spent, a local refusal.
        if (lease.next <= lease.last || lease.last > max) {
          const current = lease.next <= lease.last ? lease.next++ : max + 1
          return callback(null, { current, ttl: lease.endsAt - now })
        }
      }
      const waiting = this.#waiting.get(key)
      if (waiting !== undefined) {
        waiting.push({ callback, timeWindow, max })
        return
      }
      this.#waiting.set(key, [{ callback, timeWindow, max }])
      this.#take(key, now, timeWindow, max)
    }

    #take (key: string, startedAt: number, timeWindow: number, max: number): void {
      const size = leaseSize(max)
      client.rateLimitTake(this.#prefix + key, timeWindow, size, (err, result) => {
        const waiting = this.#waiting.get(key) ?? []
        this.#waiting.delete(key)
        if (err || !result) {
          for (const w of waiting) w.callback(err ?? new Error('rate limit store: no reply'))
          return
        }
        const [taken, ttl] = result
        const lease: Lease = { next: taken - size + 1, last: taken, endsAt: startedAt + ttl }
        if (this.#leases.size >= 100_000) this.#sweep()
        this.#leases.set(key, lease)
        // Serve the burst from the new lease; whoever it cannot serve starts the next one.
        for (const w of waiting) this.incr(key, w.callback, w.timeWindow, w.max)
      })
    }

    #sweep (): void {
      const now = Date.now()
      for (const [key, lease] of this.#leases) if (lease.endsAt <= now) this.#leases.delete(key)
      if (this.#leases.size >= 100_000) this.#leases.clear()
    }
  }()
}
