/**
 * An error that knows its HTTP answer. Services throw subclasses named after the failure; the one
 * error handler sends status, content type, headers and body exactly as given.
 * body undefined = empty body.
 */
export class ApiError extends Error {
  readonly statusCode: number
  readonly body: unknown
  readonly contentType: string
  readonly headers: Record<string, string>

  constructor (statusCode: number, body: unknown, options: { contentType?: string, headers?: Record<string, string>, message?: string } = {}) {
    super(options.message ?? `HTTP ${statusCode}`)
    this.statusCode = statusCode
    this.body = body
    this.contentType = options.contentType ?? 'application/json; charset=utf-8'
    this.headers = options.headers ?? {}
  }
}

/** 400 {"errors": [...]}: the spec's common bad-request shape. */
export class ValidationFailed extends ApiError {
  constructor (messages: string[]) { super(400, { errors: messages }) }
}

/** The spec's bare JSON string bodies ("Invalid service ID", "Name is in use by another account"). */
export class JsonStringError extends ApiError {
  constructor (statusCode: number, text: string) { super(statusCode, text) }
}

/** 404 with an empty body, as the spec gives it for missing accounts and bank accounts. */
export class NotFound extends ApiError {
  constructor () { super(404, undefined) }
}

export interface ProblemFields { title: string, detail: string, type?: string, extra?: Record<string, unknown> }

/** RFC 9457 problem details. */
export class Problem extends ApiError {
  constructor (statusCode: number, { title, detail, type, extra }: ProblemFields, headers: Record<string, string> = {}) {
    super(statusCode, { type: type ?? problemType(statusCode), title, status: statusCode, detail, ...extra },
      { contentType: 'application/problem+json; charset=utf-8', headers, message: detail })
  }
}

export class Unauthorized extends Problem {
  constructor (detail: string) {
    super(401, { title: 'Unauthorized', detail }, { 'www-authenticate': 'Bearer' })
  }
}

export class Unavailable extends Problem {
  constructor (detail: string, retryAfterSeconds: number) {
    super(503, { title: 'Service Unavailable', detail }, { 'retry-after': String(retryAfterSeconds) })
  }
}

const RFC9110 = 'https://tools.ietf.org/html/rfc9110#section-'
const PROBLEM_TYPES: Record<number, string> = {
  400: RFC9110 + '15.5.1',
  401: RFC9110 + '15.5.2',
  403: RFC9110 + '15.5.4',
  404: RFC9110 + '15.5.5',
  409: RFC9110 + '15.5.10',
  413: RFC9110 + '15.5.14',
  415: RFC9110 + '15.5.16',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: RFC9110 + '15.6.1',
  503: RFC9110 + '15.6.4',
}

/** The status code's section of the HTTP RFCs, as ASP.NET-style problem details give it. */
export function problemType (statusCode: number): string {
  return PROBLEM_TYPES[statusCode] ?? 'about:blank'
}
