import { IdcheckAuthenticationError } from './errors.ts'

export interface TransportOptions {
  baseUrl: string
  clientId: string
  clientSecret: string
  /** The fetch that reaches the network. */
  fetch: (request: Request) => Promise<Response>
  apiVersion: string
  now: () => number
  sleep: (ms: number) => Promise<void>
  /** Renew the token this long before it expires. */
  renewBeforeMs: number
  /** Most retries per request, for each of: network errors (safe requests), 429s, 503s (safe requests). */
  maxRetries: number
  /** First backoff after a network error; doubles per retry, with jitter, up to 5 s. */
  retryDelayMs: number
  /** Longest Retry-After the client is willing to wait; a longer one is returned to the caller as is. */
  maxRetryAfterMs: number
}

export interface Transport {
  /** Sends an API request with the bearer token, re-authenticating and retrying as the API asks. */
  fetch (request: Request): Promise<Response>
  /** The cached token, renewed shortly before it expires. */
  token (): Promise<string>
}

interface CachedToken { value: string, expiresAt: number }

/**
 * Token caching and the retry rules of the idcheck API:
 * - one token for every request until `renewBeforeMs` before it expires, then one renewal shared by concurrent requests;
 * - a 401 drops the token and the request is sent once more with a new one (a reset or a server restart revokes tokens);
 * - a 429 is retried after Retry-After: the server refused it before doing anything;
 * - a network error, or a 503, is retried with backoff only for requests that are safe to repeat: GET and HEAD,
 *   and POST /api/accounts with an externalReference (the API makes that creation idempotent).
 */
export function createTransport (options: TransportOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '')
  let cached: CachedToken | null = null
  let renewing: Promise<string> | null = null

  async function token (): Promise<string> {
    if (cached && options.now() < cached.expiresAt - options.renewBeforeMs) return cached.value
    renewing ??= authenticate().finally(() => { renewing = null })
    return renewing
  }

  async function authenticate (): Promise<string> {
    const body = JSON.stringify({ clientId: options.clientId, clientSecret: options.clientSecret })
    const sentAt = options.now()
    const res = await send(new URL(`${base}/api/authenticate`), 'POST', { 'content-type': 'application/json', accept: 'application/json' }, body, true, false)
    if (res.status !== 200) {
      const detail = await res.text().catch(() => '')
      throw new IdcheckAuthenticationError(`authentication failed with ${res.status}: ${detail}`, res.status)
    }
    const answer = await res.json() as { accessToken: string, expires: number }
    cached = { value: answer.accessToken, expiresAt: sentAt + answer.expires * 1000 }
    return answer.accessToken
  }

  async function apiFetch (request: Request): Promise<Response> {
    const url = new URL(request.url)
    if (!url.searchParams.has('api-version')) url.searchParams.set('api-version', options.apiVersion)
    const body = request.body ? await request.arrayBuffer() : undefined
    const safe = isSafeToRepeat(request.method, url, body)
    return send(url, request.method, Object.fromEntries(request.headers), body, safe, true)
  }

  async function send (url: URL, method: string, headers: Record<string, string>, body: BodyInit | undefined, safe: boolean, withToken: boolean): Promise<Response> {
    let networkRetries = 0
    let rateLimitRetries = 0
    let unavailableRetries = 0
    let reauthenticated = false
    for (;;) {
      const bearer = withToken ? await token() : null
      const request = new Request(url, { method, headers: bearer ? { ...headers, authorization: `Bearer ${bearer}` } : headers, body })
      let res: Response
      try {
        res = await options.fetch(request)
      } catch (err) {
        if (!safe || networkRetries >= options.maxRetries) throw err
        await options.sleep(backoff(networkRetries++))
        continue
      }
      if (res.status === 401 && bearer && !reauthenticated) {
        reauthenticated = true
        if (cached?.value === bearer) cached = null
        await res.body?.cancel()
        continue
      }
      if (res.status === 429 && rateLimitRetries < options.maxRetries) {
        const wait = retryAfterMs(res, 1000)
        if (wait <= options.maxRetryAfterMs) {
          rateLimitRetries++
          await res.body?.cancel()
          await options.sleep(wait)
          continue
        }
      }
      if (res.status === 503 && safe && unavailableRetries < options.maxRetries) {
        const wait = retryAfterMs(res, backoff(unavailableRetries))
        if (wait <= options.maxRetryAfterMs) {
          unavailableRetries++
          await res.body?.cancel()
          await options.sleep(wait)
          continue
        }
      }
      return res
    }
  }

  function backoff (retry: number): number {
    const delay = Math.min(5000, options.retryDelayMs * 2 ** retry)
    return delay / 2 + Math.random() * delay / 2
  }

  return { fetch: apiFetch, token }
}

function isSafeToRepeat (method: string, url: URL, body: ArrayBuffer | undefined): boolean {
  if (method === 'GET' || method === 'HEAD') return true
  if (method !== 'POST' || !url.pathname.toLowerCase().endsWith('/api/accounts') || !body) return false
  try {
    const reference = (JSON.parse(new TextDecoder().decode(body)) as { externalReference?: unknown }).externalReference
    return typeof reference === 'string' && reference.length > 0
  } catch {
    return false
  }
}

/** Retry-After in seconds or as an HTTP date; `fallback` when absent or unreadable. */
function retryAfterMs (res: Response, fallback: number): number {
  const value = res.headers.get('retry-after')
  if (!value) return fallback
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? fallback : Math.max(0, date - Date.now())
}
