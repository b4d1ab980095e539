import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after } from 'node:test'

/** How the receiver answers the next requests. */
export type ReceiverMode =
  | { kind: 'ok' }
  | { kind: 'status', status: number, body?: string, headers?: Record<string, string> }
  | { kind: 'slow', delayMs: number }

export const answers = {
  ok: { kind: 'ok' } as ReceiverMode,
  serverError: { kind: 'status', status: 500, body: 'receiver is broken' } as ReceiverMode,
  gone: { kind: 'status', status: 410, body: 'no such endpoint' } as ReceiverMode,
  /** Held open for delayMs, which a test picks beyond the app's webhookTimeoutMs. */
  slow: (delayMs: number): ReceiverMode => ({ kind: 'slow', delayMs }),
  status: (status: number, body = '', headers: Record<string, string> = {}): ReceiverMode => ({ kind: 'status', status, body, headers }),
}

export interface ReceivedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** The raw body as received, which is what a signature covers. */
  body: string
  receivedAt: number
  /** The status this receiver chose for it (a slow answer may never reach the sender). */
  answeredStatus: number
}

export interface WebhookReceiver {
  /** The URL to register: a path unique to this receiver, so a stray retry meant for another never counts here. */
  readonly url: string
  readonly port: number
  /** Every request to this receiver's path, oldest first. */
  readonly requests: ReceivedRequest[]
  /** Requests to any other path (a followed redirect would land here). */
  readonly strays: ReceivedRequest[]
  answer (mode: ReceiverMode): void
  /** Closes the listening socket and every open connection: the sender sees "connection refused". */
  down (): Promise<void>
  /** Listens again on the same port. */
  up (): Promise<void>
  readonly isUp: boolean
  waitFor (predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs: number, what?: string): Promise<ReceivedRequest[]>
  /** Waits until `count` distinct webhook-ids have arrived; returns the first request of each. */
  waitForDistinct (count: number, timeoutMs: number): Promise<ReceivedRequest[]>
  close (): Promise<void>
}

/** Polls `check` until it returns something other than undefined, or fails with `what` after timeoutMs. */
export async function waitUntil<T> (check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** First request of each webhook-id, in arrival order: how a receiver de-duplicates at-least-once deliveries. */
export function distinctById (requests: readonly ReceivedRequest[]): ReceivedRequest[] {
  const seen = new Map<string, ReceivedRequest>()
  for (const r of requests) {
    const id = String(r.headers['webhook-id'])
    if (!seen.has(id)) seen.set(id, r)
  }
  return [...seen.values()]
}

/** A real HTTP receiver on 127.0.0.1 and an ephemeral port, closed when the test file ends. */
export async function startWebhookReceiver (initial: ReceiverMode = answers.ok): Promise<WebhookReceiver> {
  const path = `/hooks/${randomBytes(6).toString('hex')}`
  const requests: ReceivedRequest[] = []
  const strays: ReceivedRequest[] = []
  const pending = new Set<NodeJS.Timeout>()
  let mode = initial
  let isUp = false

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      res.on('error', () => {}) // a sender that timed out has hung up
      const ours = (req.url ?? '') === path
      const current = mode
      const status = !ours ? 404 : current.kind === 'ok' || current.kind === 'slow' ? 200 : current.status
      const entry: ReceivedRequest = {
        method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now(), answeredStatus: status,
      }
      if (ours) requests.push(entry)
      else strays.push(entry)
      if (!ours || current.kind === 'ok') return res.writeHead(status, { 'content-type': 'text/plain' }).end(ours ? 'ok' : 'not here')
      if (current.kind === 'slow') {
        const timer = setTimeout(() => { pending.delete(timer); res.writeHead(200).end('late') }, current.delayMs)
        pending.add(timer)
        return
      }
      res.writeHead(current.status, current.headers ?? {}).end(current.body ?? '')
    })
  })

  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      isUp = true
      resolve()
    })
  })
  const stop = () => new Promise<void>((resolve) => {
    for (const timer of pending) clearTimeout(timer)
    pending.clear()
    if (!isUp) return resolve()
    isUp = false
    server.close(() => resolve())
    server.closeAllConnections()
  })

  await listen(0)
  const port = (server.address() as AddressInfo).port
  after(stop)

  const waitFor = (predicate: (r: ReceivedRequest[]) => boolean, timeoutMs: number, what = 'the receiver\'s requests to match') =>
    waitUntil(() => predicate(requests) ? requests : undefined, timeoutMs, `${what} (received ${requests.length})`)

  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    strays,
    answer (next) { mode = next },
    down: stop,
    async up () { if (!isUp) await listen(port) },
    get isUp () { return isUp },
    waitFor,
    async waitForDistinct (count, timeoutMs) {
      await waitFor((r) => distinctById(r).length >= count, timeoutMs, `${count} distinct webhook-ids`)
      return distinctById(requests)
    },
    close: stop,
  }
}
