import { ApiError, Problem, ValidationFailed } from '../../infra/http/api-error.ts'
import type { CheckTypeName } from './check-type.ts'

/** 400 on the checks resource; the BAV route answers its own contract's 403 instead. */
export class CheckServiceNotEnabled extends ValidationFailed {
  readonly checkType: CheckTypeName
  readonly reason: string | null
  constructor (checkType: CheckTypeName, reason: string | null) {
    super([`The ${checkType} service is not enabled on this account.${reason ? ` ${reason}` : ''}`])
    this.checkType = checkType
    this.reason = reason
  }
}

/** The subject the body names is not an active one of this case (or not the caller's: the same answer). */
export class CheckSubjectNotFound extends ValidationFailed {
  constructor (field: string, id: number) {
    super([`The ${field} field names no active ${field === 'bankAccountId' ? 'bank account' : 'document'} of this case: ${id}.`])
  }
}

/** 409: a check of this type on this subject is pending already; its result will answer this request too. */
export class CheckAlreadyPending extends ApiError {
  readonly pendingCheckId: number
  constructor (pendingCheckId: number) {
    super(409, { pendingCheckId })
    this.pendingCheckId = pendingCheckId
  }
}

/** 429 in the rate limiter's shape: the account is past one of its check admission limits (docs/checks.md). */
export class TooManyChecks extends Problem {
  constructor (detail: string, retryAfterSeconds: number) {
    super(429, { title: 'Too Many Requests', detail }, { 'retry-after': String(retryAfterSeconds) })
  }
}
