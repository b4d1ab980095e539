export { servicesCatalogueModule } from './services-catalogue.module.ts'
export type { ServicesCatalogue, ServiceEntry } from './services-catalogue.service.ts'
