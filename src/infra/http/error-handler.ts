import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isConnectionError } from '../db/database.ts'
import { ApiError, Problem, Unavailable } from './api-error.ts'
import { describeValidation, pascalCase } from './validation.ts'
import './route-config.ts'

/** The one place where failures become HTTP answers (the API contract). */
export function registerErrorHandling (app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const answer = toApiError(err, request)
    if (answer.statusCode >= 500) {
      request.log.error({ err, reqId: request.id }, 'request failed')
    } else if (answer.statusCode !== 401 && answer.statusCode !== 404 && answer.statusCode !== 429) {
      request.log.info({ statusCode: answer.statusCode, reason: answer.message }, 'request rejected')
    }
    return send(reply, answer)
  })

  app.setNotFoundHandler((request, reply) =>
    send(reply, new Problem(404, { title: 'Not Found', detail: `No route for ${request.method} ${request.url.split('?')[0]}` })))
}

function send (reply: FastifyReply, answer: ApiError) {
  reply.code(answer.statusCode).headers(answer.headers)
  if (answer.body === undefined) return reply.removeHeader('content-type').send()
  return reply.type(answer.contentType).send(JSON.stringify(answer.body))
}

function toApiError (err: FastifyError, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err
  if (err.validation) return validationError(err, request)
  if (isConnectionError(err)) return new Unavailable('The database is unreachable; retry shortly.', 2)
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) return clientError(err, request)
  return new Problem(500, {
    title: 'Internal Server Error',
    detail: 'An unexpected error occurred. Quote the request id when you contact support.',
    extra: { requestId: request.id },
  })
}

function validationError (err: FastifyError, request: FastifyRequest): ApiError {
  const fieldsShape = request.routeOptions.config?.errorShape === 'fields'
  const dataVar = err.validationContext ?? 'body'
  const problems = describeValidation(missingBodyAsMissingFields(err), dataVar, fieldsShape ? pascalCase : undefined)
  if (!fieldsShape) return new ApiError(400, { errors: problems.map((p) => p.message) })
  const byField: Record<string, string[]> = {}
  for (const { field, message } of problems) (byField[pascalCase(field)] ??= []).push(message)
  return new ApiError(400, byField)
}

/** No body at all on a route with required fields: report each required field, not "body must be object". */
function missingBodyAsMissingFields (err: FastifyError): NonNullable<FastifyError['validation']> {
  const errors = err.validation ?? []
  const first = errors[0] as (typeof errors[number] & { parentSchema?: { required?: string[] }, data?: unknown }) | undefined
  const bodyAbsent = first && first.keyword === 'type' && first.instancePath === '' && (first.data === undefined || first.data === null)
  if (!bodyAbsent || !first.parentSchema?.required?.length) return errors
  return missingFields(first.parentSchema.required)
}

function missingFields (required: string[]): NonNullable<FastifyError['validation']> {
  return required.map((missingProperty) =>
    ({ keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty }, message: '' }))
}

/**
 * `content-type: application/json` with no body at all: the same answer as a body without the
 * route's required fields (the API contract: authenticate with clientId and clientSecret missing is the
 * PascalCase-keyed object, however the client left them out).
 */
function requiredFieldsError (request: FastifyRequest): ApiError | null {
  const required = (request.routeOptions.schema?.body as { required?: string[] } | undefined)?.required
  if (!required?.length) return null
  return validationError(Object.assign(new Error('body is empty'), { validation: missingFields(required), validationContext: 'body' }) as FastifyError, request)
}

/** Fastify's own 4xx (bad JSON, wrong content type, too large) in the spec's {"errors": [...]} shape. */
function clientError (err: FastifyError, request: FastifyRequest): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badRequest(`Unsupported Content-Type '${request.headers['content-type'] ?? ''}': send application/json.`)
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return badRequest(`The request body is larger than the limit of ${request.routeOptions.bodyLimit ?? 0} bytes.`)
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return requiredFieldsError(request) ?? badRequest('The request body is empty; send a JSON object.')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('The request body is not valid JSON.')
    default:
      if (err instanceof SyntaxError) return badRequest('The request body is not valid JSON.')
      return badRequest(err.message)
  }
}

function badRequest (message: string): ApiError {
  return new ApiError(400, { errors: [message] })
}
