import type { Database, Queryable } from '../../infra/db/database.ts'
import { NotFound, ValidationFailed } from '../../infra/http/api-error.ts'
import { TooManyEndpoints } from './webhooks.errors.ts'
import type { Queue } from '../../infra/queue/queue.ts'
import type { SecretBox } from '../../infra/security/secret-box.ts'
import type { Caller } from '#shared/caller.ts'
import type { Clock } from '#shared/clock.ts'
import type { Event, PublishEvents } from '#shared/published-events.ts'
import { checkWebhookUrl } from './url-safety.ts'
import { generateWebhookSecret } from './webhook-signing.ts'
import * as repo from './webhooks.repository.ts'
import type { CreateWebhookBody, WebhookDeliveryView } from './webhooks.schemas.ts'

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver'

/** Active endpoints an account may have: each event is signed and sent once per endpoint. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20

/** The `webhook-id` of a delivery, the same on every retry so receivers can de-duplicate. */
export const webhookMessageId = (deliveryId: number) => `msg_${deliveryId}`

export interface WebhooksDeps {
  db: Database
  queue: Queue
  clock: Clock
  secrets: SecretBox
  /** Sandbox: local receivers allowed. Production: private, loopback and link-local targets refused. */
  allowPrivateTargets: boolean
}

const iso = (d: Date | string | null) => d === null ? null : new Date(d).toISOString()
const endpointView = (e: repo.EndpointRow) => ({ id: e.id, url: e.url, events: e.events, createdAt: iso(e.createdAt)! })

export type WebhooksService = ReturnType<typeof createWebhooksService>

export function createWebhooksService ({ db, queue, clock, secrets, allowPrivateTargets }: WebhooksDeps) {
  const owned = async (caller: Caller, id: number) => {
    const endpoint = await repo.findEndpoint(db, caller.accountId, id)
    if (!endpoint) throw new NotFound()
    return endpoint
  }

  /** Event rows, their deliveries and the deliveries' jobs, all on the caller's transaction (two statements, one with no subscriber). */
  const publishTo = async (tx: Queryable, accountId: number, events: readonly Event[], onlyEndpointId: number | null) => {
    const timestamp = new Date(clock.now()).toISOString()
    const payloads = events.map(({ type, data }) => ({ type, payload: JSON.stringify({ type, timestamp, data }) }))
    const deliveryIds = await repo.insertEventsWithDeliveries(tx, accountId, payloads, onlyEndpointId)
    await queue.enqueueMany(tx, WEBHOOK_DELIVER_JOB, deliveryIds.map((deliveryId) => ({ deliveryId })))
    return deliveryIds
  }

  return {
    async create (caller: Caller, body: CreateWebhookBody) {
      const check = await checkWebhookUrl(body.url, { allowPrivate: allowPrivateTargets })
      if (!check.ok) throw new ValidationFailed([`The url field is not acceptable: ${check.reason}.`])
      const secret = generateWebhookSecret()
      const endpoint = await db.transaction((tx) =>
        repo.insertEndpointWithin(tx, MAX_ENDPOINTS_PER_ACCOUNT, caller.accountId, body.url, [...body.events], secrets.seal(secret)))
      if (!endpoint) throw new TooManyEndpoints(MAX_ENDPOINTS_PER_ACCOUNT)
      return { ...endpointView(endpoint), secret }
    },

    list: async (caller: Caller) => (await repo.listEndpoints(db, caller.accountId)).map(endpointView),

    get: async (caller: Caller, id: number) => endpointView(await owned(caller, id)),

    async remove (caller: Caller, id: number): Promise<void> {
      if (!await repo.disableEndpoint(db, id, 'deleted', caller.accountId)) throw new NotFound()
    },

    async sendTest (caller: Caller, id: number) {
      const endpoint = await owned(caller, id)
      const [deliveryId] = await db.transaction((tx) =>
        publishTo(tx, caller.accountId, [{ type: 'webhook.test', data: { webhookId: endpoint.id, message: 'This is a test event from idcheck.' } }], endpoint.id))
      return { deliveryId: deliveryId!, status: 'queued' as const }
    },

    /** The 50 most recent deliveries with their attempts. */
    async listDeliveries (caller: Caller, id: number): Promise<WebhookDeliveryView[]> {
      await owned(caller, id)
      const deliveries = await repo.listDeliveries(db, id, 50)
      return deliveries.map((d) => ({
        id: d.id,
        webhookId: webhookMessageId(d.id),
        eventId: d.eventId,
        eventType: d.eventType,
        status: d.status,
        attemptCount: d.attemptCount,
        nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
        createdAt: iso(d.createdAt)!,
        attempts: d.attempts.map(({ createdAt, ...a }) => ({ ...a, createdAt: iso(createdAt)! })),
      }))
    },

    async retryDelivery (caller: Caller, id: number, deliveryId: number) {
      await owned(caller, id)
      await db.transaction(async (tx) => {
        if (!await repo.requeueDelivery(tx, id, deliveryId)) throw new NotFound()
        await queue.enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId })
      })
      return { deliveryId, status: 'queued' as const }
    },

    /** Key rotation (operator): every secret not under the current WEBHOOK_SECRET_KEY is sealed again under it. */
    async resealSecrets (): Promise<{ resealed: number, total: number }> {
      return db.transaction(async (tx) => {
        const rows = await repo.listSealedSecrets(tx)
        const stale = rows.filter((r) => secrets.isStale(r.sealed))
        for (const row of stale) await repo.replaceSealedSecret(tx, row.id, secrets.seal(secrets.open(row.sealed)))
        return { resealed: stale.length, total: rows.length }
      })
    },

    /** The PublishEvents of other modules: every subscribed endpoint of the account gets a delivery of each event. */
    publish: (async (tx, accountId, events) => { await publishTo(tx, accountId, events, null) }) satisfies PublishEvents,
  }
}
