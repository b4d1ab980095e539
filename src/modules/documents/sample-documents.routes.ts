import { readFile } from 'node:fs/promises'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { NotFound } from '../../infra/http/api-error.ts'
import { ApiVersionQuery, versionError } from '#shared/schemas.ts'
import { fileContent, SampleParams } from './documents.schemas.ts'

const STATEMENTS = new URL('./samples/', import.meta.url)
const IDENTITY_DOCUMENTS = new URL('../kyc/samples/', import.meta.url)
const ANNA = 'a Person case for Anna Maria Eriksson, born 1984-07-12'

/**
 * The sandbox's ready test files, each with the outcome it gives: bank statements (made by
 * scripts/make-sample-documents.ts) and identity documents (src/modules/kyc/samples/make-samples.ts).
 */
export const SAMPLE_DOCUMENTS = [
  { name: 'clean-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'DocumentRisk Low with no signals; extraction adds bank account 08-99-99 66374958 (Jane Doe), whose BAV then runs' },
  { name: 'edited-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'DocumentRisk High: editing tool, incremental update, modified long after creation, a figure in another font, balances that do not add up' },
  { name: 'scanned-statement.png', contentType: 'image/png', dir: STATEMENTS, outcome: 'Extraction by OCR: the same bank account as the clean statement' },
  { name: 'scanned-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'A PDF with no text layer: extraction by OCR, the same bank account' },
  { name: 'unreadable-scan.png', contentType: 'image/png', dir: STATEMENTS, outcome: 'Extraction fails (document.extraction_failed) with the reason that no account details could be read' },
  { name: 'ten-page-statement.pdf', contentType: 'application/pdf', dir: STATEMENTS, outcome: 'A ten-page clean statement: DocumentRisk Low, the same bank account' },
  { name: 'passport-match.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: `As a Passport of ${ANNA}: KYC Low, every check digit valid and every comparison a match` },
  { name: 'passport-match.jpeg', contentType: 'image/jpeg', dir: IDENTITY_DOCUMENTS, outcome: 'The same passport photographed as a JPEG: KYC Low' },
  { name: 'passport-match.pdf', contentType: 'application/pdf', dir: IDENTITY_DOCUMENTS, outcome: 'The same passport scanned to a PDF: KYC Low' },
  { name: 'id-card-match.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: `As an IdentityCard of ${ANNA}: a three-line (TD1) MRZ, KYC Low` },
  { name: 'passport-bad-check-digit.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: the document number\'s check digit is wrong (check_digit_invalid)' },
  { name: 'passport-expired.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: the passport expired on 2023-05-01 (expired)' },
  { name: 'passport-other-person.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC High: Peter James Johnson, born 1979-02-03 (name_mismatch, birth_date_mismatch)' },
  { name: 'passport-name-variant.png', contentType: 'image/png', dir: IDENTITY_DOCUMENTS, outcome: 'KYC Medium: the surname reads ERIKSON, one letter short (name_minor_difference)' },
] as const

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
