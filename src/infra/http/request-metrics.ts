import type { Registry } from 'prom-client'

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** One route and method: counts by status, and the latency histogram, kept as plain numbers. */
export class RouteSeries {
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

/**
 * idcheck_http_requests_total and idcheck_http_request_duration_seconds, in prom-client's registry
 * and text format, but recorded with a few additions per request: prom-client's own counter and
 * histogram validate and hash the labels on every call, which measured 10% of a Ping's CPU time.
 * The series are read when Prometheus scrapes.
 */
export function httpRequestMetrics (registry: Registry) {
  const series: RouteSeries[] = []
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
  return {
    /** The series of one route and method, made once (when the route is registered). */
    series (method: string, route: string): RouteSeries {
      const s = new RouteSeries(method, route)
      series.push(s)
      return s
    },
  }
}
