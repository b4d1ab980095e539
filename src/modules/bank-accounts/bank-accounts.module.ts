import { defineModule } from '../../infra/app-module.ts'
import { bankAccountsRoutes } from './bank-accounts.routes.ts'
import { BankAccount, DuplicateBankAccountBody } from './bank-accounts.schemas.ts'
import { type BankAccountsService, createBankAccountsService } from './bank-accounts.service.ts'

declare module '../../infra/app-module.ts' {
  interface ServiceMap { bankAccounts: BankAccountsService }
}

/** Bank accounts of a case; a new one is announced so its BAV starts with it. */
export const bankAccountsModule = defineModule({
  name: 'bankAccounts',
  schemas: [BankAccount, DuplicateBankAccountBody],
  create: ({ db, events, use }) => createBankAccountsService({ db, events, cases: use('cases'), bavHistories: use('bav').historiesOf }),
  routes: (bankAccounts) => bankAccountsRoutes(bankAccounts),
})
