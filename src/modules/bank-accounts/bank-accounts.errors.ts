import { ApiError } from '../../infra/http/api-error.ts'

export class DuplicateBankAccount extends ApiError {
  constructor (duplicateId: number) { super(409, { duplicateId }) }
}
