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

/**
 * The per-process view of each account's credentials version and limits. An entry is trusted for
 * ttlMs at most, so a reset served by another process reaches this one within that bound
 * (docs/decisions.md: 1 s) even if a notification were lost; a local reset invalidates at once.
 */
export function createCredentialsCache (options: { ttlMs: number, now: () => number, fetch: (id: number) => Promise<AuthInfo | undefined> }): CredentialsCache {
  const entries = new Map<number, { info: AuthInfo | null, loadedAt: number }>()
  const loading = new Map<number, Promise<AuthInfo | null>>()
  const MAX_ENTRIES = 100_000

  return {
    peek (accountId) {
      const entry = entries.get(accountId)
      if (!entry || options.now() - entry.loadedAt >= options.ttlMs) return undefined
      return entry.info
    },
    load (accountId) {
      const pending = loading.get(accountId)
      if (pending) return pending
      const startedAt = options.now()
      const promise = options.fetch(accountId)
        .then((info) => {
          if (entries.size >= MAX_ENTRIES) entries.clear()
          // An invalidation during the load wins: keep nothing read before it.
          if (loading.get(accountId) === promise) entries.set(accountId, { info: info ?? null, loadedAt: startedAt })
          return info ?? null
        })
        .finally(() => { if (loading.get(accountId) === promise) loading.delete(accountId) })
      loading.set(accountId, promise)
      return promise
    },
    invalidate (accountId) {
      entries.delete(accountId)
      loading.delete(accountId)
    },
    clear () {
      entries.clear()
      loading.clear()
    },
  }
}
