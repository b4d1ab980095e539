import { LRUCache } from 'lru-cache'

export interface AuthInfo { id: number, isReseller: boolean, credentialsVersion: number, rateLimitPerSecond: number | null }

export interface CredentialsCache {
  /** A fresh entry, or undefined when it must be (re)loaded. Synchronous: the hot path. */
  peek (accountId: number): AuthInfo | null | undefined
  /** Loads from the database, sharing one load among concurrent callers. null = no such account. */
  load (accountId: number): Promise<AuthInfo | null>
  /** Forgets an account after a local change (reset, rate limit): the next request reloads it. */
  invalidate (accountId: number): void
  clear (): void
}

/** An account that does not exist, cached like one that does (lru-cache keeps no undefined). */
const NO_ACCOUNT = Symbol('no account')

/**
 * The per-process view of each account's credentials version and limits, in lru-cache. An entry is
 * trusted for ttlMs at most from the moment its read began, so a reset served by another process
 * reaches this one within that bound (docs/decisions.md, Authentication and tokens) even if a
 * notification were lost; a local reset invalidates at once, and a load it interrupts starts again.
 */
export function createCredentialsCache (options: { ttlMs: number, now: () => number, fetch: (id: number) => Promise<AuthInfo | undefined> }): CredentialsCache {
  const cache = new LRUCache<number, AuthInfo | typeof NO_ACCOUNT>({
    max: 100_000,
    ttl: options.ttlMs,
    // The app's clock, read on every look-up (the default caches it for a millisecond, by a timer).
    perf: { now: options.now },
    ttlResolution: 0,
    fetchMethod: async (id, _stale, { options: entry }) => {
      const startedAt = options.now()
      const info = await options.fetch(id)
      entry.ttl = Math.max(1, options.ttlMs - (options.now() - startedAt))
      return info ?? NO_ACCOUNT
    },
  })
  const asInfo = (value: AuthInfo | typeof NO_ACCOUNT | undefined) => value === NO_ACCOUNT ? null : value

  return {
    peek: (accountId) => asInfo(cache.get(accountId)),
    async load (accountId) {
      for (;;) {
        const status: LRUCache.Status<number, AuthInfo | typeof NO_ACCOUNT> = {}
        try {
          return asInfo(await cache.fetch(accountId, { status })) ?? null
        } catch (err) {
          // An invalidation during the load wins: read again rather than answer from before it.
          if (!status.fetchAborted) throw err
        }
      }
    },
    invalidate (accountId) { cache.delete(accountId) },
    clear () { cache.clear() },
  }
}
