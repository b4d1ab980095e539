import { defineModule } from '../../infra/app-module.ts'
import { backOfficeRoutes } from './back-office.routes.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { backOffice: null }
}

/** The back office's browser app at /app, talking to the public API. */
export const backOfficeModule = defineModule({ name: 'backOffice', create: () => null, routes: () => backOfficeRoutes() })
