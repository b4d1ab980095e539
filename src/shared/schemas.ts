import { Type, type TSchema } from 'typebox'

/** RFC 9457 problem details, as sent for 401, 403, 404 of unknown routes, 429 and 5xx. */
export const ProblemDetails = Type.Object({
  type: Type.String({ description: 'A URI naming the kind of problem' }),
  title: Type.String({ description: 'Short, fixed per kind of problem' }),
  status: Type.Integer({ description: 'The HTTP status code' }),
  detail: Type.String({ description: 'What went wrong this time, in words meant for the integrator' }),
  requestId: Type.Optional(Type.String({ description: '5xx only: quote it to support; also in the x-request-id header' })),
}, {
  $id: 'ProblemDetails',
  additionalProperties: true,
  examples: [{ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2', title: 'Unauthorized', status: 401, detail: 'The access token has expired; authenticate again.' }],
})

/** The spec's common bad-request shape. */
export const ErrorList = Type.Object({
  errors: Type.Array(Type.String(), { description: 'One message per problem; each names the field' }),
}, { $id: 'ErrorList', examples: [{ errors: ['The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces.'] }] })

export const ApiVersionQuery = Type.Object({
  'api-version': Type.Optional(Type.String({ description: 'Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.', examples: ['1.0'] })),
})

// Documentation-only response objects below: the error handler sends error bodies itself (as
// strings with their own content type), so these never change what goes on the wire; they make
// the API description say exactly what does (the contract and docs/decisions.md).

const PROBLEM_TYPES: Record<number, string> = {
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
}

export interface ProblemExample { title: string, detail: string, requestId?: string }

/** A problem-details answer (application/problem+json) with a named example per situation. */
export function problemResponse (status: number, description: string, examples: Record<string, ProblemExample>, headers?: Record<string, TSchema>) {
  const named: Record<string, { summary: string, value: unknown }> = {}
  for (const [name, { title, detail, requestId }] of Object.entries(examples)) {
    named[name] = { summary: detail, value: { type: PROBLEM_TYPES[status] ?? 'about:blank', title, status, detail, ...(requestId ? { requestId } : {}) } }
  }
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/problem+json': { schema: Type.Ref('ProblemDetails'), examples: named } },
  }
}

/** 400 {"errors": [...]} with one named example per situation. */
export function errorListResponse (description: string, examples: Record<string, string[]>) {
  const named: Record<string, { summary: string, value: unknown }> = {}
  for (const [name, errors] of Object.entries(examples)) named[name] = { summary: errors[0] ?? name, value: { errors } }
  return { description, content: { 'application/json': { schema: Type.Ref('ErrorList'), examples: named } } }
}

/** The spec's bare JSON string bodies ("Invalid service ID", "Name is in use by another account"). */
export function jsonStringResponse (text: string, description: string) {
  return { description, content: { 'application/json': { schema: Type.Literal(text, { description: `The JSON string "${text}"` }), example: text } } }
}

/** A JSON answer whose media example is given here (for shapes that are not worth a component). */
export function jsonResponse (description: string, schema: TSchema, example: unknown) {
  return { description, content: { 'application/json': { schema, example } } }
}

export const UNSUPPORTED_VERSION = "Unsupported api-version '2.0'. Supported: 1.0"

/** 400 for a route whose only bad request is an unsupported api-version. */
export const versionError = {
  400: errorListResponse('Unsupported api-version', { unsupportedVersion: [UNSUPPORTED_VERSION] }),
}

const retryAfter = Type.Integer({ description: 'Seconds to wait before retrying', examples: [1] })

/** Responses every authenticated route can give. */
export const authenticatedErrors = {
  401: problemResponse(401, 'Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer.', {
    missing: { title: 'Unauthorized', detail: 'Send an access token in the Authorization header: Bearer <accessToken>.' },
    invalid: { title: 'Unauthorized', detail: 'The access token is not valid.' },
  }, { 'WWW-Authenticate': Type.String({ description: 'Always Bearer', examples: ['Bearer'] }) }),
  429: problemResponse(429, 'Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds', {
    rateLimited: { title: 'Too Many Requests', detail: 'Rate limit of 15 requests per second exceeded; retry after 1 second.' },
  }, {
    'Retry-After': retryAfter,
    'x-ratelimit-limit': Type.Integer({ description: 'Requests allowed per second', examples: [15] }),
    'x-ratelimit-remaining': Type.Integer({ description: 'Requests left in the current second', examples: [0] }),
    'x-ratelimit-reset': Type.Integer({ description: 'Seconds until the window resets', examples: [1] }),
    RateLimit: Type.String({ description: 'IETF RateLimit field', examples: ['"default";r=0;t=1'] }),
    'RateLimit-Policy': Type.String({ description: 'IETF RateLimit-Policy field', examples: ['"default";q=15;w=1'] }),
  }),
  ...serverErrors(),
}

/** 500 and 503: problem details that never carry an internal message. */
export function serverErrors () {
  return {
    500: problemResponse(500, 'Unexpected failure; the body carries the requestId to quote to support', {
      unexpected: { title: 'Internal Server Error', detail: 'An unexpected error occurred. Quote the request id when you contact support.', requestId: '3f1c2a9e-5b7d-4e8a-9c61-0d2b7f4e8a15' },
    }),
    503: problemResponse(503, 'The database is unreachable; retry after Retry-After seconds', {
      unavailable: { title: 'Service Unavailable', detail: 'The database is unreachable; retry shortly.' },
    }, { 'Retry-After': Type.Integer({ description: 'Seconds to wait before retrying', examples: [2] }) }),
  }
}
