import type { Queryable } from '../../infra/db/database.ts'
import type { CaseView } from './cases.schemas.ts'

export interface NewCase {
  urn: string
  type: 'Person' | 'Business'
  givenNames: string | null
  surname: string | null
  dobDay: number | null
  dobMonth: number | null
  dobYear: number | null
  addressLine1: string | null
  addressPostcode: string | null
  addressCountryCode2: string | null
  entityName: string | null
  entityRegistrationNumber: string | null
}

const COLUMNS = `id, urn, type, given_names AS "givenNames", surname, dob_day AS "dobDay", dob_month AS "dobMonth", dob_year AS "dobYear",
  address_line1 AS "addressLine1", address_postcode AS "addressPostcode", address_country_code2 AS "addressCountryCode2",
  entity_name AS "entityName", entity_registration_number AS "entityRegistrationNumber", created_at AS "createdAt"`

type CaseRow = Omit<CaseView, 'createdAt'> & { createdAt: Date }
const toView = (row: CaseRow): CaseView => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })

export async function insert (q: Queryable, accountId: number, c: NewCase): Promise<CaseView> {
  const [row] = await q.query<CaseRow>(
    `INSERT INTO cases (account_id, urn, type, given_names, surname, dob_day, dob_month, dob_year, address_line1, address_postcode,
       address_country_code2, entity_name, entity_registration_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [accountId, c.urn, c.type, c.givenNames, c.surname, c.dobDay, c.dobMonth, c.dobYear, c.addressLine1, c.addressPostcode,
      c.addressCountryCode2, c.entityName, c.entityRegistrationNumber])
  return toView(row!)
}

export async function findOwned (q: Queryable, accountId: number, id: number): Promise<CaseView | undefined> {
  const [row] = await q.query<CaseRow>(`SELECT ${COLUMNS} FROM cases WHERE id = $1 AND account_id = $2`, [id, accountId])
  return row && toView(row)
}

/** A case with its owner, as a check on the case reads it. */
export async function findWithOwner (q: Queryable, id: number): Promise<(CaseView & { accountId: number }) | undefined> {
  const [row] = await q.query<CaseRow & { accountId: number }>(`SELECT ${COLUMNS}, account_id AS "accountId" FROM cases WHERE id = $1`, [id])
  return row && { ...toView(row), accountId: row.accountId }
}

/** A page of cases, by id, with their owners. */
export async function pageWithOwner (q: Queryable, afterId: number, limit: number): Promise<(CaseView & { accountId: number })[]> {
  const rows = await q.query<CaseRow & { accountId: number }>(
    `SELECT ${COLUMNS}, account_id AS "accountId" FROM cases WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit])
  return rows.map((row) => ({ ...toView(row), accountId: row.accountId }))
}

/** Locks the case row for a transaction that records a result about it; false when there is no such case. */
export async function lock (tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM cases WHERE id = $1 FOR UPDATE', [id])).length > 0
}

/** The case's type when it is the account's; a shared lock keeps it there until the caller's transaction ends. */
export async function typeOfOwned (q: Queryable, accountId: number, id: number): Promise<string | undefined> {
  const [row] = await q.query<{ type: string }>('SELECT type FROM cases WHERE id = $1 AND account_id = $2 FOR KEY SHARE', [id, accountId])
  return row?.type
}

export async function isOwned (q: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM cases WHERE id = $1 AND account_id = $2', [id, accountId])
  return rows.length > 0
}

/** Newest first; `before` is the id cursor of the previous page's last case; `urn`, when given, keeps only the cases with that urn. */
export async function listOwned (q: Queryable, accountId: number, limit: number, before: number | null, urn: string | null = null): Promise<CaseView[]> {
  const rows = await q.query<CaseRow>(
    `SELECT ${COLUMNS} FROM cases WHERE account_id = $1 AND ($2::int IS NULL OR id < $2) AND ($4::text IS NULL OR urn = $4) ORDER BY id DESC LIMIT $3`,
    [accountId, before, limit, urn])
  return rows.map(toView)
}
