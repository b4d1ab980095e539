import { Type } from 'typebox'
import { CaseParams, CheckParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, jsonResponse, problemResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { checkExample, createCheckBody } from './checks.schemas.ts'
import { checkView, type ChecksService } from './checks.service.ts'

const notFound = Type.Null({ description: 'No such case (or check) among yours (empty body)' })

/**
 * 409 and 429 of any route that starts checks (this one, BAV's bav-checks, an upload): the
 * account's admission limits share the rate limiter's 429 shape (docs/checks.md, Admission).
 */
export const checkAdmissionResponses = {
  409: jsonResponse('A check of this type on this subject is pending already: pendingCheckId is that check, whose result answers this request too', Type.Ref('PendingCheck'), { pendingCheckId: 41 }),
  429: problemResponse(429, 'Rate limit exceeded, or the account is past a check admission limit (checks in flight, or OCR pages per hour); wait Retry-After seconds', {
    rateLimited: { title: 'Too Many Requests', detail: 'Rate limit of 15 requests per second exceeded; retry after 1 second.' },
    checksInFlight: { title: 'Too Many Requests', detail: 'This account has 50 checks in flight and may have at most 50 at once; retry after 10 seconds, as they complete.' },
    ocrPagesPerHour: { title: 'Too Many Requests', detail: 'This account has sent 498 document pages to be read (DocumentExtraction and KYC) in the past hour; 3 more would pass its limit of 500 pages per hour. Retry after 1260 seconds.' },
  }, { 'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying', examples: [10] }) }),
}

export function checksRoutes (checks: ChecksService) {
  return defineRoutes({ tags: ['Checks'] }, [
    route({
      method: 'POST', url: '/api/cases/:caseId/checks', access: 'bearer',
      schema: {
        operationId: 'requestCheck', summary: 'Run a check on a case',
        description: 'Queues a check of any type: AML on the case, BAV of a bankAccountId, KYC, DocumentExtraction or DocumentRisk of a documentId. 202 with the pending check and its Location; the result arrives by webhook (check.completed or check.failed) and at that Location. While a check of the same type on the same subject is pending, 409 names it. Past the account\'s checks in flight or OCR pages per hour, 429 with Retry-After.',
        params: CaseParams, querystring: ApiVersionQuery, body: createCheckBody(checks.typeNames),
        response: {
          202: Type.Ref('Check', {
            description: 'Queued',
            examples: [{ ...checkExample, status: 'pending', completedTs: null, riskRating: null, result: null }],
            headers: { Location: Type.String({ description: 'The check: /api/cases/<caseId>/checks/<id>', examples: ['/api/cases/17/checks/41'] }) },
          }),
          400: errorListResponse('The check type is unknown or not enabled on your account, its subject is missing or not of this case, or an unsupported api-version', {
            notEnabled: ['The AML service is not enabled on this account.'],
            missingSubject: ['The bankAccountId field is required for a BAV check.'],
            unknownSubject: ['The bankAccountId field names no active bank account of this case: 99.'],
            unknownType: ['The checkType field must be one of: BAV, AML, KYC, DocumentExtraction, DocumentRisk.'],
            unsupportedVersion: [UNSUPPORTED_VERSION],
          }),
          404: notFound,
          ...authenticatedErrors,
          ...checkAdmissionResponses,
        },
      },
      handler: async (request, reply) => {
        const { caseId } = request.params
        const check = await checks.request(callerOf(request), caseId, request.body)
        return reply.code(202).header('location', `/api/cases/${caseId}/checks/${check.id}`).send(checkView(check))
      },
    }),

    route({
      method: 'GET', url: '/api/cases/:caseId/checks', access: 'bearer',
      schema: {
        operationId: 'listChecks', summary: 'List the checks of a case',
        description: 'Every check of the case, of every type, newest first. Each completed check is immutable: a new run is a new check.',
        params: CaseParams, querystring: ApiVersionQuery,
        response: { 200: Type.Array(Type.Ref('Check'), { description: 'The checks, newest first', examples: [[checkExample]] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: async (request) => (await checks.list(callerOf(request), request.params.caseId)).map(checkView),
    }),

    route({
      method: 'GET', url: '/api/cases/:caseId/checks/:id', access: 'bearer',
      schema: {
        operationId: 'getCheck', summary: 'Get a check',
        description: 'One check of the case, pending, completed or failed. A check that does not exist or is not yours is an empty 404.',
        params: CheckParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('Check', { description: 'The check', examples: [checkExample] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: async (request) => checkView(await checks.get(callerOf(request), request.params.caseId, request.params.id)),
    }),
  ])
}
