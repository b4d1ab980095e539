import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListRef } from '../../shared/schemas.ts'
import { callerOf } from '../auth/index.ts'
import { type CreateWebhookBody, CreateWebhookBody as CreateBody, DeliveryParams, WebhookParams } from './webhooks.schemas.ts'
import type { WebhooksService } from './webhooks.service.ts'

const tags = ['Webhooks']
const security = [{ bearerAuth: [] }]
const notFound = Type.Null({ description: 'No such webhook endpoint among yours (empty body)' })

export function webhooksRoutes (webhooks: WebhooksService) {
  return async function (app: FastifyInstance) {
    app.post('/api/webhooks', {
      schema: {
        tags, security, summary: 'Register a webhook endpoint',
        description: 'Events are POSTed to the URL, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret returned here once.',
        querystring: ApiVersionQuery, body: CreateBody,
        response: { 201: Type.Ref('WebhookEndpointCreated'), 400: errorListRef, ...authenticatedErrors },
      },
    }, async (request, reply) => {
      const created = await webhooks.create(callerOf(request), request.body as CreateWebhookBody)
      return reply.code(201).header('location', `/api/webhooks/${created.id}`).send(created)
    })

    app.get('/api/webhooks', {
      schema: { tags, security, summary: 'List webhook endpoints', querystring: ApiVersionQuery, response: { 200: Type.Array(Type.Ref('WebhookEndpoint')), ...authenticatedErrors } },
    }, (request) => webhooks.list(callerOf(request)))

    app.get('/api/webhooks/:id', {
      schema: { tags, security, summary: 'Get a webhook endpoint', params: WebhookParams, querystring: ApiVersionQuery, response: { 200: Type.Ref('WebhookEndpoint'), 404: notFound, ...authenticatedErrors } },
    }, (request) => webhooks.get(callerOf(request), (request.params as { id: number }).id))

    app.delete('/api/webhooks/:id', {
      schema: { tags, security, summary: 'Delete a webhook endpoint', description: 'Stops deliveries to it, including pending retries.', params: WebhookParams, querystring: ApiVersionQuery, response: { 204: Type.Null({ description: 'Deleted' }), 404: notFound, ...authenticatedErrors } },
    }, async (request, reply) => {
      await webhooks.remove(callerOf(request), (request.params as { id: number }).id)
      return reply.code(204).send()
    })

    app.post('/api/webhooks/:id/test', {
      schema: { tags, security, summary: 'Send a test event', description: 'Queues a webhook.test event to this endpoint.', params: WebhookParams, querystring: ApiVersionQuery, response: { 202: Type.Ref('DeliveryQueued'), 404: notFound, ...authenticatedErrors } },
    }, async (request, reply) => reply.code(202).send(await webhooks.sendTest(callerOf(request), (request.params as { id: number }).id)))

    app.get('/api/webhooks/:id/deliveries', {
      schema: { tags, security, summary: 'Recent deliveries', description: 'The 50 most recent deliveries to this endpoint, newest first, each with its attempts.', params: WebhookParams, querystring: ApiVersionQuery, response: { 200: Type.Array(Type.Ref('WebhookDelivery')), 404: notFound, ...authenticatedErrors } },
    }, (request) => webhooks.listDeliveries(callerOf(request), (request.params as { id: number }).id))

    app.post('/api/webhooks/:id/deliveries/:deliveryId/retry', {
      schema: { tags, security, summary: 'Retry a delivery now', params: DeliveryParams, querystring: ApiVersionQuery, response: { 202: Type.Ref('DeliveryQueued'), 404: Type.Null({ description: 'No such delivery of this endpoint' }), ...authenticatedErrors } },
    }, async (request, reply) => {
      const { id, deliveryId } = request.params as { id: number, deliveryId: number }
      return reply.code(202).send(await webhooks.retryDelivery(callerOf(request), id, deliveryId))
    })
  }
}
