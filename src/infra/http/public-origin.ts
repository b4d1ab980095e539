import type { FastifyInstance } from 'fastify'

/**
 * The origin that documents (OpenAPI servers, the Postman baseUrl) tell clients to call: the
 * configured PUBLIC_BASE_URL, else the address this process listens on. Never the request's Host
 * header, which any client can set to send the next reader of the document elsewhere.
 */
export function publicOrigin (app: FastifyInstance, publicBaseUrl: string | null, listen: { host: string, port: number }): () => string {
  if (publicBaseUrl) return () => publicBaseUrl
  return () => {
    const bound = app.server.address()
    const host = typeof bound === 'object' && bound ? bound.address : listen.host
    const port = typeof bound === 'object' && bound ? bound.port : listen.port
    // A wildcard address is not one a client can call; this machine's loopback is.
    const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
    return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
  }
}
