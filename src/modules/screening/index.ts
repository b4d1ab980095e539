export { createScreeningService, type ScreeningService } from './screening.service.ts'
export { screeningRoutes } from './screening.routes.ts'
export { AML_QUEUE, amlCheckType } from './aml-check.ts'
export { createScoringSandbox, type ScoringSandbox } from './scoring-sandbox.ts'
export { ensureSandboxList } from './sandbox-list.ts'
export { hasLists } from './screening.repository.ts'
export { DEFAULT_SOURCE, type ImportProgress } from './list-import.ts'
export { ListFormatError, type ListFormat } from './lists/index.ts'
export { createRescreenJob, RESCREEN_JOB, rescreenQueues, startRescreen } from './rescreen.ts'

import { HitDecision } from './screening.schemas.ts'
/** Schemas the API description refers to by $id. */
export const screeningSchemas = [HitDecision]
