import type { Caller } from '#shared/caller.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check for every route that is not public; null only on public routes. */
    caller: Caller | null
  }
}

/** The caller of an authenticated route (the bearer check guarantees it). */
export function callerOf (request: { caller: Caller | null }): Caller {
  if (!request.caller) throw new Error('route is public: no caller')
  return request.caller
}
