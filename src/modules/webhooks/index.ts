export { webhooksModule } from './webhooks.module.ts'
export type { WebhooksService } from './webhooks.service.ts'
export { WebhookEndpoint, WebhookEndpointCreated, WebhookDelivery, DeliveryQueued } from './webhooks.schemas.ts'
