import type { FastifyInstance } from 'fastify'
import { ValidationFailed } from './api-error.ts'

export const SUPPORTED_VERSIONS = ['1.0'] as const
const ACCEPTED = new Map<string, string>([['1.0', '1.0'], ['1', '1.0']])

/** DESIGN.md, Versioning: api-version absent = latest; an unknown value is a 400, never ignored. */
export function registerApiVersion (app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('api-supported-versions', SUPPORTED_VERSIONS.join(', '))
    const requested = (request.query as Record<string, unknown> | undefined)?.['api-version']
    if (requested === undefined) return
    const value = Array.isArray(requested) ? requested.join(',') : String(requested)
    if (!ACCEPTED.has(value)) {
      throw new ValidationFailed([`Unsupported api-version '${value}'. Supported: ${SUPPORTED_VERSIONS.join(', ')}`])
    }
  })
}
