import type { FastifyInstance } from 'fastify'

/**
 * The API speaks JSON only. Text bodies are answered as an unsupported content type (which names
 * the fix) rather than failing schema validation, and an empty body sent with
 * `Content-Type: application/json` (many clients add the header to every request) counts as no
 * body: a DELETE stays a DELETE, and a route that needs a body reports its missing fields.
 */
export function registerJsonBody (app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain')
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined)
    parseJson(request, body as string, done)
  })
}
