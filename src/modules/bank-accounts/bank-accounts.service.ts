import type { Database, Queryable } from '../../infra/db/database.ts'
import { foreignKeyViolation, uniqueViolation } from '../../infra/db/database.ts'
import { NotFound } from '../../infra/http/api-error.ts'
import type { Caller } from '#shared/caller.ts'
import type { TransactionEvents } from '../../infra/events/transaction-events.ts'
import type { DomainEvents } from '#shared/domain-events.ts'
import type { CasesService } from '../cases/index.ts'
import { DuplicateBankAccount } from './bank-accounts.errors.ts'
import * as repo from './bank-accounts.repository.ts'
import type { CreateBankAccountBody } from './bank-accounts.schemas.ts'

const MAX_CREATE_ATTEMPTS = 5

export type BankAccountsService = ReturnType<typeof createBankAccountsService>

export interface BankAccountsDeps {
  db: Database
  cases: CasesService
  /** Told of each new bank account in its own transaction (BAV's trigger). */
  events: TransactionEvents<DomainEvents>
  /** Each bank account's BAV history and latest attempt (JSON text), by id, in one read (bav module). */
  bavHistories: (q: Queryable, bankAccountIds: readonly number[]) => Promise<Map<number, { latest: string, history: string }>>
}

export function createBankAccountsService ({ db, cases, events, bavHistories }: BankAccountsDeps) {
  const added = (tx: Queryable, accountId: number, caseId: number, id: number) =>
    events.emit(tx, 'subject.added', { subjectType: 'bankAccount', subjectId: id, accountId, caseId })

  return {
    /** Insert and (when BAV is on) its BAV check in one transaction; the unique index settles duplicates and races. */
    async create (caller: Caller, caseId: number, body: CreateBankAccountBody): Promise<number> {
      const input: repo.NewBankAccount = {
        caseId,
        accountId: caller.accountId,
        countryCode: body.countryCode.toUpperCase(),
        firstName: body.firstName.trim(),
        middleNames: body.middleNames?.trim() || null,
        lastName: body.lastName.trim(),
        sortCode: body.sortCode,
        accountNumber: body.accountNumber,
        bankName: body.bankName?.trim() || null,
      }
      // A duplicate deleted between the failed insert and its lookup frees the pair: insert again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const id = await repo.insert(tx, input)
            await added(tx, caller.accountId, caseId, id)
            return id
          })
        } catch (err) {
          // The schema says a bank account's case is of its own account: a stranger's case, or none, is a 404.
          if (foreignKeyViolation(err) === 'bank_accounts_case_owner_fkey') throw new NotFound()
          if (uniqueViolation(err) !== 'bank_accounts_active_key') throw err
          const duplicateId = await repo.findActiveDuplicate(db, caseId, input.sortCode, input.accountNumber)
          if (duplicateId !== undefined) throw new DuplicateBankAccount(duplicateId)
          if (attempt === MAX_CREATE_ATTEMPTS) throw err
        }
      }
    },

    /**
     * The list as JSON text, in two reads however many bank accounts and attempts (the accounts,
     * then their BAV histories): each account's fields, then latestBavAttempt and bavAttemptHistory.
     */
    async listActiveJson (caller: Caller, caseId: number): Promise<string> {
      const accounts = await repo.listActiveJson(db, caller.accountId, caseId)
      if (accounts.length === 0) {
        await cases.assertOwned(db, caller, caseId) // an empty list, or not the caller's case (404)
        return '[]'
      }
      const histories = await bavHistories(db, accounts.map((a) => a.id))
      const items = accounts.map(({ id, json }) => {
        const bav = histories.get(id)
        return `${json.slice(0, -1)},"latestBavAttempt":${bav?.latest ?? 'null'},"bavAttemptHistory":${bav?.history ?? '[]'}}`
      })
      return `[${items.join(',')}]`
    },

    /**
     * A bank account read from a document, in the caller's transaction (the extraction's result),
     * with its BAV check like any other; details already active on the case make nothing.
     */
    async createFromDocument (tx: Queryable, input: repo.NewBankAccount & { documentId: number }): Promise<{ created: boolean, id: number }> {
      const id = await repo.insertFromDocument(tx, input)
      if (id !== undefined) {
        await added(tx, input.accountId, input.caseId, id)
        return { created: true, id }
      }
      return { created: false, id: (await repo.findActiveDuplicate(tx, input.caseId, input.sortCode, input.accountNumber))! }
    },

    async softDelete (caller: Caller, caseId: number, id: number): Promise<void> {
      if (!await repo.softDelete(db, caller.accountId, caseId, id)) throw new NotFound()
    },
  }
}
