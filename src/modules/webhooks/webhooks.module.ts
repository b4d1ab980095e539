import { defineModule } from '../../infra/app-module.ts'
import { createSecretBox } from '../../infra/security/secret-box.ts'
import { createDeliveryJob, webhookQueues } from './webhook-delivery.job.ts'
import { webhooksRoutes } from './webhooks.routes.ts'
import { DeliveryQueued, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from './webhooks.schemas.ts'
import { createWebhooksService, WEBHOOK_DELIVER_JOB, type WebhooksService } from './webhooks.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { webhooks: WebhooksService & { deliver: ReturnType<typeof createDeliveryJob> } }
}

/** Webhook endpoints, the events other modules publish, and their signed delivery. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  schemas: [WebhookEndpoint, WebhookEndpointCreated, WebhookDelivery, DeliveryQueued],
  queues: () => webhookQueues,
  create ({ db, queue, clock, config, metrics }) {
    const deps = {
      db, queue, clock,
      secrets: createSecretBox({ ...config.webhookSecretKeys, legacyRootKey: config.tokenSigningKey }, 'webhook-signing-secrets'),
      allowPrivateTargets: config.allowPrivateWebhookTargets,
    }
    const deliver = createDeliveryJob({ ...deps, timeoutMs: config.webhookTimeoutMs, retryScale: config.webhookRetryScale, onAttempt: (outcome) => metrics.webhookDeliveries.inc({ outcome }) })
    return { ...createWebhooksService(deps), deliver }
  },
  routes: (webhooks) => webhooksRoutes(webhooks),
  jobs: (webhooks) => [{ name: WEBHOOK_DELIVER_JOB, run: webhooks.deliver, concurrency: 16 }],
})
