import { Redis } from 'ioredis'

/**
 * Commands fail at once while Redis is unreachable (no offline queue), so a Redis outage costs a
 * request a fast fallback, never a hang; ioredis keeps reconnecting in the background.
 */
export function connectRedis (url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in the same tick share one round trip: the per-request limiter call stays cheap under load.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  redis.on('error', () => {}) // reconnects by itself; the limiter fails open meanwhile (docs/decisions.md)
  return redis
}
