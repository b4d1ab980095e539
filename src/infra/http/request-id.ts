import { randomUUID } from 'node:crypto'

/** A client's own x-request-id is kept only when it looks like an id, since it is echoed and written to every log line. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Fastify's genReqId: the client's x-request-id when it is a plausible id, otherwise a random UUID.
 * Fastify's own requestIdHeader would echo whatever the client sends, however long, line breaks included.
 */
export function requestIdOf (request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && CLIENT_ID.test(given) ? given : randomUUID()
}
