import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify, { type RouteOptions } from 'fastify'
import { Type } from 'typebox'
import { defineRoutes, route } from './define-routes.ts'

/** The options each route was registered with, as the app's onRoute hooks (auth, rate limit, metrics) see them. */
async function registered (plugin: ReturnType<typeof defineRoutes>): Promise<RouteOptions[]> {
  const app = Fastify()
  const seen: RouteOptions[] = []
  app.addHook('onRoute', (options) => { if (options.method !== 'HEAD') seen.push(options) })
  await app.register(plugin)
  await app.ready()
  await app.close()
  return seen
}

/** A route's schema as plain JSON (Fastify marks the objects it has visited). */
const json = (value: unknown) => JSON.parse(JSON.stringify(value))

describe('route tables', () => {
  it('when a row is for bearer callers, then it is not public and the API description asks for the bearer token', async () => {
    const [row] = await registered(defineRoutes({ tags: ['Cases'] }, [
      route({ method: 'GET', url: '/api/cases', access: 'bearer', schema: { operationId: 'listCases' }, handler: async () => [] }),
    ]))
    assert.equal(row?.config?.public, undefined)
    assert.deepEqual(json(row?.schema), { tags: ['Cases'], security: [{ bearerAuth: [] }], operationId: 'listCases' })
  })

  it('when a row is public, then its config says so (no token, no client rate limit) and the description asks for nothing', async () => {
    const [row] = await registered(defineRoutes({ tags: ['Authentication'] }, [
      route({ method: 'POST', url: '/api/authenticate', access: 'public', config: { errorShape: 'fields' }, schema: {}, handler: async () => ({}) }),
    ]))
    assert.deepEqual(row?.config, { errorShape: 'fields', public: true })
    assert.deepEqual(json(row?.schema), { tags: ['Authentication'], security: [] })
  })

  it('when a table has several rows, then they are registered in order, each with its own hooks and handler', async () => {
    const preHandler = async () => {}
    const rows = await registered(defineRoutes({}, [
      route({ method: 'POST', url: '/b', access: 'bearer', schema: { hide: true }, preHandler, handler: async () => 'b' }),
      route({ method: 'GET', url: '/a', access: 'bearer', schema: { hide: true }, handler: async () => 'a' }),
    ]))
    assert.deepEqual(rows.map((r) => `${r.method} ${r.url}`), ['POST /b', 'GET /a'])
    assert.deepEqual([rows[0]?.preHandler].flat(), [preHandler])
    assert.equal(rows[1]?.preHandler, undefined)
    assert.equal('tags' in (rows[1]?.schema ?? {}), false)
  })

  it('when a request arrives, then the schema validates it and the handler answers (typed from the schema)', async () => {
    const app = Fastify()
    await app.register(defineRoutes({ tags: ['Cases'] }, [
      route({
        method: 'GET', url: '/api/cases/:caseId', access: 'public',
        schema: { params: Type.Object({ caseId: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Object({ id: Type.Integer() }) } },
        handler: async (request) => ({ id: request.params.caseId }),
      }),
    ]))
    assert.deepEqual((await app.inject({ url: '/api/cases/17' })).json(), { id: 17 })
    assert.equal((await app.inject({ url: '/api/cases/0' })).statusCode, 400)
    await app.close()
  })
})
