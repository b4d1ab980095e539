import { readFile } from 'node:fs/promises'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { NotFound } from '../../infra/http/api-error.ts'
import { ApiVersionQuery, versionError } from '#shared/schemas.ts'
import { fileContent, SampleParams } from './documents.schemas.ts'
import { SAMPLE_DOCUMENTS } from './samples/index.ts'

export function sampleDocumentsRoutes (environment: 'sandbox' | 'production') {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const tags = ['Sandbox']
    app.get('/api/sandbox/sample-documents', {
      config: { public: true },
      schema: {
        tags, security: [], operationId: 'listSampleDocuments', summary: 'List the sandbox sample documents',
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
    }, async () => {
      if (environment !== 'sandbox') throw new NotFound()
      return SAMPLE_DOCUMENTS.map(({ name, contentType, outcome }) => ({ name, contentType, outcome }))
    })

    app.get('/api/sandbox/sample-documents/:name', {
      config: { public: true },
      schema: {
        tags, security: [], operationId: 'getSampleDocument', summary: 'Download a sandbox sample document',
        description: 'Upload it to a case with POST /api/cases/{caseId}/documents to see its outcome (sandbox only; 404 in production). No token needed.',
        params: SampleParams, querystring: ApiVersionQuery,
        response: {
          ...versionError,
          200: { description: 'The file', content: fileContent(['application/pdf', 'image/png', 'image/jpeg']) },
          404: Type.Null({ description: 'No such sample, or production (empty body)' }),
        },
      },
    }, async (request, reply) => {
      const sample = SAMPLE_DOCUMENTS.find((s) => s.name === request.params.name)
      if (environment !== 'sandbox' || !sample) throw new NotFound()
      const bytes = await readFile(new URL(sample.name, sample.dir))
      return reply.type(sample.contentType).header('content-disposition', `attachment; filename="${sample.name}"`).send(bytes as never) // raw bytes; the typed reply knows only the JSON bodies
    })
  }
}
