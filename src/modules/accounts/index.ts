export { accountsRoutes } from './accounts.routes.ts'
export { createAccountsService } from './accounts.service.ts'
export type { AccountsService } from './accounts.service.ts'
export { AccountCommandError } from './accounts.errors.ts'
export { ServiceEntry, Account, AccountWithCredentials, CredentialsReset } from './accounts.schemas.ts'

import { Account, AccountWithCredentials, CredentialsReset, ServiceEntry } from './accounts.schemas.ts'
/** Schemas other routes and the API description refer to by $id. */
export const accountsSchemas = [ServiceEntry, Account, AccountWithCredentials, CredentialsReset]
