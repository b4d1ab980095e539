import type { FastifyInstance } from 'fastify'
import { ValidationFailed } from './api-error.ts'

export const SUPPORTED_VERSIONS = ['1.0'] as const
const ACCEPTED = new Map<string, string>([['1.0', '1.0'], ['1', '1.0']])

/** docs/decisions.md, Versioning: api-version absent = latest; an unknown value is a 400, never ignored. */
export function registerApiVersion (app: FastifyInstance): void {
  const supported = SUPPORTED_VERSIONS.join(', ')
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.header('api-supported-versions', supported)
    const requested = (request.query as Record<string, unknown> | undefined)?.['api-version']
    if (requested === undefined) return done()
    const value = Array.isArray(requested) ? requested.join(',') : String(requested)
    if (!ACCEPTED.has(value)) return done(new ValidationFailed([`Unsupported api-version '${value}'. Supported: ${supported}`]))
    done()
  })
}
