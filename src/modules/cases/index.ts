export { casesRoutes } from './cases.routes.ts'
export { createCasesService } from './cases.service.ts'
export type { CasesService } from './cases.service.ts'
export { Case, CaseParams } from './cases.schemas.ts'

import { Case } from './cases.schemas.ts'
/** Schemas other routes and the API description refer to by $id. */
export const casesSchemas = [Case]
