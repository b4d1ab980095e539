export { bavRoutes } from './bav.routes.ts'
export { createBavService, bavQueues, BAV_CHECK_JOB } from './bav.service.ts'
export type { BavService, BankAccountForCheck } from './bav.service.ts'
export { BavAttempt, BavCheckAccepted } from './bav.schemas.ts'
export { bavProviderFor } from './bav-providers.ts'
export type { BavProvider } from './bav-provider.ts'

import { BavAttempt, BavCheckAccepted } from './bav.schemas.ts'
import { BAV_CHECK_JOB, type BavService } from './bav.service.ts'
/** Schemas other routes and the API description refer to by $id. */
export const bavSchemas = [BavAttempt, BavCheckAccepted]
/** The module's background work, for the workers. */
export const bavJobs = (bav: BavService) => [{ name: BAV_CHECK_JOB, run: (job: Parameters<BavService['runCheck']>[0]) => bav.runCheck(job), concurrency: 4 }]
