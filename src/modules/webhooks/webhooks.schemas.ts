import { Type, type Static } from 'typebox'

/** Events a webhook endpoint can subscribe to; webhook.test goes to the endpoint asked to test. */
export const EVENT_TYPES = ['bank_account.bav_completed', 'bank_account.bav_failed', 'check.completed', 'check.failed', 'document.extracted', 'document.extraction_failed'] as const

const EVENTS_MESSAGE = `The events field must be a non-empty list of distinct event types: ${EVENT_TYPES.join(', ')}.`

export const CreateWebhookBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'http(s) URL of your receiver; private and loopback addresses are refused in production' }),
  // The message sits on each literal too: for an unknown event Ajv reports the first failing const, which names one type only.
  events: Type.Array(Type.Union(EVENT_TYPES.map((e) => Type.Literal(e, { errorMessage: EVENTS_MESSAGE }))), {
    minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true, errorMessage: EVENTS_MESSAGE,
  }),
}, { examples: [{ url: 'https://example.com/idcheck/webhooks', events: ['bank_account.bav_completed'] }] })
export type CreateWebhookBody = Static<typeof CreateWebhookBody>

export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
}, { $id: 'WebhookEndpoint' })

export const WebhookEndpointCreated = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String(),
  secret: Type.String({ description: 'Signing secret (whsec_…), shown only in this response' }),
}, { $id: 'WebhookEndpointCreated' })

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  webhookId: Type.String({ description: 'The webhook-id header your receiver got for this delivery (the same on every retry), to match your logs to ours' }),
  eventId: Type.Integer(),
  eventType: Type.String(),
  status: Type.String({ description: 'pending, succeeded or failed' }),
  attemptCount: Type.Integer(),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'When the next try is due, for a pending delivery' }),
  createdAt: Type.String(),
  attempts: Type.Array(Type.Object({
    attemptNumber: Type.Integer(),
    statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no HTTP answer came (timeout, refused)' }),
    durationMs: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()]),
    responseBody: Type.Union([Type.String(), Type.Null()], { description: 'First 1 KB of the answer; always null for a receiver on a private, loopback or link-local address' }),
    createdAt: Type.String(),
  }), { description: 'Most recent first' }),
}, { $id: 'WebhookDelivery' })
export type WebhookDeliveryView = Static<typeof WebhookDelivery>

export const DeliveryQueued = Type.Object({ deliveryId: Type.Integer(), status: Type.Literal('queued') }, { $id: 'DeliveryQueued', examples: [{ deliveryId: 31, status: 'queued' }] })

// Examples for the API description.
const endpoint = { id: 3, url: 'https://example.com/idcheck/webhooks', events: ['bank_account.bav_completed'], createdAt: '2026-11-22T10:15:30.000Z' }
export const webhookExamples = {
  endpoint,
  created: { ...endpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  deliveries: [{
    id: 31, webhookId: 'msg_31', eventId: 54, eventType: 'bank_account.bav_completed', status: 'succeeded', attemptCount: 2, nextAttemptAt: null, createdAt: '2026-11-22T10:15:31.300Z',
    attempts: [
      { attemptNumber: 2, statusCode: 200, durationMs: 48, error: null, responseBody: 'ok', createdAt: '2026-11-22T10:15:36.420Z' },
      { attemptNumber: 1, statusCode: 503, durationMs: 51, error: null, responseBody: 'busy', createdAt: '2026-11-22T10:15:31.350Z' },
    ],
  }],
}
