export { pingRoutes } from './ping.routes.ts'
