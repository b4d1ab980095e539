import type { CountCallback, RateLimitStore } from './store.ts'

/**
 * The in-memory counter (one process, no Redis): a fixed window per key that starts with the key's
 * first request. Each caller gets its own snapshot of the count it produced, so requests released
 * together (a burst waiting on one credentials-cache load) are counted one by one.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number, startedAt: number }>()
  readonly #maxKeys: number

  constructor (maxKeys = 100_000) {
    this.#maxKeys = maxKeys
  }

  incr (key: string, callback: CountCallback, timeWindow: number): void {
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

  /** Drops expired windows; if every key is live (a flood of clients), starts over rather than grow. */
  #sweep (now: number, timeWindow: number): void {
    for (const [key, w] of this.#windows) if (w.startedAt + timeWindow <= now) this.#windows.delete(key)
    if (this.#windows.size >= this.#maxKeys) this.#windows.clear()
  }
}
