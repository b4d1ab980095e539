import type { FastifyInstance, onResponseHookHandler } from 'fastify'
import type { Registry } from 'prom-client'

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** One route and method: counts by status, and the latency histogram, kept as plain numbers. */
class RouteSeries {
  readonly labels: { method: string, route: string }
  readonly byStatus = new Map<number, number>()
  readonly buckets = new Array<number>(BUCKETS.length).fill(0)
  count = 0
  sum = 0

  constructor (method: string, route: string) {
    this.labels = { method, route }
  }

  record (statusCode: number, seconds: number): void {
    this.byStatus.set(statusCode, (this.byStatus.get(statusCode) ?? 0) + 1)
    this.count++
    this.sum += seconds
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]!) { this.buckets[i]!++; break }
    }
  }
}

export interface HttpRequestMetrics {
  /** Counts every route registered on `app` after this, each in a series and a hook made once for it. */
  recordRoutes (app: FastifyInstance): void
  /** A request that matched no route (a 404 has no route hooks; the access log reports it). */
  recordUnmatched (method: string, statusCode: number, elapsedMs: number): void
}

/**
 * idcheck_http_requests_total and idcheck_http_request_duration_seconds, in prom-client's registry
 * and text format, but recorded by hand: prom-client's own Counter and Histogram validate and hash
 * their labels on every call, which costs Ping more than its bound (docs/decisions.md, Speed work
 * behind seams). Each route records into a series made when it is registered, in a hook of its own,
 * so no request looks anything up; the series are read when Prometheus scrapes.
 */
export function httpRequestMetrics (registry: Registry): HttpRequestMetrics {
  const series: RouteSeries[] = []
  const seriesOf = (method: string, route: string) => {
    const s = new RouteSeries(method, route)
    series.push(s)
    return s
  }
  registry.registerMetric({
    name: 'idcheck_http_requests_total', help: 'HTTP requests by route and status', type: 'counter', aggregator: 'sum',
    get: async () => ({
      name: 'idcheck_http_requests_total', help: 'HTTP requests by route and status', type: 'counter', aggregator: 'sum',
      values: series.flatMap((s) => [...s.byStatus].map(([status, value]) => ({ labels: { ...s.labels, status }, value }))),
    }),
  } as never)
  registry.registerMetric({
    name: 'idcheck_http_request_duration_seconds', help: 'HTTP request latency by route', type: 'histogram', aggregator: 'sum',
    get: async () => ({
      name: 'idcheck_http_request_duration_seconds', help: 'HTTP request latency by route', type: 'histogram', aggregator: 'sum',
      values: series.filter((s) => s.count > 0).flatMap((s) => {
        let cumulative = 0
        return [
          ...BUCKETS.map((le, i) => ({ metricName: 'idcheck_http_request_duration_seconds_bucket', labels: { le }, sharedLabels: s.labels, value: cumulative += s.buckets[i]! })),
          { metricName: 'idcheck_http_request_duration_seconds_bucket', labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count },
          { metricName: 'idcheck_http_request_duration_seconds_sum', labels: {}, sharedLabels: s.labels, value: s.sum },
          { metricName: 'idcheck_http_request_duration_seconds_count', labels: {}, sharedLabels: s.labels, value: s.count },
        ]
      }),
    }),
  } as never)
  const unmatched = new Map<string, RouteSeries>()

  return {
    recordRoutes (app) {
      app.addHook('onRoute', (route) => {
        const methods = [route.method].flat()
        const recorders = new Map(methods.map((method) => [method, seriesOf(method, route.url)]))
        const only = methods.length === 1 ? recorders.get(methods[0]!)! : null // nearly every route: no lookup
        const record: onResponseHookHandler = (request, reply, done) => {
          (only ?? recorders.get(request.method))?.record(reply.statusCode, reply.elapsedTime / 1000)
          done()
        }
        const own = route.onResponse === undefined ? [] : [route.onResponse].flat()
        route.onResponse = [...own, record] as typeof route.onResponse
      })
    },
    recordUnmatched (method, statusCode, elapsedMs) {
      let s = unmatched.get(method)
      if (!s) unmatched.set(method, s = seriesOf(method, 'unmatched'))
      s.record(statusCode, elapsedMs / 1000)
    },
  }
}
