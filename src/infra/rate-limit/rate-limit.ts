import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { Redis } from 'ioredis'
import { Problem } from '../http/api-error.ts'
import { MemoryRateLimitStore } from './memory-store.ts'
import { redisLeaseStore } from './redis-lease-store.ts'
import type { WindowCount } from './store.ts'
import '../http/route-config.ts'

export interface RateLimitOptions {
  redis: Redis | null
  keyPrefix: string
  /** The request's client key and allowance per second. */
  keyOf: (request: FastifyRequest) => string
  perSecondOf: (request: FastifyRequest) => number
  onRejected?: () => void
}

const WINDOW_MS = 1000

/**
 * Per-client limit over a fixed one-second window (the API contract: 15 requests per second by default),
 * shared through Redis when there is one (in leases of counts: redis-lease-store.ts). It runs as the
 * last onRequest hook of every non-public route, i.e. after authentication and before the body is
 * read. If the store fails, requests pass (fail open) rather than erroring.
 *
 * Every counted answer carries the IETF RateLimit-Policy and RateLimit fields (limit and window;
 * remaining and reset). A 429 adds Retry-After and the x-ratelimit-* trio that older clients read.
 * Not the trio on every answer: the pair already says all of it, and every header is work on every answer.
 *
 * Our own hook rather than @fastify/rate-limit: the plugin's per-request path (awaits, a promise
 * around the store, and a separate onSend hook to turn its x-ratelimit-* trio into the IETF fields)
 * costs Ping more than its bound, even over our lease store (docs/decisions.md, Speed work behind
 * seams); this one answers from the store's callback, synchronously when the count is in memory.
 */
export function registerRateLimit (app: FastifyInstance, options: RateLimitOptions): void {
  const store = options.redis ? redisLeaseStore(options.redis, options.keyPrefix + 'rl:') : new MemoryRateLimitStore()

  // The policy field of the last limit seen: nearly every request has the same limit.
  let policyOf = -1
  let policy = ''
  const limit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const max = options.perSecondOf(request)
    store.incr(options.keyOf(request), (error, count) => {
      if (error || count === undefined) return done()
      const reset = resetSeconds(count)
      if (max !== policyOf) policy = `"default";q=${policyOf = max};w=1`
      reply.header('ratelimit-policy', policy)
      if (count.current <= max) {
        reply.header('ratelimit', `"default";r=${max - count.current};t=${reset}`)
        return done()
      }
      options.onRejected?.()
      reply.header('ratelimit', `"default";r=0;t=${reset}`)
      reply.header('retry-after', reset)
      reply.header('x-ratelimit-limit', max)
      reply.header('x-ratelimit-remaining', 0)
      reply.header('x-ratelimit-reset', reset)
      done(new Problem(429, {
        title: 'Too Many Requests',
        detail: `Rate limit of ${max} requests per second exceeded; retry after ${reset} second${reset === 1 ? '' : 's'}.`,
      }))
    }, WINDOW_MS, max)
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.public) return
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat()
    route.onRequest = [...own, limit] as typeof route.onRequest
  })
}

/** Whole seconds until the window ends, at least 1 (a window is one second). */
const resetSeconds = (count: WindowCount) => Math.max(1, Math.ceil(count.ttl / 1000))
