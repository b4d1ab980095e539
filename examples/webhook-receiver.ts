// A minimal idcheck webhook receiver: Node's http module and the standardwebhooks package (npm i standardwebhooks).
// Run:  IDCHECK_WEBHOOK_SECRET=whsec_… PORT=4000 node webhook-receiver.ts
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { Webhook } from 'standardwebhooks'

export interface IdcheckEvent {
  type: string
  timestamp: string
  data: Record<string, unknown>
}

export type EventHandler = (event: IdcheckEvent, webhookId: string) => void | Promise<void>

// idcheck's events are a few hundred bytes; anything far larger is not from idcheck.
const MAX_BODY_BYTES = 64 * 1024

/**
 * Verifies each delivery's signature over the raw body, answers 204 at once, then hands every new event to `handle`.
 * idcheck delivers at least once, so the same webhook-id can arrive again: it is acknowledged and not handled twice.
 */
export function createWebhookReceiver (secret: string, handle: EventHandler): Server {
  const webhook = new Webhook(secret)
  const handled = new Set<string>() // keep this in your database (a unique key) so it survives restarts

  return createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end()
        return
      }
      // Verify the bytes exactly as received: parsing and re-serialising the JSON first would break the signature.
      const body = Buffer.concat(chunks).toString('utf8')
      let event: IdcheckEvent
      try {
        // Checks the HMAC of "webhook-id.webhook-timestamp.body" and that the timestamp is within 5 minutes (replays).
        event = webhook.verify(body, signatureHeaders(req.headers)) as IdcheckEvent
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid signature')
        return
      }
      // Acknowledge before doing the work: idcheck waits at most 10 s for a 2xx, then counts the attempt as failed.
      res.writeHead(204).end()
      const webhookId = String(req.headers['webhook-id'])
      if (handled.has(webhookId)) return
      handled.add(webhookId)
      setImmediate(async () => {
        try {
          await handle(event, webhookId)
        } catch (err) {
          console.error(`event ${webhookId} (${event.type}) failed:`, err)
        }
      })
    })
  })
}

function signatureHeaders (headers: IncomingHttpHeaders): Record<string, string> {
  const header = (name: string) => {
    const value = headers[name]
    return typeof value === 'string' ? value : ''
  }
  return { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') }
}

if (import.meta.main) {
  const secret = process.env.IDCHECK_WEBHOOK_SECRET
  if (!secret?.startsWith('whsec_')) {
    console.error('Set IDCHECK_WEBHOOK_SECRET to the whsec_… secret that POST /api/webhooks returned.')
    process.exit(1)
  }
  const port = Number(process.env.PORT ?? 4000)
  const server = createWebhookReceiver(secret, (event, webhookId) => {
    if (event.type === 'bank_account.bav_completed') {
      const { bankAccountId, bavAttempt } = event.data as { bankAccountId: number, bavAttempt: { riskRating: { name: string } } }
      console.log(`${webhookId}: bank account ${bankAccountId} verified, risk ${bavAttempt.riskRating.name}`)
    } else {
      console.log(`${webhookId}: ${event.type}`, event.data)
    }
  })
  server.listen(port, () => console.log(`Receiving idcheck webhooks on http://localhost:${port}/`))
}
