import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiVersionQuery, versionError } from '#shared/schemas.ts'
import type { Queryable } from '../db/database.ts'
import './route-config.ts'

const Status = Type.Object({ status: Type.String({ description: 'ok, or what is wrong' }) }, { $id: 'HealthStatus' })

/** Liveness says the process answers; readiness says it can reach its database. */
export function registerHealth (app: FastifyInstance, db: Queryable): void {
  app.addSchema(Status)
  const opts = (operationId: string, summary: string, description: string) => ({
    config: { public: true },
    schema: {
      tags: ['Health'], operationId, summary, description, hide: false, security: [], querystring: ApiVersionQuery,
      response: {
        200: Type.Ref('HealthStatus', { description: 'Healthy', examples: [{ status: 'ok' }] }),
        ...versionError,
        503: Type.Ref('HealthStatus', { description: 'Not ready; Retry-After says when to look again', examples: [{ status: 'database unreachable' }] }),
      },
    },
  })
  app.get('/health/live', opts('getLiveness', 'Liveness probe', 'Answers 200 while the process can serve HTTP. No token needed; not rate limited.'), async () => ({ status: 'ok' }))
  app.get('/health/ready', opts('getReadiness', 'Readiness probe: the database answers', 'Answers 200 when the database answers, else 503. No token needed; not rate limited.'), async (_request, reply) => {
    try {
      await db.query('SELECT 1')
      return { status: 'ok' }
    } catch {
      return reply.code(503).header('retry-after', '2').send({ status: 'database unreachable' })
    }
  })
}
