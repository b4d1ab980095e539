import type { Database, Queryable } from '../../infra/db/database.ts'
import { uniqueViolation } from '../../infra/db/database.ts'
import { NotFound, ValidationFailed } from '../../infra/http/api-error.ts'
import { hasVisibleCharacter, normalisedName } from '#shared/names.ts'
import { generateClientId, generateClientSecret, hashSecret } from '../../infra/security/secrets.ts'
import type { Caller } from '#shared/caller.ts'
import type { ServiceEntry, ServicesCatalogue } from '../services-catalogue/index.ts'
import { AccountCommandError, InvalidServiceId, NameInUse, NotAReseller } from './accounts.errors.ts'
import * as repo from './accounts.repository.ts'
import { REDACTED, securityWarnings } from './accounts.warnings.ts'

export interface AccountView { id: number, name: string, enabledServices: ServiceEntry[] }
export interface AccountWithCredentials {
  account: AccountView
  credentials: { clientId: string, clientSecret: string }
  securityWarning: string
}
export interface CredentialsReset { clientId: string, clientSecret: string, securityWarning: string }

export interface CreateAccountInput { name: string, enabledServices?: number[] | null, externalReference?: string | null }
export interface UpdateAccountInput { name?: string | null, enabledServices?: number[] | null }

export interface AccountsDeps {
  db: Database
  catalogue: ServicesCatalogue
}

export type AccountsService = ReturnType<typeof createAccountsService>

/** NFC and trimmed, so one name has one form; a name of only invisible characters is refused. */
function checkedName (raw: string): string {
  const name = normalisedName(raw)
  if (!hasVisibleCharacter(name)) throw new ValidationFailed(['The name field must contain a visible character.'])
  return name
}

