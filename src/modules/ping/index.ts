import { defineModule } from '../../infra/app-module.ts'
import { pingRoutes } from './ping.routes.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { ping: null }
}

/** GET /api/ping: the cheapest authenticated request. */
export const pingModule = defineModule({ name: 'ping', create: () => null, routes: () => pingRoutes })
