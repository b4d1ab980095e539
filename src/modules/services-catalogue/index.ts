export { createServicesCatalogue } from './services-catalogue.service.ts'
export type { ServicesCatalogue, ServiceEntry } from './services-catalogue.service.ts'
export { servicesCatalogueRoutes } from './services-catalogue.routes.ts'
