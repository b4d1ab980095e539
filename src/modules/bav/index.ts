export { bavRoutes } from './bav.routes.ts'
export { createBavService } from './bav.service.ts'
export type { BavService } from './bav.service.ts'
export { bavCheckType, bavQueue } from './bav.check-type.ts'
export { BavAttempt, BavCheckAccepted } from './bav.schemas.ts'
export { bavProviderFor } from './bav-providers.ts'
export { checkModulus } from './modulus-check.ts'
export type { BavProvider, BavResult, BavSubject } from './bav-provider.ts'

import { BavAttempt, BavCheckAccepted } from './bav.schemas.ts'
/** Schemas other routes and the API description refer to by $id (BavCheckResult comes with the check type). */
export const bavSchemas = [BavAttempt, BavCheckAccepted]
