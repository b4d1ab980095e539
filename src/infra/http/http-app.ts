import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import type { Redis } from 'ioredis'
import type { TSchema } from 'typebox'
import type { Config } from '../../config/config.ts'
import { requestLogging } from '../logging/access-log.ts'
import { registerRateLimit } from '../rate-limit/rate-limit.ts'
import { registerApiVersion } from './api-version.ts'
import { registerErrorHandling } from './error-handler.ts'
import { registerJsonBody } from './json-body.ts'
import type { Metrics } from './metrics.ts'
import { requestIdOf } from './request-id.ts'
import { createValidatorCompiler } from './validation.ts'
import './request-caller.ts'

/** Fastify with what every route shares: logging, request ids, validation, errors, versioning, metrics. */
export function createHttpApp ({ config, logger, metrics }: { config: Config, logger: Logger, metrics: Metrics }, schemas: readonly TSchema[]): FastifyInstance {
  const app = Fastify({
    ...requestLogging(logger, metrics.http.recordUnmatched),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: config.bodyLimitBytes,
    // The client's x-request-id is read by genReqId, which keeps only a plausible id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // TRUST_PROXY decides whose X-Forwarded-For gives request.ip, which keys the brute-force limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  })
  app.setValidatorCompiler(createValidatorCompiler())
  // Shared schemas live at the root, so any module's routes (and the API description) refer to them by $id.
  for (const schema of schemas) app.addSchema(schema)
  registerJsonBody(app)
  registerErrorHandling(app)
  registerApiVersion(app)
  metrics.http.recordRoutes(app)
  return app
}

/** Fastify's hop count, typed as its function form. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/**
 * The public API's per-client rate limit, registered after authentication: an authenticated
 * request counts against its account (at its own allowance), any other against its address.
 */
export function registerClientRateLimit (app: FastifyInstance, { config, redis, metrics }: { config: Config, redis: Redis | null, metrics: Metrics }): void {
  registerRateLimit(app, {
    redis,
    keyPrefix: config.redisKeyPrefix,
    keyOf: (request: FastifyRequest) => request.caller ? `account:${request.caller.accountId}` : `ip:${request.ip}`,
    perSecondOf: (request: FastifyRequest) => request.caller?.rateLimitPerSecond ?? config.rateLimitPerSecond,
    onRejected: () => metrics.rateLimited.inc(),
  })
}
