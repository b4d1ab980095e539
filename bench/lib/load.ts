import autocannon from 'autocannon'

export interface LoadResult { rps: number, p50: number, p99: number, requests: number, non2xx: number, errors: number }

export interface LoadOptions {
  url: string
  durationSeconds: number
  connections: number
  method?: 'GET' | 'POST' | 'DELETE'
  headers?: Record<string, string>
  body?: string
  /** Requests per second for all connections together (open load, for latency below saturation); unset = as fast as possible. */
  overallRate?: number
  /** Builds each request's body, for writes that must not collide. */
  bodyFor?: (n: number) => string
}

export async function load (o: LoadOptions): Promise<LoadResult> {
  let n = 0
  const result = await autocannon({
    url: o.url,
    duration: o.durationSeconds,
    connections: o.connections,
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
    method: o.method ?? 'GET',
    headers: { ...(o.body || o.bodyFor ? { 'content-type': 'application/json' } : {}), ...o.headers },
    body: o.body,
    ...(o.bodyFor ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: o.bodyFor!(n++) }) }] } : {}),
  } as autocannon.Options)
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
