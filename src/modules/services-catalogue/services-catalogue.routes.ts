import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors } from '../../shared/schemas.ts'
import { callerOf } from '../auth/index.ts'
import type { ServicesCatalogue } from './services-catalogue.service.ts'

export function servicesCatalogueRoutes (catalogue: ServicesCatalogue, db: Parameters<ServicesCatalogue['enabledFor']>[0]) {
  return async function (app: FastifyInstance) {
    app.get('/api/services/resellable', {
      schema: {
        tags: ['Accounts'], security: [{ bearerAuth: [] }],
        summary: 'Services you can assign',
        description: "The services enabled on the caller's own account: the serviceIds accepted in enabledServices.",
        querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('ServiceEntry')), ...authenticatedErrors },
      },
    }, async (request) => {
      const { accountId } = callerOf(request)
      return (await catalogue.enabledFor(db, [accountId])).get(accountId) ?? []
    })
  }
}
