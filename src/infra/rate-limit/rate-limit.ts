import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { Problem } from '../http/api-error.ts'
import { MemoryRateLimitStore } from './memory-store.ts'
import { redisLeaseStore } from './redis-lease-store.ts'

export interface RateLimitOptions {
  redis: Redis | null
  keyPrefix: string
  /** The request's client key and allowance per second (routes marked `rateLimit: false` are not limited). */
  keyOf: (request: FastifyRequest) => string
  perSecondOf: (request: FastifyRequest) => number
  onRejected?: () => void
}

/**
 * Per-client limit over a one-second window (spec §8: 15 requests per second by default), shared
 * through Redis when there is one (in leases of counts: redis-lease-store.ts). Runs as a route
 * onRequest hook, i.e. after authentication and before the body is read. If Redis fails, requests
 * pass (fail open) rather than erroring.
 */
export async function registerRateLimit (app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: 1000,
    store: options.redis ? redisLeaseStore(options.redis, options.keyPrefix + 'rl:') : MemoryRateLimitStore,
    skipOnError: true,
    keyGenerator: options.keyOf,
    max: options.perSecondOf,
    onExceeded: () => options.onRejected?.(),
    errorResponseBuilder: (_request, context) => new Problem(429, {
      title: 'Too Many Requests',
      detail: `Rate limit of ${context.max} requests per second exceeded; retry after ${context.after}.`,
    }),
  })

  // The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) beside the x-ratelimit-* ones.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const limit = reply.getHeader('x-ratelimit-limit')
    if (limit !== undefined) {
      const remaining = reply.getHeader('x-ratelimit-remaining') ?? 0
      const reset = reply.getHeader('x-ratelimit-reset') ?? 1
      reply.header('ratelimit-policy', `"default";q=${limit};w=1`)
      reply.header('ratelimit', `"default";r=${remaining};t=${reset}`)
    }
    done(null, payload)
  })
}
