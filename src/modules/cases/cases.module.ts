import { defineModule } from '../../infra/app-module.ts'
import { casesRoutes } from './cases.routes.ts'
import { Case } from './cases.schemas.ts'
import { type CasesService, createCasesService } from './cases.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { cases: CasesService }
}

/** Cases of an account; a new one is announced so its checks start with it. */
export const casesModule = defineModule({
  name: 'cases',
  schemas: [Case],
  create: ({ db, clock, events }) => createCasesService({ db, clock, events }),
  routes: (cases) => casesRoutes(cases),
})
