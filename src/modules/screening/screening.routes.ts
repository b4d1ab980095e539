import { Type } from 'typebox'
import { CaseParams, HitParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { HitDecisionBody } from './screening.schemas.ts'
import type { ScreeningService } from './screening.service.ts'

export function screeningRoutes (screening: ScreeningService) {
  return defineRoutes({ tags: ['Checks'] }, [
    route({
      method: 'PATCH', url: '/api/cases/:caseId/checks/:id/hits/:hitId', access: 'bearer',
      schema: {
        operationId: 'decideAmlHit', summary: 'Decide an AML hit',
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
      handler: async (request, reply) => {
        await screening.decideHit(callerOf(request), request.params.caseId, request.params.id, request.params.hitId, request.body)
        return reply.code(204).send(null)
      },
    }),

    route({
      method: 'GET', url: '/api/cases/:caseId/hit-decisions', access: 'bearer',
      schema: {
        operationId: 'listAmlHitDecisions', summary: 'List the decisions on a case\'s AML hits',
        description: 'Every decision recorded on the case\'s AML hits (PATCH …/hits/{hitId}), newest first: one per listed entry, since deciding again replaces the decision. A check\'s result never changes; this is where an analyst\'s decisions are read back.',
        params: CaseParams, querystring: ApiVersionQuery,
        response: {
          200: Type.Array(Type.Ref('HitDecision'), {
            description: 'The decisions; empty when none was made',
            examples: [[{ source: 'opensanctions', entityId: 'Q7747', decision: 'false_positive', checkId: 41, hitId: 1, decidedAt: '2026-11-22T10:20:00.000Z' }]],
          }),
          400: errorListResponse('A caseId that is not a positive integer, or an unsupported api-version', { caseId: ['The caseId in the path must be a positive integer.'] }),
          404: Type.Null({ description: 'No such case among yours (empty body)' }),
          ...authenticatedErrors,
        },
      },
      handler: (request) => screening.decisions(callerOf(request), request.params.caseId),
    }),
  ])
}
