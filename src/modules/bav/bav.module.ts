import { defineModule } from '../../infra/app-module.ts'
import * as repo from './bav.repository.ts'
import { bavRoutes } from './bav.routes.ts'
import { BavAttempt, BavCheckAccepted } from './bav.schemas.ts'
import { createBavService } from './bav.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { bav: { historiesOf: typeof repo.historiesOf } }
}

/**
 * BAV's own view beside its check type: each bank account's attempt history (read by the
 * bank-accounts list) and the contract's bav-checks route, a BAV check through the pipeline.
 */
export const bavModule = defineModule({
  name: 'bav',
  schemas: [BavAttempt, BavCheckAccepted],
  create: () => ({ historiesOf: repo.historiesOf }),
  // Routes are registered once every module is made, so the checks pipeline is there.
  routes: (_bav, ctx) => bavRoutes(createBavService({ checks: ctx.use('checks') })),
})
