import type { FastifyRateLimitStore } from '@fastify/rate-limit'

type Result = { current: number, ttl: number }

/**
 * The in-memory counter (one process, no Redis): a fixed window per key that starts with the key's
 * first request, as in the plugin's own LocalStore and RedisStore.
 *
 * It replaces LocalStore because LocalStore hands every caller the same mutable entry and the
 * plugin reads it only after an await: requests released together (a burst waiting on one
 * credentials-cache load, or several parsed in one tick) all read the final count, so 16 concurrent
 * requests against a limit of 15 were all refused instead of one. Here each caller gets its own
 * snapshot of the count it produced.
 */
export class MemoryRateLimitStore implements FastifyRateLimitStore {
  readonly #windows = new Map<string, { count: number, startedAt: number }>()
  readonly #maxKeys: number

  constructor (_options?: unknown, maxKeys = 100_000) {
    this.#maxKeys = maxKeys
  }

  incr (key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number): void {
    const now = Date.now()
    let window = this.#windows.get(key)
    if (!window || window.startedAt + timeWindow <= now) {
      if (!window && this.#windows.size >= this.#maxKeys) this.#sweep(now, timeWindow)
      window = { count: 0, startedAt: now }
      this.#windows.set(key, window)
    }
    window.count++
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now })
  }

  read (key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number): void {
    const now = Date.now()
    const window = this.#windows.get(key)
    if (!window || window.startedAt + timeWindow <= now) return callback(null, { current: 0, ttl: 0 })
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now })
  }

  child (): FastifyRateLimitStore {
    return new MemoryRateLimitStore(undefined, this.#maxKeys)
  }

  /** Drops expired windows; if every key is live (a flood of clients), starts over rather than grow. */
  #sweep (now: number, timeWindow: number): void {
    for (const [key, w] of this.#windows) if (w.startedAt + timeWindow <= now) this.#windows.delete(key)
    if (this.#windows.size >= this.#maxKeys) this.#windows.clear()
  }
}
