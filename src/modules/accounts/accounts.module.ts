import { defineModule } from '../../infra/app-module.ts'
import { accountsRoutes } from './accounts.routes.ts'
import { Account, AccountWithCredentials, CredentialsReset, ServiceEntry } from './accounts.schemas.ts'
import { type AccountsService, createAccountsService } from './accounts.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { accounts: AccountsService }
}

/** Reseller sub-accounts, their enabled services and their credentials. */
export const accountsModule = defineModule({
  name: 'accounts',
  schemas: [ServiceEntry, Account, AccountWithCredentials, CredentialsReset],
  create: ({ db, use }) => createAccountsService({ db, catalogue: use('catalogue') }),
  routes: (accounts) => accountsRoutes(accounts),
})
