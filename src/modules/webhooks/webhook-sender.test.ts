import { describe, it, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseRetryAfter, sendWebhook, storableText } from './webhook-sender.ts'

type Received = { path: string, headers: http.IncomingHttpHeaders, body: string }

const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200).end('thanks'),
  '/fail': (res) => res.writeHead(500).end('boom'),
  '/redirect': (res) => res.writeHead(302, { location: '/target' }).end(),
  '/target': (res) => res.writeHead(200).end(),
  '/slow': () => {}, // never answers; the test closes the connection
  '/big': (res) => res.writeHead(200).end('x'.repeat(1024 * 1024)),
  '/busy': (res) => res.writeHead(503, { 'retry-after': '120' }).end(),
  '/teapot': (res) => res.writeHead(418, { 'retry-after': '120' }).end(),
}

/** A real receiver on an ephemeral loopback port that records every request it gets. */
async function startReceiver (t: TestContext): Promise<{ base: string, received: Received[] }> {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
      res.on('error', () => {}) // the sender hangs up on purpose in some tests
      routes[req.url ?? '']?.(res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => {
    server.closeAllConnections()
    server.close()
  })
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, received }
}

// The receiver is on loopback, whose answers are never kept in service; these tests keep them to see what would be.
const delivery = { headers: { 'webhook-id': 'msg_1' }, body: '{"type":"test"}', allowPrivate: true, keepsAnswerFrom: () => true }

describe('webhook sender', () => {
  it('when the receiver answers 200, then the delivery is ok and the request carries body and headers', async (t) => {
    const { base, received } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/ok` })

    assert.equal(result.ok, true)
    assert.equal(result.statusCode, 200)
    assert.equal(result.responseBody, 'thanks')
    assert.equal(result.error, null)
    assert.ok(result.durationMs >= 0)
    assert.equal(received.length, 1)
    assert.equal(received[0]?.body, '{"type":"test"}')
    assert.equal(received[0]?.headers['content-type'], 'application/json')
    assert.equal(received[0]?.headers['user-agent'], 'idcheck-webhooks/1')
    assert.equal(received[0]?.headers['webhook-id'], 'msg_1')
  })

  it('when the receiver answers 500, then the delivery is not ok and keeps the status', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/fail` })

    assert.deepEqual({ ...result, durationMs: 0 }, {
      ok: false, statusCode: 500, durationMs: 0, responseBody: 'boom', error: null, retryAfterSeconds: null,
    })
  })

  it('when the receiver redirects, then the delivery fails and the redirect is not followed', async (t) => {
    const { base, received } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/redirect` })

    assert.equal(result.ok, false)
    assert.equal(result.statusCode, 302)
    assert.match(result.error ?? '', /redirect/)
    assert.deepEqual(received.map((r) => r.path), ['/redirect'])
  })

  it('when the receiver is slower than the timeout, then the delivery fails with a timeout error', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/slow`, timeoutMs: 150 })

    assert.equal(result.ok, false)
    assert.equal(result.statusCode, null)
    assert.equal(result.error, 'timed out after 150 ms')
    assert.ok(result.durationMs >= 140 && result.durationMs < 2000, `took ${result.durationMs} ms`)
  })

  it('when the receiver is on a loopback or private address, then nothing of its answer is kept, whatever it says', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ headers: delivery.headers, body: delivery.body, allowPrivate: true, url: `${base}/ok` })

    assert.deepEqual([result.ok, result.statusCode, result.responseBody], [true, 200, ''])
  })

  it('when the receiver sends a 1 MB body, then at most 1024 bytes are kept', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/big` })

    assert.equal(result.ok, true)
    assert.ok(result.responseBody.length > 0 && result.responseBody.length <= 1024)
  })

  it('when nothing listens on the port, then the delivery fails with the connection error', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))

    const result = await sendWebhook({ ...delivery, url: `http://127.0.0.1:${port}/ok` })

    assert.equal(result.ok, false)
    assert.equal(result.statusCode, null)
    assert.match(result.error ?? '', /ECONNREFUSED/)
  })

  it('when private targets are not allowed, then a loopback IP is refused before any request is made', async (t) => {
    const { base, received } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/ok`, allowPrivate: false })

    assert.equal(result.ok, false)
    assert.equal(result.statusCode, null)
    assert.match(result.error ?? '', /private or loopback address \(127\.0\.0\.1\)/)
    assert.equal(received.length, 0)
  })

  it('when private targets are not allowed, then a name resolving to loopback is refused at connect time', async (t) => {
    const { base, received } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: base.replace('127.0.0.1', 'localhost') + '/ok', allowPrivate: false })

    assert.equal(result.ok, false)
    assert.match(result.error ?? '', /private or loopback address/)
    assert.equal(received.length, 0)
  })

  it('when the URL has a forbidden scheme, then the delivery fails without throwing', async () => {
    const result = await sendWebhook({ ...delivery, url: 'ftp://127.0.0.1/hook' })

    assert.equal(result.ok, false)
    assert.equal(result.error, 'webhook URL must use http or https')
  })

  it('when a 503 carries Retry-After, then its seconds are returned', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/busy` })

    assert.equal(result.ok, false)
    assert.equal(result.statusCode, 503)
    assert.equal(result.retryAfterSeconds, 120)
  })

  it('when another status carries Retry-After, then it is ignored', async (t) => {
    const { base } = await startReceiver(t)

    const result = await sendWebhook({ ...delivery, url: `${base}/teapot` })

    assert.equal(result.retryAfterSeconds, null)
  })
})

describe('Retry-After parsing', () => {
  it('when the header is delta-seconds, then those seconds are returned', () => {
    assert.equal(parseRetryAfter(' 30 '), 30)
  })

  it('when the header is an HTTP date, then the seconds until it are returned', () => {
    const now = Date.parse('2025-06-23T10:00:00Z')
    assert.equal(parseRetryAfter('Mon, 23 Jun 2025 10:01:30 GMT', now), 90)
    assert.equal(parseRetryAfter('Mon, 23 Jun 2025 09:00:00 GMT', now), 0)
  })

  it('when the header is missing or unreadable, then there is none', () => {
    assert.equal(parseRetryAfter(undefined), null)
    assert.equal(parseRetryAfter('soon'), null)
    assert.equal(parseRetryAfter('-5'), null)
  })
})

describe('stored response bodies', () => {
  it('when the body is plain text under 1 KB, then it is kept as is', () => {
    assert.equal(storableText(Buffer.from('thanks')), 'thanks')
  })

  it('when the body holds NUL bytes, then they are dropped (PostgreSQL text refuses them)', () => {
    assert.equal(storableText(Buffer.from('ok\u0000done')), 'okdone')
  })

  it('when the 1 KB limit cuts a character in half, then the half is dropped rather than replaced', () => {
    const kept = storableText(Buffer.from(`a${'é'.repeat(1000)}`))

    assert.equal(kept, `a${'é'.repeat(511)}`)
  })

  it('when the body is not UTF-8, then the replacement text still fits in 1 KB', () => {
    const kept = storableText(Buffer.alloc(4096, 0xff))

    assert.ok(Buffer.byteLength(kept) <= 1024)
    assert.ok(kept.length > 0)
  })
})
