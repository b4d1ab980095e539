import { Type } from 'typebox'
import { DeliveryParams, IdParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { CreateWebhookBody, webhookExamples } from './webhooks.schemas.ts'
import type { WebhooksService } from './webhooks.service.ts'

const notFound = Type.Null({ description: 'No such webhook endpoint among yours (empty body)' })
const queued = Type.Ref('DeliveryQueued', { description: 'Queued', examples: [{ deliveryId: 31, status: 'queued' }] })

export function webhooksRoutes (webhooks: WebhooksService) {
  return defineRoutes({ tags: ['Webhooks'] }, [
    route({
      method: 'POST', url: '/api/webhooks', access: 'bearer',
      schema: {
        operationId: 'createWebhook', summary: 'Register a webhook endpoint',
        description: 'Events are POSTed to the URL, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret returned here once. Failed deliveries are retried for about a day. At most 20 active endpoints per account. Private, loopback and link-local targets are refused unless the service runs as a sandbox on loopback.',
        querystring: ApiVersionQuery, body: CreateWebhookBody,
        response: {
          201: Type.Ref('WebhookEndpointCreated', {
            description: 'Registered; the signing secret is shown in this response only',
            examples: [webhookExamples.created],
            headers: { Location: Type.String({ description: 'The new endpoint: /api/webhooks/<id>', examples: ['/api/webhooks/3'] }) },
          }),
          400: errorListResponse('The url or events are invalid, or an unsupported api-version', {
            invalidEvents: ['The events field must be a non-empty list of distinct event types: bank_account.bav_completed, bank_account.bav_failed, check.completed, check.failed, document.extracted, document.extraction_failed.'],
            unsupportedVersion: [UNSUPPORTED_VERSION],
          }),
          409: errorListResponse('The account has 20 active endpoints already; delete one first', {
            tooManyEndpoints: ['An account can have at most 20 webhook endpoints; delete one first.'],
          }),
          ...authenticatedErrors,
        },
      },
      handler: async (request, reply) => {
        const created = await webhooks.create(callerOf(request), request.body)
        return reply.code(201).header('location', `/api/webhooks/${created.id}`).send(created)
      },
    }),

    route({
      method: 'GET', url: '/api/webhooks', access: 'bearer',
      schema: {
        operationId: 'listWebhooks', summary: 'List webhook endpoints', description: 'Your webhook endpoints, without their secrets.',
        querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('WebhookEndpoint'), { description: 'Your endpoints', examples: [[webhookExamples.endpoint]] }), ...versionError, ...authenticatedErrors },
      },
      handler: (request) => webhooks.list(callerOf(request)),
    }),

    route({
      method: 'GET', url: '/api/webhooks/:id', access: 'bearer',
      schema: {
        operationId: 'getWebhook', summary: 'Get a webhook endpoint', description: 'One of your endpoints, without its secret.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('WebhookEndpoint', { description: 'The endpoint', examples: [webhookExamples.endpoint] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: (request) => webhooks.get(callerOf(request), request.params.id),
    }),

    route({
      method: 'DELETE', url: '/api/webhooks/:id', access: 'bearer',
      schema: {
        operationId: 'deleteWebhook', summary: 'Delete a webhook endpoint', description: 'Stops deliveries to it, including pending retries.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 204: Type.Null({ description: 'Deleted (no body)' }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: async (request, reply) => {
        await webhooks.remove(callerOf(request), request.params.id)
        return reply.code(204).send(null)
      },
    }),

    route({
      method: 'POST', url: '/api/webhooks/:id/test', access: 'bearer',
      schema: {
        operationId: 'sendWebhookTest', summary: 'Send a test event', description: 'Queues a webhook.test event to this endpoint, signed like every other event.',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 202: queued, ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: async (request, reply) => reply.code(202).send(await webhooks.sendTest(callerOf(request), request.params.id)),
    }),

    route({
      method: 'GET', url: '/api/webhooks/:id/deliveries', access: 'bearer',
      schema: {
        operationId: 'listWebhookDeliveries', summary: 'Recent deliveries', description: 'The 50 most recent deliveries to this endpoint, newest first, each with its attempts (most recent first).',
        params: IdParams, querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('WebhookDelivery'), { description: 'Deliveries, newest first', examples: [webhookExamples.deliveries] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: (request) => webhooks.listDeliveries(callerOf(request), request.params.id),
    }),

    route({
      method: 'POST', url: '/api/webhooks/:id/deliveries/:deliveryId/retry', access: 'bearer',
      schema: {
        operationId: 'retryWebhookDelivery', summary: 'Retry a delivery now', description: 'Queues one more attempt of this delivery at once, whatever its status.',
        params: DeliveryParams, querystring: ApiVersionQuery,
        response: { 202: queued, ...versionError, 404: Type.Null({ description: 'No such delivery of this endpoint (empty body)' }), ...authenticatedErrors },
      },
      handler: async (request, reply) => {
        const { id, deliveryId } = request.params
        return reply.code(202).send(await webhooks.retryDelivery(callerOf(request), id, deliveryId))
      },
    }),
  ])
}
