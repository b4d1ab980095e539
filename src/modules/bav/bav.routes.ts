import { Type } from 'typebox'
import { BankAccountParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, problemResponse, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { checkAdmissionResponses } from '../checks/index.ts'
import type { BavService } from './bav.service.ts'

export function bavRoutes (bav: BavService) {
  return defineRoutes({ tags: ['Bank accounts'] }, [
    route({
      method: 'POST', url: '/api/cases/:caseId/bank-accounts/:id/bav-checks', access: 'bearer',
      schema: {
        operationId: 'requestBavCheck',
        summary: 'Request a new BAV check',
        description: 'Queues a new bank account verification; its result is added to bavAttemptHistory and announced by the bank_account.bav_completed webhook.',
        params: BankAccountParams, querystring: ApiVersionQuery,
        response: {
          202: Type.Ref('BavCheckAccepted', { description: 'Queued; the result arrives by webhook and in the bank account list', examples: [{ bankAccountId: 5, status: 'queued' }] }),
          ...versionError,
          403: problemResponse(403, 'BAV is not enabled on this account', {
            notEnabled: { title: 'Service Not Enabled', detail: 'Bank account verification (BAV) is not enabled on this account; a reseller enables it with PATCH /api/accounts/{id}.' },
          }),
          404: Type.Null({ description: 'No such active bank account on this case (empty body)' }),
          ...authenticatedErrors,
          ...checkAdmissionResponses,
        },
      },
      handler: async (request, reply) => {
        const { caseId, id } = request.params
        await bav.requestCheck(callerOf(request), caseId, id)
        return reply.code(202).send({ bankAccountId: id, status: 'queued' })
      },
    }),
  ])
}
