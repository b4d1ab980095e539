import type { FastifyInstance, onResponseHookHandler } from 'fastify'
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { timingSafeEqual } from 'node:crypto'
import { Problem } from './api-error.ts'
import { httpRequestMetrics, type RouteSeries } from './request-metrics.ts'
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

/** Request count and latency for every route registered after this (unmatched requests: unmatchedRequestRecorder). */
export function recordRequestMetrics (app: FastifyInstance, metrics: Metrics): void {
  // Each route records into a series made once for it, in a hook of its own: a global hook would
  // have to read request.routeOptions (a new object per request) and build a key per request.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const recorders = new Map(methods.map((method) => [method, metrics.http.series(method, route.url)]))
    const only = methods.length === 1 ? recorders.get(methods[0]!)! : null // nearly every route: no lookup
    const record: onResponseHookHandler = (request, reply, done) => {
      (only ?? recorders.get(request.method))?.record(reply.statusCode, reply.elapsedTime / 1000)
      done()
    }
    const own = route.onResponse === undefined ? [] : [route.onResponse].flat()
    route.onResponse = [...own, record] as typeof route.onResponse
  })
}

/**
 * Requests that match no route (404s) have no route hooks; the access log reports them here when
 * they complete, so that no hook runs for every request only to look for a 404.
 */
export function unmatchedRequestRecorder (metrics: Metrics): (method: string, statusCode: number, elapsedMs: number) => void {
  const unmatched = new Map<string, RouteSeries>()
  return (method, statusCode, elapsedMs) => {
    let series = unmatched.get(method)
    if (!series) unmatched.set(method, series = metrics.http.series(method, 'unmatched'))
    series.record(statusCode, elapsedMs / 1000)
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
