import http from 'node:http'
import https from 'node:https'
import { performance } from 'node:perf_hooks'
import { isPrivateAddress, parseWebhookUrl, safeLookup } from './url-safety.ts'

export type WebhookRequest = {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs?: number
  allowPrivate: boolean
  /** Whether the answer of a receiver at this address may be kept; by default only public addresses'. */
  keepsAnswerFrom?: (address: string) => boolean
}

export type WebhookResult = {
  ok: boolean
  statusCode: number | null
  durationMs: number
  responseBody: string
  error: string | null
  retryAfterSeconds: number | null
}

type Outcome = Omit<WebhookResult, 'durationMs'>

// Enough to show the receiver's error message in the delivery log without letting it fill memory or the database.
const MAX_RESPONSE_BYTES = 1024
const USER_AGENT = 'idcheck-webhooks/1'
// Statuses where the spec says the receiver may ask for a later retry.
const RETRY_AFTER_STATUSES: readonly number[] = [429, 502, 503, 504]

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter (value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  // Date.parse takes bare numbers like "-5" as years, so only text with a month or day name counts as a date.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}

function describeError (error: unknown): string {
  // Connecting to a host with several addresses fails with an AggregateError whose own message is empty.
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(describeError).join('; ')
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name
  return String(error)
}

function failure (error: string): Outcome {
  return { ok: false, statusCode: null, responseBody: '', error, retryAfterSeconds: null }
}

function responseOutcome (response: http.IncomingMessage, body: string): Outcome {
  const statusCode = response.statusCode ?? 0
  const header = response.headers['retry-after']
  const isRedirect = statusCode >= 300 && statusCode < 400
  return {
    ok: statusCode >= 200 && statusCode < 300,
    statusCode,
    responseBody: body,
    // A redirect could point anywhere, including inside our network, so it is reported and never followed.
    error: isRedirect ? `webhook receiver answered ${statusCode} (redirect), which is not followed` : null,
    retryAfterSeconds: RETRY_AFTER_STATUSES.includes(statusCode) ? parseRetryAfter(header) : null,
  }
}

/**
 * At most MAX_RESPONSE_BYTES of the answer as text a PostgreSQL text column accepts: a NUL byte there fails the insert
 * (and with it the whole attempt's record), and a character cut at the limit or an invalid byte must not grow past it.
 */
export function storableText (bytes: Buffer): string {
  // stream: true holds back a multi-byte character cut at the limit instead of turning it into U+FFFD.
  const decoded = new TextDecoder().decode(bytes.subarray(0, MAX_RESPONSE_BYTES), { stream: true }).replaceAll('\u0000', '')
  let size = 0
  let end = 0
  for (const character of decoded) {
    size += Buffer.byteLength(character)
    if (size > MAX_RESPONSE_BYTES) break
    end += character.length
  }
  return decoded.slice(0, end)
}

const isPublicAddress = (address: string) => !isPrivateAddress(address)

function requestOptions (request: WebhookRequest): http.RequestOptions {
  return {
    method: 'POST',
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'content-length': String(Buffer.byteLength(request.body)),
    },
    // A fresh connection per delivery: a pooled socket would bypass the connect-time address check.
    agent: false,
    ...(request.allowPrivate ? {} : { lookup: safeLookup }),
  }
}

function post (url: URL, request: WebhookRequest, finish: (outcome: Outcome) => void): void {
  const timeoutMs = request.timeoutMs ?? 10_000
  const client = url.protocol === 'https:' ? https : http
  const req = client.request(url, requestOptions(request))
  const chunks: Buffer[] = []
  let received = 0
  let response: http.IncomingMessage | null = null
  // The answer of a receiver on a private address is never kept: the delivery log would let a
  // client read internal services through us.
  let keepBody = false
  let settled = false
  const settle = (error: string | null): void => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    req.destroy()
    const body = keepBody ? storableText(Buffer.concat(chunks)) : ''
    // Once the status line is in, the receiver has the event; a slow or broken body does not change the verdict.
    finish(response === null ? failure(error ?? 'no response') : responseOutcome(response, body))
  }
  const timer = setTimeout(() => settle(`timed out after ${timeoutMs} ms`), timeoutMs)
  req.on('error', (error) => settle(describeError(error)))
  req.on('response', (res) => {
    response = res
    const peer = res.socket.remoteAddress
    keepBody = peer !== undefined && (request.keepsAnswerFrom ?? isPublicAddress)(peer)
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      received += chunk.length
      if (received >= MAX_RESPONSE_BYTES) settle(null)
    })
    res.on('end', () => settle(null))
    res.on('error', () => settle(null))
  })
  req.end(request.body)
}

/** POSTs one signed webhook. Never throws: every failure comes back as `error` text with ok false. */
export function sendWebhook (request: WebhookRequest): Promise<WebhookResult> {
  const startedAt = performance.now()
  const withDuration = (outcome: Outcome): WebhookResult => ({ ...outcome, durationMs: Math.round(performance.now() - startedAt) })
  const target = parseWebhookUrl(request.url, { allowPrivate: request.allowPrivate })
  if (!target.ok) return Promise.resolve(withDuration(failure(target.reason)))
  return new Promise((resolve) => {
    try {
      post(target.url, request, (outcome) => resolve(withDuration(outcome)))
    } catch (error) {
      resolve(withDuration(failure(describeError(error))))
    }
  })
}
