import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { timingSafeEqual } from 'node:crypto'
import { Problem } from './api-error.ts'
import { httpRequestMetrics } from './request-metrics.ts'
import './route-config.ts'

export type Metrics = ReturnType<typeof createMetrics>

/** One registry per app (no global state), so tests and several apps in one process stay apart. */
export function createMetrics (backlog: () => Promise<{ name: string, waiting: number, oldestSeconds: number }[]>) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'idcheck_' })
  const queueDepth = new Gauge({ name: 'idcheck_job_queue_depth', help: 'Jobs waiting (created or retry) per queue', labelNames: ['queue'], registers: [registry] })
  const queueAge = new Gauge({ name: 'idcheck_job_queue_oldest_seconds', help: 'Age of the oldest waiting job per queue', labelNames: ['queue'], registers: [registry] })
  return {
    registry,
    http: httpRequestMetrics(registry),
    webhookDeliveries: new Counter({ name: 'idcheck_webhook_delivery_attempts_total', help: 'Webhook delivery attempts by outcome', labelNames: ['outcome'], registers: [registry] }),
    rateLimited: new Counter({ name: 'idcheck_rate_limit_rejections_total', help: 'Requests rejected by the per-client rate limit', registers: [registry] }),
    async refreshQueueGauges () {
      queueDepth.reset()
      queueAge.reset()
      for (const q of await backlog()) {
        queueDepth.set({ queue: q.name }, q.waiting)
        queueAge.set({ queue: q.name }, q.oldestSeconds)
      }
    },
  }
}

/**
 * GET /metrics for Prometheus. With METRICS_TOKEN set the scrape needs `Authorization: Bearer
 * <token>`; without it only loopback clients may scrape.
 */
export function registerMetricsRoute (app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request.headers.authorization, request.ip, token)) {
      throw new Problem(403, { title: 'Forbidden', detail: 'Metrics need the METRICS_TOKEN bearer token, or a loopback client when none is configured.' })
    }
    await metrics.refreshQueueGauges().catch(() => {})
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}

function mayScrape (authorization: string | undefined, ip: string, token: string | null): boolean {
  if (token === null) return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '')
  const wanted = Buffer.from(token)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}
