import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { Queryable } from '../db/database.ts'
import './route-config.ts'

const Status = Type.Object({ status: Type.String() }, { $id: 'HealthStatus' })

/** Liveness says the process answers; readiness says it can reach its database. */
export function registerHealth (app: FastifyInstance, db: Queryable): void {
  const opts = (summary: string) => ({
    config: { public: true, rateLimit: false },
    schema: { tags: ['Health'], summary, hide: false, response: { 200: Status, 503: Status } },
  })
  app.get('/health/live', opts('Liveness probe'), async () => ({ status: 'ok' }))
  app.get('/health/ready', opts('Readiness probe: the database answers'), async (_request, reply) => {
    try {
      await db.query('SELECT 1')
      return { status: 'ok' }
    } catch {
      return reply.code(503).header('retry-after', '2').send({ status: 'database unreachable' })
    }
  })
}
