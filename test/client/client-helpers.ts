export interface Sent { method: string, path: string, status: number | 'network error' }

/**
 * A fetch for the client that records what reached the network, and can send chosen requests to
 * a port where nothing listens (a real connection refused) instead of the server.
 */
export function recordingFetch (options: { refuse?: (request: Request, attempt: number) => boolean } = {}) {
  const sent: Sent[] = []
  const attempts = new Map<string, number>()
  const fetchFn = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const key = `${request.method} ${url.pathname}`
    const attempt = (attempts.get(key) ?? 0) + 1
    attempts.set(key, attempt)
    if (options.refuse?.(request, attempt)) {
      url.port = '9' // discard: nothing listens there
      try {
        return await fetch(new Request(url, { method: request.method, headers: request.headers, body: request.body ? await request.arrayBuffer() : undefined }))
      } catch (err) {
        sent.push({ method: request.method, path: url.pathname, status: 'network error' })
        throw err
      }
    }
    const res = await fetch(request)
    sent.push({ method: request.method, path: url.pathname, status: res.status })
    return res
  }
  return {
    fetch: fetchFn,
    sent,
    count: (method: string, path: string, status?: number | 'network error') =>
      sent.filter((s) => s.method === method && s.path === path && (status === undefined || s.status === status)).length,
  }
}

/** A sleep that really waits and remembers how long it was asked to. */
export function recordingSleep () {
  const waits: number[] = []
  return {
    waits,
    sleep: (ms: number) => { waits.push(ms); return new Promise<void>((resolve) => setTimeout(resolve, ms)) },
  }
}
