import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { CaseParams, DocumentParams } from '#shared/path-params.ts'
import { ApiVersionQuery, authenticatedErrors, errorListResponse, jsonResponse, problemResponse, UNSUPPORTED_VERSION, versionError } from '#shared/schemas.ts'
import { Unavailable, ValidationFailed } from '../../infra/http/api-error.ts'
import { registerRoutes, route } from '../../infra/http/define-routes.ts'
import { callerOf } from '../../infra/http/request-caller.ts'
import { createValidatorCompiler } from '../../infra/http/validation.ts'
import { checkAdmissionResponses } from '../checks/index.ts'
import { DocumentTooLarge } from './documents.errors.ts'
import { DOCUMENT_TYPES, documentExample, type DocumentType, fileContent } from './documents.schemas.ts'
import { NO_DOCUMENT_SERVICE, type DocumentsService, type Upload } from './documents.service.ts'
import { createUploadBudget } from './upload-budget.ts'

const notFound = Type.Null({ description: 'No such case (or active document) among yours (empty body)' })
const DOCUMENT_TYPE_MESSAGE = `The documentType field must be one of: ${DOCUMENT_TYPES.join(', ')}.`
/** Uploads past the bytes-in-flight cap wait about this long: a 10 MB upload is read in well under it. */
const BUSY_RETRY_SECONDS = 2
/** The bytes a request holds in the budget, released once when it ends however it ends. */
const heldBytes = new WeakMap<FastifyRequest, number>()

/** The multipart form, for the API description; the handler reads the stream itself (to a size cap). */
const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'The document: PDF, PNG or JPEG (told from its bytes)' }),
  documentType: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
}, { required: ['file', 'documentType'], examples: [{ documentType: 'BankStatement', file: 'statement-march.pdf' }] })

