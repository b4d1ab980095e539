import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthService } from './auth.service.ts'
import '../../infra/http/route-config.ts'
import '../../infra/http/request-caller.ts'

/**
 * Every route but the public ones requires `Authorization: Bearer` (the API contract). The check is
 * attached to each protected route when it is registered, so requests pay no per-request lookup of
 * route options.
 */
export const bearerAuth = fp(async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
  app.decorateRequest('caller', null)
  const authenticate = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const caller = auth.callerFor(request.headers.authorization)
      if (caller instanceof Promise) {
        caller.then((c) => { request.caller = c; done() }, done)
      } else {
        request.caller = caller
        done()
      }
    } catch (err) {
      done(err as Error)
    }
  }
  app.addHook('onRoute', (route) => {
    if (route.config?.public) return
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]
    route.onRequest = [authenticate, ...own] as typeof route.onRequest
  })
}, { name: 'bearer-auth' })

