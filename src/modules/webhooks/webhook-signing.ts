import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

export type SignedMessage = { msgId: string, timestamp: Date, body: string }

// Standard Webhooks secrets are "whsec_" + base64 key; 32 bytes matches the HMAC-SHA256 block strength.
export function generateWebhookSecret (): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

export function signedHeaders (secret: string, { msgId, timestamp, body }: SignedMessage): Record<string, string> {
  return {
    'webhook-id': msgId,
    // The library signs the whole-second timestamp, so the header must carry the same truncated value.
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, timestamp, body),
  }
}
