import { ApiError } from '../../infra/http/api-error.ts'

/** 409 in the common {"errors": [...]} shape: the account must delete an endpoint first. */
export class TooManyEndpoints extends ApiError {
  constructor (limit: number) {
    super(409, { errors: [`An account can have at most ${limit} webhook endpoints; delete one first.`] })
  }
}
