import { JsonStringError, Problem } from '../../infra/http/api-error.ts'

export class InvalidServiceId extends JsonStringError {
  constructor () { super(400, 'Invalid service ID') }
}

export class NameInUse extends JsonStringError {
  constructor () { super(409, 'Name is in use by another account') }
}

export class NotAReseller extends Problem {
  constructor () { super(403, { title: 'Insufficient Permissions', detail: 'Only resellers can create accounts' }) }
}

/** CLI-side failures, printed to the operator; never reach HTTP. */
export class AccountCommandError extends Error {}
