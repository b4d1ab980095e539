import type { Database, Queryable } from '../../infra/db/database.ts'
import { NotFound, ValidationFailed } from '../../infra/http/api-error.ts'
import type { TransactionEvents } from '../../infra/events/transaction-events.ts'
import type { Caller } from '#shared/caller.ts'
import type { Clock } from '#shared/clock.ts'
import type { DomainEvents } from '#shared/domain-events.ts'
import * as repo from './cases.repository.ts'
import type { CaseView, CreateCaseBody } from './cases.schemas.ts'

export type CasesService = ReturnType<typeof createCasesService>

export interface CasesDeps {
  db: Database
  clock: Clock
  /** Told of each new case in its own transaction (AML's trigger), so the case and what it starts commit together. */
  events: TransactionEvents<DomainEvents>
}

export function createCasesService ({ db, clock, events }: CasesDeps) {
  return {
    async create (caller: Caller, body: CreateCaseBody): Promise<CaseView> {
      const input = normalise(body)
      const problems = body.type === 'Person' ? personProblems(input, clock.now()) : businessProblems(input)
      if (problems.length > 0) throw new ValidationFailed(problems)
      return db.transaction(async (tx) => {
        const created = await repo.insert(tx, caller.accountId, input)
        await events.emit(tx, 'subject.added', { subjectType: 'case', subjectId: created.id, accountId: caller.accountId, caseId: created.id, caseType: created.type })
        return created
      })
    },

    /** A case and its owner, for a check whose subject is the case. */
    findForCheck: (q: Queryable, id: number) => repo.findWithOwner(q, id),
    lockForCheck: (tx: Queryable, id: number) => repo.lock(tx, id),
    /** Cases after `afterId`, in id order, with their owners: a re-screen's batch. */
    pageForChecks: (q: Queryable, afterId: number, limit: number) => repo.pageWithOwner(q, afterId, limit),

    async get (caller: Caller, id: number): Promise<CaseView> {
      const found = await repo.findOwned(db, caller.accountId, id)
      if (!found) throw new NotFound()
      return found
    },

    /** One page, newest first; hasMore says whether an older page exists (so Link rel="next" never leads to an empty page). */
    async list (caller: Caller, limit: number, before: number | null, urn: string | null = null): Promise<{ cases: CaseView[], hasMore: boolean }> {
      const rows = await repo.listOwned(db, caller.accountId, limit + 1, before, urn === null ? null : urn.trim())
      return { cases: rows.slice(0, limit), hasMore: rows.length > limit }
    },

    /** For modules that attach things to a case, in their transaction: its type (Person, Business), or 404 (never 403) when it is not the caller's. */
    async typeOfOwned (q: Queryable, accountId: number, caseId: number): Promise<string> {
      const type = await repo.typeOfOwned(q, accountId, caseId)
      if (type === undefined) throw new NotFound()
      return type
    },

    /** For modules that attach things to a case: 404 (never 403) when it is not the caller's. */
    async assertOwned (q: Queryable, caller: Caller, caseId: number): Promise<void> {
      if (!await repo.isOwned(q, caller.accountId, caseId)) throw new NotFound()
    },
  }
}

function normalise (b: CreateCaseBody): repo.NewCase {
  return {
    urn: b.urn.trim(),
    type: b.type,
    givenNames: b.givenNames?.trim() ?? null,
    surname: b.surname?.trim() ?? null,
    dobDay: b.dobDay ?? null,
    dobMonth: b.dobMonth ?? null,
    dobYear: b.dobYear ?? null,
    addressLine1: b.addressLine1?.trim() ?? null,
    addressPostcode: b.addressPostcode?.trim() ?? null,
    addressCountryCode2: b.addressCountryCode2?.toUpperCase() ?? null,
    entityName: b.entityName?.trim() ?? null,
    entityRegistrationNumber: b.entityRegistrationNumber?.trim() ?? null,
  }
}

function personProblems (c: repo.NewCase, now: number): string[] {
  const problems: string[] = []
  if (!c.givenNames) problems.push('The givenNames field is required for a Person case.')
  if (!c.surname) problems.push('The surname field is required for a Person case.')
  const missing = (['dobDay', 'dobMonth', 'dobYear'] as const).filter((f) => c[f] === null)
  for (const field of missing) problems.push(`The ${field} field is required for a Person case.`)
  if (missing.length === 0) problems.push(...dateOfBirthProblems(c.dobDay!, c.dobMonth!, c.dobYear!, now))
  return problems
}

function dateOfBirthProblems (day: number, month: number, year: number, now: number): string[] {
  const date = new Date(Date.UTC(year, month - 1, day))
  const text = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return [`The date of birth ${text} (dobDay/dobMonth/dobYear) is not a real date.`]
  }
  if (date.getTime() > now) return [`The date of birth ${text} (dobDay/dobMonth/dobYear) is in the future.`]
  if (year < 1900) return [`The date of birth ${text} (dobDay/dobMonth/dobYear) is before 1900.`]
  return []
}

function businessProblems (c: repo.NewCase): string[] {
  return c.entityName ? [] : ['The entityName field is required for a Business case.']
}
