import { Problem, Unauthorized } from '../../infra/http/api-error.ts'

export class InvalidClientCredentials extends Unauthorized {
  constructor () { super('The clientId or clientSecret is not valid.') }
}

export class TooManyFailedAuthentications extends Problem {
  constructor (retryAfterSeconds: number) {
    super(429, { title: 'Too Many Requests', detail: `Too many failed authentication attempts from this address; retry after ${retryAfterSeconds} seconds.` },
      { 'retry-after': String(retryAfterSeconds) })
  }
}
