import { Type } from 'typebox'
import { ApiVersionQuery, authenticatedErrors, versionError } from '#shared/schemas.ts'
import { defineRoutes, route } from '../../infra/http/define-routes.ts'

export const pingRoutes = defineRoutes({ tags: ['Connectivity'] }, [
  route({
    method: 'GET', url: '/api/Ping', access: 'bearer',
    schema: {
      operationId: 'ping',
      summary: 'Connectivity check',
      description: 'Answers the text Pong to an authenticated caller: proves the base URL, the token and the network path.',
      querystring: ApiVersionQuery,
      response: {
        // Declared as text/plain so the API description matches the wire (a JSON client would choke on Pong).
        200: { description: 'The text Pong', content: { 'text/plain': { schema: Type.String(), example: 'Pong' } } },
        ...versionError,
        ...authenticatedErrors,
      },
    },
    // Not async: the answer is ready at once, and a promise would cost a microtask per Ping.
    handler: (_request, reply) => { reply.type('text/plain; charset=utf-8').send('Pong') },
  }),
])
