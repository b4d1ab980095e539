import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { after, describe, it } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { createWebhookReceiver, type IdcheckEvent } from '../../examples/webhook-receiver.ts'
import { givenReseller, type GivenClient } from '../helpers/given.ts'
import { buildTestAppWithDb, givenBankAccount, givenCase, givenWebhook, sandboxPairs, sleep, waitForDeliveries } from '../helpers/webhook-fixtures.ts'
import { type ReceivedRequest, startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts'
import { freePort } from '../helpers/free-port.ts'

// docs/webhooks.md shows examples/webhook-receiver.ts verbatim; these tests run that very file against real deliveries.
const { app } = await buildTestAppWithDb({ rateLimitPerSecond: 10_000 })


/** The example, listening on `port`, recording what it hands to its event handler. */
async function startExample (secret: string, port = 0) {
  const handled: Array<{ event: IdcheckEvent, webhookId: string }> = []
  const server: Server = createWebhookReceiver(secret, (event, webhookId) => { handled.push({ event, webhookId }) })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve() })
  })
  after(() => { server.closeAllConnections(); server.close() })
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/idcheck/webhooks`, handled }
}

/**
 * The example registered as an endpoint. Its secret exists only once the endpoint does, so the port is picked first;
 * should another process take that port meanwhile, the endpoint is dropped and another port tried.
 */
async function givenExampleEndpoint (owner: GivenClient) {
  for (let tries = 1; ; tries++) {
    const port = await freePort()
    const webhook = await givenWebhook(app, owner, `http://127.0.0.1:${port}/idcheck/webhooks`)
    try {
      return { webhook, example: await startExample(webhook.secret, port) }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries === 5) throw err
      await app.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.id}`, headers: owner.auth })
    }
  }
}

/** Sends a captured delivery again, as an attacker (or a proxy) could. */
const replay = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })

const signatureHeadersOf = (request: ReceivedRequest) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
})

describe('the receiver example of docs/webhooks.md', () => {
  it('when the guide is read, then it shows examples/webhook-receiver.ts verbatim', async () => {
    const guide = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8')
    const example = await readFile(new URL('../../examples/webhook-receiver.ts', import.meta.url), 'utf8')

    assert.ok(guide.includes('```ts\n' + example + '```\n'), 'docs/webhooks.md does not contain the current examples/webhook-receiver.ts')
  })

  it('when the guide\'s signed request is checked by hand with its registration secret, then the signature matches', async () => {
    const guide = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8')
    const secret = /"secret":"(whsec_[^"]+)"/.exec(guide)?.[1]
    const request = /webhook-id: (\S+)\nwebhook-timestamp: (\d+)\nwebhook-signature: v1,(\S+)\n\n(.+)\n/.exec(guide)
    assert.ok(secret && request, 'the guide lost its registration or request example')
    const [, id, timestamp, signature, body] = request as unknown as [string, string, string, string, string]

    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')

    assert.equal(signature, expected)
    assert.equal(Buffer.byteLength(body), Number(/Content-Length: (\d+)/.exec(guide)?.[1]))
  })

  it('when idcheck delivers real events to it, then it accepts them with 204 and handles each once', async () => {
    const owner = await givenReseller(app)
    const { webhook, example } = await givenExampleEndpoint(owner)

    const caseId = await givenCase(app, owner)
    const bankAccountId = await givenBankAccount(app, owner, caseId, sandboxPairs.medium)
    await app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: owner.auth })

    await waitUntil(() => example.handled.length >= 2 || undefined, 30_000, 'two handled events')
    const byType = new Map(example.handled.map((h) => [h.event.type, h.event]))
    assert.deepEqual(byType.get('bank_account.bav_completed')?.data, {
      caseId, bankAccountId, bavAttempt: { ...(byType.get('bank_account.bav_completed')!.data.bavAttempt as object), bankName: 'Sandbox Pennine Building Society', riskRating: { id: 2, name: 'Medium' } },
    })
    assert.deepEqual(byType.get('webhook.test')?.data, { webhookId: webhook.id, message: 'This is a test event from idcheck.' })
    const deliveries = await waitForDeliveries(app, owner, webhook.id, (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'), 10_000)
    for (const delivery of deliveries) assert.deepEqual(delivery.attempts.map((a) => [a.statusCode, a.responseBody]), [[204, null]])
  })

  it('when a captured delivery is tampered with, replayed or forged, then it is refused or ignored and never handled twice', async () => {
    const owner = await givenReseller(app)
    const recorder = await startWebhookReceiver()
    const webhook = await givenWebhook(app, owner, recorder.url, ['bank_account.bav_completed'])
    const example = await startExample(webhook.secret)
    const caseId = await givenCase(app, owner)
    await givenBankAccount(app, owner, caseId, sandboxPairs.low)
    const [real] = await recorder.waitForDistinct(1, 30_000)
    const headers = signatureHeadersOf(real!)

    const accepted = await replay(example.url, real!.body, headers)
    assert.equal(accepted.status, 204)
    await waitUntil(() => example.handled.length === 1 || undefined, 5000, 'the real event to be handled')
    assert.deepEqual(example.handled[0], { event: JSON.parse(real!.body), webhookId: headers['webhook-id'] })

    const tamperedBody = real!.body.replace('"name":"Low"', '"name":"High"')
    assert.notEqual(tamperedBody, real!.body)
    const forged = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)
    const stale = new Date(Date.now() - 10 * 60_000)
    const refusals: Array<[string, string, Record<string, string>]> = [
      ['a tampered body', tamperedBody, headers],
      // Its first character changed (to one it is not, so the tampering is certain).
      ['a tampered signature', real!.body, { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/^v1,(.)/, (_, c: string) => `v1,${c === 'A' ? 'B' : 'A'}`) }],
      ['another webhook-id', real!.body, { ...headers, 'webhook-id': 'msg_999999' }],
      ['a signature by another secret', real!.body, { ...headers, 'webhook-signature': forged.sign(headers['webhook-id'], new Date(Number(headers['webhook-timestamp']) * 1000), real!.body) }],
      ['a stale timestamp, correctly signed', real!.body, { ...headers, 'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)), 'webhook-signature': new Webhook(webhook.secret).sign(headers['webhook-id'], stale, real!.body) }],
      ['no signature headers', real!.body, {}],
    ]
    for (const [what, body, sent] of refusals) {
      const res = await replay(example.url, body, sent)
      assert.equal(res.status, 400, what)
    }
    const again = await replay(example.url, real!.body, headers)
    assert.equal(again.status, 204, 'a redelivery is acknowledged')
    await sleep(100)
    assert.equal(example.handled.length, 1)
  })
})
