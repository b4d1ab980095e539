import { Type } from 'typebox'
import { CaseParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { CaseListQuery, caseExamples, CreateCaseBody } from './cases.schemas.ts'
import type { CasesService } from './cases.service.ts'

const notFound = Type.Null({ description: 'No such case among yours (empty body)' })

export function casesRoutes (cases: CasesService) {
  return defineRoutes({ tags: ['Cases'] }, [
    route({
      method: 'POST', url: '/api/cases', access: 'bearer',
      schema: {
        operationId: 'createCase', summary: 'Create a case',
        description: 'A Person (givenNames, surname and a real past date of birth required) or a Business (entityName required) whose checks you will run. 201 with the case and a Location header.',
        querystring: ApiVersionQuery, body: CreateCaseBody,
        response: {
          201: Type.Ref('Case', {
            description: 'Created',
            examples: [caseExamples.person],
            headers: { Location: Type.String({ description: 'The new case: /api/cases/<id>', examples: ['/api/cases/17'] }) },
          }),
          400: errorListResponse('A field is missing or invalid (one message per field), or an unsupported api-version', {
            invalidDateOfBirth: ['The date of birth 31/02/1987 (dobDay/dobMonth/dobYear) is not a real date.'],
            missingPersonFields: ['The givenNames field is required for a Person case.', 'The surname field is required for a Person case.'],
            unsupportedVersion: [UNSUPPORTED_VERSION],
          }),
          ...authenticatedErrors,
        },
      },
      handler: async (request, reply) => {
        const created = await cases.create(callerOf(request), request.body)
        return reply.code(201).header('location', `/api/cases/${created.id}`).send(created)
      },
    }),

    route({
      method: 'GET', url: '/api/cases/:caseId', access: 'bearer',
      schema: {
        operationId: 'getCase', summary: 'Get a case', description: 'One of your cases. A case that does not exist or is not yours is an empty 404.',
        params: CaseParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('Case', { description: 'The case', examples: [caseExamples.person] }), ...versionError, 404: notFound, ...authenticatedErrors },
      },
      handler: (request) => cases.get(callerOf(request), request.params.caseId),
    }),

    route({
      method: 'GET', url: '/api/cases', access: 'bearer',
      schema: {
        operationId: 'listCases', summary: 'List your cases',
        description: 'Newest first, limit per page (1-100, default 20), only those with a given urn when `urn` is set. When more cases exist, a Link header (rel="next") gives the next page.',
        querystring: CaseListQuery,
        response: {
          200: Type.Array(Type.Ref('Case'), {
            description: 'A page of cases, newest first',
            examples: [caseExamples.list],
            headers: { Link: Type.String({ description: 'Present when more cases exist', examples: ['</api/cases?limit=2&before=17>; rel="next"'] }) },
          }),
          400: errorListResponse('limit, before or urn is invalid, or an unsupported api-version', {
            invalidLimit: ['The limit query parameter must be an integer from 1 to 100.'],
            blankUrn: ['The urn query parameter must be 1 to 255 characters and not blank.'],
            unsupportedVersion: [UNSUPPORTED_VERSION],
          }),
          ...authenticatedErrors,
        },
      },
      handler: async (request, reply) => {
        const { limit = 20, before, urn } = request.query
        const page = await cases.list(callerOf(request), limit, before ?? null, urn ?? null)
        const filter = urn === undefined ? '' : `&urn=${encodeURIComponent(urn)}`
        if (page.hasMore) reply.header('link', `</api/cases?limit=${limit}&before=${page.cases[page.cases.length - 1]!.id}${filter}>; rel="next"`)
        return page.cases
      },
    }),
  ])
}
