import { defineModule } from '../../infra/app-module.ts'
import { servicesCatalogueRoutes } from './services-catalogue.routes.ts'
import { createServicesCatalogue, type ServicesCatalogue } from './services-catalogue.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { catalogue: ServicesCatalogue }
}

/** The services sold: one per registered check type, offered here when its check type has a provider ('Sandbox' in the sandbox). */
export const servicesCatalogueModule = defineModule({
  name: 'catalogue',
  create: ({ db, config, use }) => createServicesCatalogue(db, {
    environment: config.environment,
    services: use('checkTypes').map((type) => ({ ...type.service, provider: type.provider?.name ?? null })),
  }),
  routes: (catalogue, { db }) => servicesCatalogueRoutes(catalogue, db),
})
