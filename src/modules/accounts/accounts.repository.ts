import type { Queryable } from '../../infra/db/database.ts'

export interface AccountRow {
  id: number
  name: string
  isReseller: boolean
  parentAccountId: number | null
  externalReference: string | null
  clientId: string
}

export interface AuthRow { id: number, isReseller: boolean, credentialsVersion: number, rateLimitPerSecond: number | null }

const ACCOUNT_COLUMNS = `id, name, is_reseller AS "isReseller", parent_account_id AS "parentAccountId",
  external_reference AS "externalReference", client_id AS "clientId"`

export interface NewAccount {
  name: string
  isReseller: boolean
  parentAccountId: number | null
  externalReference: string | null
  clientId: string
  clientSecretHash: string
}

export async function insert (tx: Queryable, a: NewAccount): Promise<AccountRow> {
  const [row] = await tx.query<AccountRow>(
    `INSERT INTO accounts (name, is_reseller, parent_account_id, external_reference, client_id, client_secret_hash)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ACCOUNT_COLUMNS}`,
    [a.name, a.isReseller, a.parentAccountId, a.externalReference, a.clientId, a.clientSecretHash])
  return row!
}

export async function findOwned (q: Queryable, parentAccountId: number, id: number): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND parent_account_id = $2`, [id, parentAccountId])
  return row
}

export async function findByExternalReference (q: Queryable, parentAccountId: number, externalReference: string): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE parent_account_id = $1 AND external_reference = $2`, [parentAccountId, externalReference])
  return row
}

export async function listOwned (q: Queryable, parentAccountId: number): Promise<AccountRow[]> {
  return q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE parent_account_id = $1 ORDER BY id`, [parentAccountId])
}

/** Returns whether a row changed: false means no such account. */
export async function rename (tx: Queryable, id: number, name: string): Promise<boolean> {
  const rows = await tx.query('UPDATE accounts SET name = $2 WHERE id = $1 RETURNING id', [id, name])
  return rows.length > 0
}

export async function replaceSecret (tx: Queryable, id: number, parentAccountId: number, clientSecretHash: string): Promise<AuthRow & { clientId: string } | undefined> {
  const [row] = await tx.query<AuthRow & { clientId: string }>(
    `UPDATE accounts SET client_secret_hash = $3, credentials_version = credentials_version + 1
     WHERE id = $1 AND parent_account_id = $2
     RETURNING id, client_id AS "clientId", is_reseller AS "isReseller", credentials_version AS "credentialsVersion", rate_limit_per_second AS "rateLimitPerSecond"`,
    [id, parentAccountId, clientSecretHash])
  return row
}

/** As replaceSecret, for any account (the operator's rotation). */
export async function replaceSecretOfAny (tx: Queryable, id: number, clientSecretHash: string): Promise<{ id: number, clientId: string } | undefined> {
  const [row] = await tx.query<{ id: number, clientId: string }>(
    `UPDATE accounts SET client_secret_hash = $2, credentials_version = credentials_version + 1 WHERE id = $1 RETURNING id, client_id AS "clientId"`,
    [id, clientSecretHash])
  return row
}

export async function findCredentials (q: Queryable, clientId: string): Promise<{ id: number, secretHash: string, credentialsVersion: number } | undefined> {
  const [row] = await q.query<{ id: number, secretHash: string, credentialsVersion: number }>(
    'SELECT id, client_secret_hash AS "secretHash", credentials_version AS "credentialsVersion" FROM accounts WHERE client_id = $1', [clientId])
  return row
}

export async function findAuth (q: Queryable, id: number): Promise<AuthRow | undefined> {
  const [row] = await q.query<AuthRow>(
    `SELECT id, is_reseller AS "isReseller", credentials_version AS "credentialsVersion", rate_limit_per_second AS "rateLimitPerSecond"
     FROM accounts WHERE id = $1`, [id])
  return row
}

export async function setRateLimit (q: Queryable, id: number, perSecond: number | null): Promise<boolean> {
  const rows = await q.query('UPDATE accounts SET rate_limit_per_second = $2 WHERE id = $1 RETURNING id', [id, perSecond])
  return rows.length > 0
}

export async function count (q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts')
  return row!.n
}
