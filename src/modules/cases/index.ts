export { casesRoutes } from './cases.routes.ts'
export { createCasesService } from './cases.service.ts'
export type { CasesService } from './cases.service.ts'
export { Case, CaseParams } from './cases.schemas.ts'