export function createAccountsService ({ db, catalogue }: AccountsDeps) {
  // Whoever checks tokens subscribes, to hear at once that an account's credentials or limits changed.
  const authListeners: ((accountId: number) => void)[] = []
  const onAuthChanged = (accountId: number) => { for (const listener of authListeners) listener(accountId) }
  const view = async (q: Queryable, rows: repo.AccountRow[]): Promise<AccountView[]> => {
    const enabled = await catalogue.enabledFor(q, rows.map((r) => r.id))
    return rows.map((r) => ({ id: r.id, name: r.name, enabledServices: enabled.get(r.id) ?? [] }))
  }
  const withMaskedSecret = async (row: repo.AccountRow, warning: string): Promise<AccountWithCredentials> => ({
    account: (await view(db, [row]))[0]!,
    credentials: { clientId: row.clientId, clientSecret: REDACTED },
    securityWarning: warning,
  })
  const resellable = (caller: Caller) => catalogue.enabledFor(db, [caller.accountId]).then((m) => m.get(caller.accountId) ?? [])

  /** Inserts the account and its services; the database's unique indexes decide every race. */
  const insertAccount = async (input: repo.NewAccount, serviceIds: number[]) =>
    db.transaction(async (tx) => {
      const row = await repo.insert(tx, input)
      await catalogue.replaceEnabled(tx, row.id, serviceIds)
      return row
    })

  return {
    /** Operator onboarding (CLI): the only way a reseller comes to exist. */
    async createReseller ({ name: rawName, serviceIds }: { name: string, serviceIds: number[] | 'all' }) {
      const name = normalisedName(rawName)
      if (!hasVisibleCharacter(name)) throw new AccountCommandError('the name must contain a visible character')
      const ids = serviceIds === 'all' ? catalogue.offered().map((s) => s.serviceId) : serviceIds
      const unknown = catalogue.unknownIds(ids)
      if (unknown.length > 0) throw new AccountCommandError(`unknown service id(s): ${unknown.join(', ')} (see: idcheck services list)`)
      const clientSecret = generateClientSecret()
      try {
        const row = await insertAccount({
          name, isReseller: true, parentAccountId: null, externalReference: null, clientId: generateClientId(), clientSecretHash: hashSecret(clientSecret),
        }, ids)
        return { id: row.id, name: row.name, clientId: row.clientId, clientSecret }
      } catch (err) {
        if (uniqueViolation(err) === 'accounts_name_key') throw new AccountCommandError(`the name "${name}" is in use by another account`)
        throw err
      }
    },

    async createSubAccount (caller: Caller, input: CreateAccountInput): Promise<{ created: boolean, result: AccountWithCredentials }> {
      if (!caller.isReseller) throw new NotAReseller()
      const name = checkedName(input.name)
      const externalReference = input.externalReference ?? null
      const existing = async () => externalReference === null
        ? undefined
        : repo.findByExternalReference(db, caller.accountId, externalReference)

      // A known externalReference answers with the existing account whatever the rest of the body
      // says (the API contract, rule 2), so a retry gets 200 even if its services are no longer resellable.
      const before = await existing()
      if (before) return { created: false, result: await withMaskedSecret(before, securityWarnings.alreadyExists(before.id)) }

      const serviceIds = input.enabledServices ?? []
      if (catalogue.unknownIds(serviceIds, await resellable(caller)).length > 0) throw new InvalidServiceId()

      const clientSecret = generateClientSecret()
      try {
        const row = await insertAccount({
          name, isReseller: false, parentAccountId: caller.accountId, externalReference, clientId: generateClientId(), clientSecretHash: hashSecret(clientSecret),
        }, serviceIds)
        return {
          created: true,
          result: { account: (await view(db, [row]))[0]!, credentials: { clientId: row.clientId, clientSecret }, securityWarning: securityWarnings.created(row.id) },
        }
      } catch (err) {
        const constraint = uniqueViolation(err)
        if (constraint === null) throw err
        // A concurrent create with the same externalReference won: answer as for a retry.
        const winner = await existing()
        if (winner) return { created: false, result: await withMaskedSecret(winner, securityWarnings.alreadyExists(winner.id)) }
        if (constraint === 'accounts_name_key') throw new NameInUse()
        throw err
      }
    },

    async list (caller: Caller): Promise<AccountView[]> {
      return view(db, await repo.listOwned(db, caller.accountId))
    },

    async get (caller: Caller, id: number): Promise<AccountWithCredentials> {
      const row = await repo.findOwned(db, caller.accountId, id)
      if (!row) throw new NotFound()
      return withMaskedSecret(row, securityWarnings.masked(row.id))
    },

    async update (caller: Caller, id: number, input: UpdateAccountInput): Promise<void> {
      const row = await repo.findOwned(db, caller.accountId, id)
      if (!row) throw new NotFound()
      const name = input.name == null ? null : checkedName(input.name)
      const serviceIds = input.enabledServices
      if (serviceIds != null && catalogue.unknownIds(serviceIds, await resellable(caller)).length > 0) throw new InvalidServiceId()
      try {
        await db.transaction(async (tx) => {
          if (name !== null && name !== row.name) await repo.rename(tx, id, name)
          if (serviceIds != null) await catalogue.replaceEnabled(tx, id, serviceIds)
        })
      } catch (err) {
        if (uniqueViolation(err) === 'accounts_name_key') throw new NameInUse()
        throw err
      }
    },

    async resetCredentials (caller: Caller, id: number): Promise<CredentialsReset> {
      const clientSecret = generateClientSecret()
      const row = await repo.replaceSecret(db, id, caller.accountId, hashSecret(clientSecret))
      if (!row) throw new NotFound()
      onAuthChanged(row.id)
      return { clientId: row.clientId, clientSecret, securityWarning: securityWarnings.reset() }
    },

    /** Operator rotation of any account's secret (CLI), resellers included: as the API's reset, old tokens die with it. */
    async resetCredentialsByOperator (id: number): Promise<{ id: number, clientId: string, clientSecret: string }> {
      const clientSecret = generateClientSecret()
      const row = await repo.replaceSecretOfAny(db, id, hashSecret(clientSecret))
      if (!row) throw new AccountCommandError(`account ${id} does not exist`)
      onAuthChanged(row.id)
      return { id: row.id, clientId: row.clientId, clientSecret }
    },

    async setRateLimit (id: number, perSecond: number | null): Promise<void> {
      if (!await repo.setRateLimit(db, id, perSecond)) throw new AccountCommandError(`no account with id ${id}`)
      onAuthChanged(id)
    },

    /** Calls `listener` with the account's id whenever its credentials or limits change in this process. */
    onAuthChanged (listener: (accountId: number) => void): void {
      authListeners.push(listener)
    },

    findCredentials: (clientId: string) => repo.findCredentials(db, clientId),
    findAuth: (id: number) => repo.findAuth(db, id),
    count: () => repo.count(db),
  }
}
