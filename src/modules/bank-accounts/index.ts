export { bankAccountsModule } from './bank-accounts.module.ts'
export type { BankAccountsService } from './bank-accounts.service.ts'
export type { NewBankAccount } from './bank-accounts.repository.ts'
export { BankAccount, DuplicateBankAccountBody } from './bank-accounts.schemas.ts'
/** An active bank account and its lock, as the BAV check reads and records it. */
export { findActive as findActiveBankAccount, lockActive as lockActiveBankAccount } from './bank-accounts.repository.ts'
