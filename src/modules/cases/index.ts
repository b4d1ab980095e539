export { casesModule } from './cases.module.ts'
export type { CasesService } from './cases.service.ts'
export { Case } from './cases.schemas.ts'
