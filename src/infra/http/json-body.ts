import type { FastifyInstance } from 'fastify'

/**
 * The API speaks JSON only. Text bodies are answered as an unsupported content type (which names
 * the fix) rather than failing schema validation, and an empty body sent with
 * `Content-Type: application/json` (many clients add the header to every request) counts as no
 * body: a DELETE stays a DELETE, and a route that needs a body reports its missing fields.
 * PostgreSQL text cannot hold U+0000, so a body with one in any string is a 400 here rather than a
 * failed insert (a 500) later.
 */
export function registerJsonBody (app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain')
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (err, parsed) => {
      if (err) return done(err)
      // JSON can carry U+0000 only as the escape \u0000, so most bodies skip the walk.
      if (text.includes('\\u0000') && holdsNul(parsed)) {
        return done(Object.assign(new Error('A string in the request body contains the NUL character (\\u0000), which no field accepts.'), { statusCode: 400 }))
      }
      done(null, parsed)
    })
  })
}

function holdsNul (value: unknown): boolean {
  const stack = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true
        stack.push(item)
      }
    }
  }
  return false
}
