import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, errorListRef } from '../../shared/schemas.ts'
import type { AuthService } from './auth.service.ts'
import { TokenRequest, TokenResponse } from './auth.schemas.ts'

export function authRoutes (auth: AuthService) {
  return async function (app: FastifyInstance) {
    app.post('/api/authenticate', {
      config: { public: true, errorShape: 'fields' },
      schema: {
        tags: ['Authentication'],
        summary: 'Get an access token',
        description: 'OAuth 2.0 client credentials: exchange clientId and clientSecret for a bearer token valid for 3600 seconds. Cache it and authenticate again when it expires.',
        querystring: ApiVersionQuery,
        body: TokenRequest,
        response: {
          200: Type.Ref('TokenResponse'),
          400: Type.Union([Type.Ref('FieldErrors'), errorListRef], { description: 'clientId or clientSecret missing (keyed by property name), or a malformed body' }),
          401: Type.Ref('ProblemDetails', { description: 'Unknown clientId or wrong clientSecret' }),
          429: Type.Ref('ProblemDetails', { description: 'Too many failed attempts from this address' }),
        },
      },
    }, async (request) => {
      const { clientId, clientSecret } = request.body as TokenRequest
      return auth.issueToken(clientId, clientSecret, request.ip)
    })
  }
}
