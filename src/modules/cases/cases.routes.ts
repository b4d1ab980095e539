import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, errorListRef } from '../../shared/schemas.ts'
import { callerOf } from '../auth/index.ts'
import { CaseListQuery, CaseParams, CreateCaseBody } from './cases.schemas.ts'
import type { CasesService } from './cases.service.ts'

const tags = ['Cases']
const security = [{ bearerAuth: [] }]

export function casesRoutes (cases: CasesService) {
  return async function (app: FastifyInstance) {
    app.post('/api/cases', {
      schema: {
        tags, security, summary: 'Create a case',
        description: 'A Person (givenNames, surname, date of birth required) or a Business (entityName required) whose checks you will run.',
        querystring: ApiVersionQuery, body: CreateCaseBody,
        response: { 201: Type.Ref('Case', { description: 'Created; Location names the case' }), 400: errorListRef, ...authenticatedErrors },
      },
    }, async (request, reply) => {
      const created = await cases.create(callerOf(request), request.body as CreateCaseBody)
      return reply.code(201).header('location', `/api/cases/${created.id}`).send(created)
    })

    app.get('/api/cases/:caseId', {
      schema: {
        tags, security, summary: 'Get a case', params: CaseParams, querystring: ApiVersionQuery,
        response: { 200: Type.Ref('Case'), 404: Type.Null({ description: 'No such case among yours (empty body)' }), ...authenticatedErrors },
      },
    }, (request) => cases.get(callerOf(request), (request.params as { caseId: number }).caseId))

    app.get('/api/cases', {
      schema: {
        tags, security, summary: 'List your cases',
        description: 'Newest first. When more cases exist, a Link header (rel="next") gives the next page.',
        querystring: CaseListQuery,
        response: { 200: Type.Array(Type.Ref('Case')), 400: errorListRef, ...authenticatedErrors },
      },
    }, async (request, reply) => {
      const { limit = 20, before } = request.query as CaseListQuery
      const page = await cases.list(callerOf(request), limit, before ?? null)
      if (page.hasMore) reply.header('link', `</api/cases?limit=${limit}&before=${page.cases[page.cases.length - 1]!.id}>; rel="next"`)
      return page.cases
    })
  }
}
