import { Type } from 'typebox'

/** RFC 9457 problem details, as sent for 401, 403, 404 of unknown routes, 429 and 5xx. */
export const ProblemDetails = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  requestId: Type.Optional(Type.String()),
}, { $id: 'ProblemDetails', additionalProperties: true })

/** The spec's common bad-request shape. */
export const ErrorList = Type.Object({
  errors: Type.Array(Type.String()),
}, { $id: 'ErrorList', examples: [{ errors: ['The sortCode field must be exactly 6 numeric characters, no hyphens or spaces.'] }] })

export const ApiVersionQuery = Type.Object({
  'api-version': Type.Optional(Type.String({ description: 'Requested API version, <major>.<minor>; absent = latest (1.0)', examples: ['1.0'] })),
})

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'The id in the path must be a positive integer.' }),
})

export const problemRef = Type.Ref('ProblemDetails')
export const errorListRef = Type.Ref('ErrorList')

/** Responses every authenticated route can give, for the API description. */
export const authenticatedErrors = {
  401: Type.Ref('ProblemDetails', { description: 'Missing, invalid, expired or revoked access token' }),
  429: Type.Ref('ProblemDetails', { description: 'Rate limit exceeded; see Retry-After' }),
}
