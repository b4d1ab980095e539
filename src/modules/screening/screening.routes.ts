import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListResponse } from '#shared/schemas.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { HitDecisionBody, HitParams } from './screening.schemas.ts'
import type { ScreeningService } from './screening.service.ts'

const tags = ['Checks']
const security = [{ bearerAuth: [] }]

export function screeningRoutes (screening: ScreeningService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    app.patch('/api/cases/:caseId/checks/:id/hits/:hitId', {
      schema: {
        tags, security, operationId: 'decideAmlHit', summary: 'Decide an AML hit',
        description: 'Records an analyst\'s decision on a hit of a completed AML check. A false positive is not raised again for that case: later screenings of the case leave the entry out. Deciding again replaces the decision.',
        params: HitParams, querystring: ApiVersionQuery, body: HitDecisionBody,
        response: {
          204: Type.Null({ description: 'Recorded (no body)' }),
          400: errorListResponse('The decision is not false_positive or true_positive, or an unsupported api-version', {
            decision: ['The decision field must be "false_positive" or "true_positive".'],
          }),
          404: Type.Null({ description: 'No such case, completed AML check or hit among yours (empty body)' }),
          ...authenticatedErrors,
        },
      },
    }, async (request, reply) => {
      await screening.decideHit(callerOf(request), request.params.caseId, request.params.id, request.params.hitId, request.body)
      return reply.code(204).send(null)
    })
  }
}
