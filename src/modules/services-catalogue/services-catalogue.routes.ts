import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import type { ServicesCatalogue } from './services-catalogue.service.ts'

export function servicesCatalogueRoutes (catalogue: ServicesCatalogue, db: Parameters<ServicesCatalogue['enabledFor']>[0]) {
  return defineRoutes({ tags: ['Accounts'] }, [
    route({
      method: 'GET', url: '/api/services/resellable', access: 'bearer',
      schema: {
        operationId: 'listResellableServices',
        summary: 'Services you can assign',
        description: "The services enabled on the caller's own account: the serviceIds accepted in enabledServices.",
        querystring: ApiVersionQuery,
        response: {
          200: Type.Array(Type.Ref('ServiceEntry'), {
            description: 'The service entries you may put in enabledServices',
            examples: [[{ serviceId: 1, checkType: 'KYC', provider: 'Sandbox' }, { serviceId: 2, checkType: 'BAV', provider: 'Sandbox' }]],
          }),
          ...versionError,
          ...authenticatedErrors,
        },
      },
      handler: async (request) => {
        const { accountId } = callerOf(request)
        return (await catalogue.enabledFor(db, [accountId])).get(accountId) ?? []
      },
    }),
  ])
}
