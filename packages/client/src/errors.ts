/** A non-2xx answer from the idcheck API, with its body as the API sent it (the API contract shapes). */
export class IdcheckApiError extends Error {
  readonly status: number
  /** Parsed JSON when the body was JSON ({"errors": [...]}, problem details, "Invalid service ID", …); the text otherwise; undefined when empty. */
  readonly body: unknown
  readonly requestId: string | null

  constructor (method: string, path: string, response: Response, body: unknown) {
    super(`${method} ${path} answered ${response.status}${describe(body)}`)
    this.name = 'IdcheckApiError'
    this.status = response.status
    this.body = body
    this.requestId = response.headers.get('x-request-id')
  }

  /** The messages of a {"errors": [...]} or PascalCase field-errors body; [] for other shapes. */
  get messages (): string[] {
    const body = this.body
    if (!body || typeof body !== 'object') return typeof body === 'string' ? [body] : []
    if (Array.isArray((body as { errors?: unknown }).errors)) return (body as { errors: string[] }).errors
    return Object.values(body).flatMap((v) => Array.isArray(v) ? v.map(String) : [])
  }
}

function describe (body: unknown): string {
  if (body === undefined || body === '') return ''
  if (typeof body === 'string') return `: ${body}`
  const problem = body as { title?: string, detail?: string, errors?: string[] }
  if (problem.detail) return `: ${problem.title ?? ''} ${problem.detail}`.trimEnd()
  return `: ${JSON.stringify(body).slice(0, 500)}`
}

/** The token endpoint refused the client's credentials (or could not be reached). */
export class IdcheckAuthenticationError extends Error {
  readonly status: number | null
  constructor (message: string, status: number | null) {
    super(message)
    this.name = 'IdcheckAuthenticationError'
    this.status = status
  }
}