export function documentsRoutes (documents: DocumentsService) {
  return async function (app: FastifyInstance) {
    // Only this module's routes take multipart bodies; the file part is read to at most maxBytes.
    await app.register(multipart, {
      limits: { fileSize: documents.limits.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
    })
    const validator = createValidatorCompiler()
    const budget = createUploadBudget(documents.limits.maxBytesInFlight)
    const release = async (request: FastifyRequest) => {
      const held = heldBytes.get(request)
      if (held === undefined) return
      heldBytes.delete(request)
      budget.give(held)
    }

    registerRoutes(app, { tags: ['Documents'] }, [
      route({
        method: 'POST', url: '/api/cases/:caseId/documents', access: 'bearer',
        schema: {
          operationId: 'uploadDocument', summary: 'Upload a document to a case',
          description: `multipart/form-data with one file part and a documentType field. PDF, PNG or JPEG, told from the bytes; at most ${documents.limits.maxBytes / (1024 * 1024)} MB and ${documents.limits.maxPages} pages. Document risk runs on every document, extraction on a BankStatement (each when enabled on your account); results arrive by webhook (check.completed, document.extracted) and with the document.`,
          consumes: ['multipart/form-data'],
          params: CaseParams, querystring: ApiVersionQuery, body: UploadForm,
          response: {
            201: Type.Ref('Document', { description: 'Stored; its checks are queued', headers: { Location: Type.String({ examples: ['/api/cases/17/documents/12'] }) } }),
            400: errorListResponse('Not multipart, no file or documentType, not a PDF/PNG/JPEG, empty, damaged, password-protected, too many pages or pixels, refused by the pre-scan; no document service enabled on the account; or an unsupported api-version', {
              notAccepted: ['The file must be a PDF, PNG or JPEG document; this one is application/zip.'],
              passwordProtected: ['The PDF is password-protected; upload it without a password.'],
              tooManyPages: ['The PDF has 51 pages; at most 50 are accepted.'],
              missingType: [DOCUMENT_TYPE_MESSAGE],
              noDocumentService: [NO_DOCUMENT_SERVICE],
              unsupportedVersion: [UNSUPPORTED_VERSION],
            }),
            404: notFound,
            409: jsonResponse('The same bytes are already on the case: duplicateId is that document', Type.Ref('DuplicateDocument'), { duplicateId: 12 }),
            413: errorListResponse('The file is over the size limit', { tooLarge: ['The file is larger than 10 MB, the most a document may be.'] }),
            ...authenticatedErrors,
            429: checkAdmissionResponses[429],
            503: problemResponse(503, 'This process is reading as many upload bytes as it may at once (UPLOAD_BYTES_IN_FLIGHT_MB), or every document reader is busy; retry after Retry-After seconds', {
              busy: { title: 'Service Unavailable', detail: 'This server is reading as many uploads as it may at once; retry after 2 seconds.' },
            }, { 'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying', examples: [2] }) }),
          },
        },
        // Before a byte of the body is read: whose case, which services, how much room (docs/documents.md).
        // A refused upload's body is never parsed or held: Node discards it as it arrives, so the
        // client still reads the answer (closing at once would cut some clients off mid-send).
        preHandler: async (request) => {
          await documents.admit(callerOf(request), request.params.caseId)
          // A body without a length may be as large as the largest document.
          const declared = Number(request.headers['content-length'])
          const bytes = Number.isFinite(declared) && declared > 0 ? declared : documents.limits.maxBytes
          if (!budget.take(bytes)) throw new Unavailable(`This server is reading as many uploads as it may at once; retry after ${BUSY_RETRY_SECONDS} seconds.`, BUSY_RETRY_SECONDS)
          heldBytes.set(request, bytes)
        },
        onResponse: release,
        onRequestAbort: release,
        // The form is read from the stream in the handler; its schema above documents it.
        validatorCompiler: (part) => part.httpPart === 'body' ? () => true : validator(part),
        handler: async (request, reply) => {
          const { caseId } = request.params
          const document = await documents.upload(callerOf(request), caseId, await readUpload(request, documents.limits.maxBytes))
          return reply.code(201).header('location', `/api/cases/${caseId}/documents/${document.id}`).send(document)
        },
      }),

      route({
        method: 'GET', url: '/api/cases/:caseId/documents', access: 'bearer',
        schema: {
          operationId: 'listDocuments', summary: 'List the documents of a case',
          description: 'Active (not deleted) documents, newest first.',
          params: CaseParams, querystring: ApiVersionQuery,
          response: { 200: Type.Array(Type.Ref('Document'), { description: 'The active documents, newest first', examples: [[documentExample]] }), ...versionError, 404: notFound, ...authenticatedErrors },
        },
        handler: async (request) => documents.list(callerOf(request), request.params.caseId),
      }),

      route({
        method: 'GET', url: '/api/cases/:caseId/documents/:id', access: 'bearer',
        schema: {
          operationId: 'getDocument', summary: 'Get a document with its latest extraction and risk result',
          description: 'The document with latestExtraction, latestRisk and latestKyc: the newest check of each type on it (pending, completed or failed), or null when none was run.',
          params: DocumentParams, querystring: ApiVersionQuery,
          response: { 200: Type.Ref('DocumentDetail', { description: 'The document' }), ...versionError, 404: notFound, ...authenticatedErrors },
        },
        handler: async (request) => documents.get(callerOf(request), request.params.caseId, request.params.id),
      }),

      route({
        method: 'GET', url: '/api/cases/:caseId/documents/:id/content', access: 'bearer',
        schema: {
          operationId: 'getDocumentContent', summary: 'Download the original bytes',
          description: 'The file exactly as uploaded, with its content type and Content-Disposition: attachment.',
          params: DocumentParams, querystring: ApiVersionQuery,
          response: {
            200: { description: 'The file', content: fileContent(['application/pdf', 'image/png', 'image/jpeg']) },
            ...versionError, 404: notFound, ...authenticatedErrors,
          },
        },
        handler: async (request, reply) => {
          const content = await documents.content(callerOf(request), request.params.caseId, request.params.id)
          return reply.type(content.contentType).header('content-disposition', attachment(content.fileName)).send(Buffer.from(content.bytes))
        },
      }),

      route({
        method: 'DELETE', url: '/api/cases/:caseId/documents/:id', access: 'bearer',
        schema: {
          operationId: 'deleteDocument', summary: 'Delete a document',
          description: 'Soft delete: its bytes, results and the bank accounts made from it are kept for audit, but it leaves the list and gets no more checks.',
          params: DocumentParams, querystring: ApiVersionQuery,
          response: { 204: Type.Null({ description: 'Deleted (no body)' }), ...versionError, 404: notFound, ...authenticatedErrors },
        },
        handler: async (request, reply) => {
          await documents.softDelete(callerOf(request), request.params.caseId, request.params.id)
          return reply.code(204).send(null)
        },
      }),
    ])
  }
}

/** The form's documentType and file, the file read to at most maxBytes (413 past it). */
async function readUpload (request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new ValidationFailed(['The request must be multipart/form-data with a file part and a documentType field.'])
  let documentType: string | undefined
  let file: { fileName: string, bytes: Uint8Array } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) { part.file.resume(); continue }
        file = { fileName: cleanFileName(part.filename), bytes: await part.toBuffer() }
      } else if (part.fieldname === 'documentType') {
        documentType = String(part.value)
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DocumentTooLarge(maxBytes)
    // Only the request is read here: anything else that goes wrong is a body that is not a readable form.
    throw new ValidationFailed([`The multipart form could not be read (${(err as Error).message}): send one file part and a documentType field.`])
  }
  const errors: string[] = []
  if (!file) errors.push('The file part is required: send the document as a form field named file.')
  if (!DOCUMENT_TYPES.includes(documentType as DocumentType)) errors.push(DOCUMENT_TYPE_MESSAGE)
  if (errors.length > 0) throw new ValidationFailed(errors)
  return { documentType: documentType as DocumentType, fileName: file!.fileName, bytes: file!.bytes }
}

/** A file name as a person would read it: no path, no control characters, at most 200 characters. */
function cleanFileName (name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200)
  return base === '' ? 'document' : base
}

/** Content-Disposition for any file name: an ASCII fallback and the exact name (RFC 6266, RFC 8187). */
function attachment (fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
