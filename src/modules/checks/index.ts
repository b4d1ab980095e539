export { checksRoutes } from './checks.routes.ts'
export { checkQueues, checkView, createChecksService } from './checks.service.ts'
export type { CheckJob, ChecksService } from './checks.service.ts'
export { CheckAlreadyPending, CheckServiceNotEnabled, CheckSubjectNotFound, TooManyChecks } from './checks.errors.ts'
export type { Need } from './checks-admission.ts'
export { checkAdmissionResponses } from './checks.routes.ts'
export { CheckCannotComplete, defineCheckType, ProviderUnavailable, SERVICE_OF } from './check-type.ts'
export type { CheckProvider, CheckRecord, CheckType, CheckTypeName, ProviderAnswer, Subject } from './check-type.ts'
export { RISK_RATINGS, riskRatingOf } from './risk-rating.ts'
export type { RiskRating, RiskRatingId, RiskRatingName } from './risk-rating.ts'

import type { CheckType } from './check-type.ts'
import { checkSchema, PendingCheckBody } from './checks.schemas.ts'
/** Schemas other routes and the API description refer to by $id: Check, and each type's result. */
export const checksSchemas = (types: readonly CheckType<any, any>[]) => [...types.map((t) => t.resultSchema), checkSchema(types.map((t) => t.resultSchema)), PendingCheckBody]
