export { bankAccountsRoutes } from './bank-accounts.routes.ts'
export { createBankAccountsService } from './bank-accounts.service.ts'
export type { BankAccountsService } from './bank-accounts.service.ts'
export type { NewBankAccount } from './bank-accounts.repository.ts'
export { BankAccount, BankAccountParams, DuplicateBankAccountBody } from './bank-accounts.schemas.ts'
export { findActive as findActiveBankAccount, lockActive as lockActiveBankAccount } from './bank-accounts.repository.ts'

import { BankAccount, DuplicateBankAccountBody } from './bank-accounts.schemas.ts'
/** Schemas other routes and the API description refer to by $id. */
export const bankAccountsSchemas = [BankAccount, DuplicateBankAccountBody]
