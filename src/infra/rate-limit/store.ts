/** A client's count in the current window, and the ms until the window ends. */
export interface WindowCount { current: number, ttl: number }

export type CountCallback = (error: Error | null, result?: WindowCount) => void

/**
 * Counts requests per key in fixed windows. `incr` calls back synchronously when it can answer
 * from memory (the common case), so a request that passes costs no promise and no extra tick.
 */
export interface RateLimitStore {
  incr (key: string, callback: CountCallback, windowMs: number, max: number): void
}
