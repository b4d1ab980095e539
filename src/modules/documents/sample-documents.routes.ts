import { readFile } from 'node:fs/promises'
import { Type } from 'typebox'
import { SampleDocumentParams } from '#shared/path-params.ts'
import { ApiVersionQuery, versionError } from '#shared/schemas.ts'
import { NotFound } from '../../infra/http/api-error.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import { fileContent } from './documents.schemas.ts'
import { SAMPLE_DOCUMENTS } from './samples/index.ts'

export function sampleDocumentsRoutes (environment: 'sandbox' | 'production') {
  return defineRoutes({ tags: ['Sandbox'] }, [
    route({
      method: 'GET', url: '/api/sandbox/sample-documents', access: 'public',
      schema: {
        operationId: 'listSampleDocuments', summary: 'List the sandbox sample documents',
        description: 'Ready test files and the outcome each gives when uploaded (sandbox only; 404 in production). No token needed.',
        querystring: ApiVersionQuery,
        response: {
          ...versionError,
          200: Type.Array(Type.Object({ name: Type.String(), contentType: Type.String(), outcome: Type.String() }), {
            description: 'The samples', examples: [[{ name: 'clean-statement.pdf', contentType: 'application/pdf', outcome: 'DocumentRisk Low with no signals; …' }]],
          }),
          404: Type.Null({ description: 'Production has no samples (empty body)' }),
        },
      },
      handler: async () => {
        if (environment !== 'sandbox') throw new NotFound()
        return SAMPLE_DOCUMENTS.map(({ name, contentType, outcome }) => ({ name, contentType, outcome }))
      },
    }),

    route({
      method: 'GET', url: '/api/sandbox/sample-documents/:name', access: 'public',
      schema: {
        operationId: 'getSampleDocument', summary: 'Download a sandbox sample document',
        description: 'Upload it to a case with POST /api/cases/{caseId}/documents to see its outcome (sandbox only; 404 in production). No token needed.',
        params: SampleDocumentParams, querystring: ApiVersionQuery,
        response: {
          ...versionError,
          200: { description: 'The file', content: fileContent(['application/pdf', 'image/png', 'image/jpeg']) },
          404: Type.Null({ description: 'No such sample, or production (empty body)' }),
        },
      },
      handler: async (request, reply) => {
        const sample = SAMPLE_DOCUMENTS.find((s) => s.name === request.params.name)
        if (environment !== 'sandbox' || !sample) throw new NotFound()
        const bytes = await readFile(new URL(sample.name, sample.dir))
        return reply.type(sample.contentType).header('content-disposition', `attachment; filename="${sample.name}"`).send(bytes as never) // raw bytes; the typed reply knows only the JSON bodies
      },
    }),
  ])
}
