export { webhooksRoutes } from './webhooks.routes.ts'
export { createWebhooksService, WEBHOOK_DELIVER_JOB } from './webhooks.service.ts'
export type { WebhooksService } from './webhooks.service.ts'
export { createDeliveryJob, webhookQueues } from './webhook-delivery.job.ts'
export { WebhookEndpoint, WebhookEndpointCreated, WebhookDelivery, DeliveryQueued } from './webhooks.schemas.ts'

import { DeliveryQueued, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from './webhooks.schemas.ts'
import { WEBHOOK_DELIVER_JOB } from './webhooks.service.ts'
import type { createDeliveryJob } from './webhook-delivery.job.ts'
/** Schemas other routes and the API description refer to by $id. */
export const webhooksSchemas = [WebhookEndpoint, WebhookEndpointCreated, WebhookDelivery, DeliveryQueued]
/** The module's background work, for the workers. */
export const webhooksJobs = (deliver: ReturnType<typeof createDeliveryJob>) => [{ name: WEBHOOK_DELIVER_JOB, run: deliver, concurrency: 16 }]
