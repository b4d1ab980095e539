export { accountsModule } from './accounts.module.ts'
export type { AccountsService } from './accounts.service.ts'
export { AccountCommandError } from './accounts.errors.ts'
export { ServiceEntry, Account, AccountWithCredentials, CredentialsReset } from './accounts.schemas.ts'
