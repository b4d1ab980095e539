import { ValidationFailed } from '../../infra/http/api-error.ts'
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
