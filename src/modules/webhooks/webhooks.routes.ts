import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { CreateWebhookBody as CreateBody, DeliveryParams, webhookExamples, WebhookParams } from './webhooks.schemas.ts'
import type { WebhooksService } from './webhooks.service.ts'

const tags = ['Webhooks']
const security = [{ bearerAuth: [] }]
const notFound = Type.Null({ description: 'No such webhook endpoint among yours (empty body)' })

export function webhooksRoutes (webhooks: WebhooksService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    app.post('/api/webhooks', {
      schema: {
        tags, security, operationId: 'createWebhook', summary: 'Register a webhook endpoint',
        description: 'Events are POSTed to the URL, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret returned here once. Failed deliveries are retried for about a day. At most 20 active endpoints per account. Private, loopback and link-local targets are refused unless the service runs as a sandbox on loopback.',
        querystring: ApiVersionQuery, body: CreateBody,
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
    }, async (request, reply) => {
      const created = await webhooks.create(callerOf(request), request.body)
      return reply.code(201).header('location', `/api/webhooks/${created.id}`).send(created)
    })

    app.get('/api/webhooks', {
      schema: {
        tags, security, operationId: 'listWebhooks', summary: 'List webhook endpoints', description: 'Your webhook endpoints, without their secrets.',
        querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('WebhookEndpoint'), { description: 'Your endpoints', examples: [[webhookExamples.endpoint]] }), ...versionError, ...authenticatedErrors },
      },
    }, (request) => webhooks.list(callerOf(request)))

    app.get('/api/webhooks/:id', {
      schema: {
        tags, security, operationId: 'getWebhook', summary: 'Get a webhook endpoint', description: 'One of your endpoints, without its secret.',
        params: WebhookParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('WebhookEndpoint', { description: 'The endpoint', examples: [webhookExamples.endpoint] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
    }, (request) => webhooks.get(callerOf(request), request.params.id))

    app.delete('/api/webhooks/:id', {
      schema: {
        tags, security, operationId: 'deleteWebhook', summary: 'Delete a webhook endpoint', description: 'Stops deliveries to it, including pending retries.',
        params: WebhookParams, querystring: ApiVersionQuery,
        response: { 204: Type.Null({ description: 'Deleted (no body)' }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
    }, async (request, reply) => {
      await webhooks.remove(callerOf(request), request.params.id)
      return reply.code(204).send(null)
    })

    app.post('/api/webhooks/:id/test', {
      schema: {
        tags, security, operationId: 'sendWebhookTest', summary: 'Send a test event', description: 'Queues a webhook.test event to this endpoint, signed like every other event.',
        params: WebhookParams, querystring: ApiVersionQuery,
        response: { 202: Type.Ref('DeliveryQueued', { description: 'Queued', examples: [{ deliveryId: 31, status: 'queued' }] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
    }, async (request, reply) => reply.code(202).send(await webhooks.sendTest(callerOf(request), request.params.id)))

    app.get('/api/webhooks/:id/deliveries', {
      schema: {
        tags, security, operationId: 'listWebhookDeliveries', summary: 'Recent deliveries', description: 'The 50 most recent deliveries to this endpoint, newest first, each with its attempts (most recent first).',
        params: WebhookParams, querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('WebhookDelivery'), { description: 'Deliveries, newest first', examples: [webhookExamples.deliveries] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
    }, (request) => webhooks.listDeliveries(callerOf(request), request.params.id))

    app.post('/api/webhooks/:id/deliveries/:deliveryId/retry', {
      schema: {
        tags, security, operationId: 'retryWebhookDelivery', summary: 'Retry a delivery now', description: 'Queues one more attempt of this delivery at once, whatever its status.',
        params: DeliveryParams, querystring: ApiVersionQuery,
        response: { 202: Type.Ref('DeliveryQueued', { description: 'Queued', examples: [{ deliveryId: 31, status: 'queued' }] }), ...versionError, 404: Type.Null({ description: 'No such delivery of this endpoint (empty body)' }), ...authenticatedErrors },
      },
    }, async (request, reply) => {
      const { id, deliveryId } = request.params
      return reply.code(202).send(await webhooks.retryDelivery(callerOf(request), id, deliveryId))
    })
  }
}
