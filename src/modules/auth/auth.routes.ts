import { Type } from 'typebox'
import { ApiVersionQuery, problemResponse, serverErrors, UNSUPPORTED_VERSION } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'
import type { AuthService } from './auth.service.ts'
import { TokenRequest } from './auth.schemas.ts'

export function authRoutes (auth: AuthService) {
  return defineRoutes({ tags: ['Authentication'] }, [
    route({
      method: 'POST', url: '/api/authenticate', access: 'public',
      config: { errorShape: 'fields' },
      schema: {
        operationId: 'authenticate',
        summary: 'Get an access token',
        description: 'OAuth 2.0 client credentials: exchange clientId and clientSecret for a bearer token valid for 3600 seconds. Cache it and authenticate again when it expires (or once on a 401). No token is needed for this call. Brute-force limit: attempts are counted per address and clientId (20 a minute) and per address over all clientIds (200 a minute); past either, 429 for the rest of the minute, even for the right secret. A successful attempt does not count.',
        querystring: ApiVersionQuery,
        body: TokenRequest,
        response: {
          200: Type.Ref('TokenResponse', { description: 'The access token and its lifetime in seconds', examples: [{ accessToken: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImN2IjoxLCJpYXQiOjE3NjM4NDk2MDAsImV4cCI6MTc2Mzg1MzIwMH0.3q6-Jm9pQyYbJwF0hHk3Zs1Yq9QxO8E1v2R5tL7uN4c', expires: 3600 }] }),
          400: {
            description: 'clientId or clientSecret missing: an object keyed by PascalCase property name (the API contract). A body that is not JSON, or an unsupported api-version: {"errors": [...]}.',
            content: {
              'application/json': {
                schema: Type.Union([Type.Ref('FieldErrors'), Type.Ref('ErrorList')]),
                examples: {
                  missingFields: { summary: 'clientId and clientSecret missing', value: { ClientId: ['The ClientId field is required.'], ClientSecret: ['The ClientSecret field is required.'] } },
                  notJson: { summary: 'The body is not JSON', value: { errors: ['The request body is not valid JSON.'] } },
                  unsupportedVersion: { summary: 'Unsupported api-version', value: { errors: [UNSUPPORTED_VERSION] } },
                },
              },
            },
          },
          401: problemResponse(401, 'Unknown clientId or wrong clientSecret', {
            invalidCredentials: { title: 'Unauthorized', detail: 'The clientId or clientSecret is not valid.' },
          }, { 'WWW-Authenticate': Type.String({ description: 'Always Bearer', examples: ['Bearer'] }) }),
          429: problemResponse(429, 'Too many attempts from this address (for this clientId, or in all); wait Retry-After seconds', {
            tooManyFailures: { title: 'Too Many Requests', detail: 'Too many failed authentication attempts from this address; retry after 60 seconds.' },
          }, { 'Retry-After': Type.Integer({ description: 'Seconds to wait', examples: [60] }) }),
          ...serverErrors(),
        },
      },
      handler: async (request) => {
        const { clientId, clientSecret } = request.body
        return auth.issueToken(clientId, clientSecret, request.ip)
      },
    }),
  ])
}
