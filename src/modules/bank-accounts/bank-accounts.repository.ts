import type { Queryable } from '../../infra/db/database.ts'

export interface BankAccountRow {
  id: number
  caseId: number
  accountId: number
  documentId: number | null
  countryCode: string
  firstName: string
  middleNames: string | null
  lastName: string
  sortCode: string
  accountNumber: string
  bankName: string | null
}

export type NewBankAccount = Omit<BankAccountRow, 'id' | 'documentId'>

const COLUMNS = `id, case_id AS "caseId", account_id AS "accountId", document_id AS "documentId", country_code AS "countryCode",
  first_name AS "firstName", middle_names AS "middleNames", last_name AS "lastName", sort_code AS "sortCode",
  account_number AS "accountNumber", bank_name AS "bankName"`

/** The new id; a case that is not the account's violates bank_accounts_case_owner_fkey. */
export async function insert (tx: Queryable, b: NewBankAccount): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bank_accounts (case_id, account_id, country_code, first_name, middle_names, last_name, sort_code, account_number, bank_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [b.caseId, b.accountId, b.countryCode, b.firstName, b.middleNames, b.lastName, b.sortCode, b.accountNumber, b.bankName])
  return row!.id
}

export async function findActiveDuplicate (q: Queryable, caseId: number, sortCode: string, accountNumber: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    'SELECT id FROM bank_accounts WHERE case_id = $1 AND sort_code = $2 AND account_number = $3 AND deleted_at IS NULL', [caseId, sortCode, accountNumber])
  return row?.id
}

/**
 * Taken before a BAV attempt is recorded: false when the account was deleted meanwhile, since a
 * deleted account is no longer eligible for BAV and gets no attempt.
 */
export async function lockActive (tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM bank_accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id])
  return rows.length > 0
}

/**
 * The case's active bank accounts, oldest first, each as its JSON text (the BankAccount schema's
 * fields up to bankName, in its order, compact as JSON.stringify writes it): PostgreSQL
 * serialises the rows it already holds, so a long list costs no parsing and re-serialising in Node.
 */
export async function listActiveJson (q: Queryable, accountId: number, caseId: number): Promise<{ id: number, json: string }[]> {
  return q.query<{ id: number, json: string }>(
    `SELECT b.id, row_to_json(v)::text AS json
     FROM bank_accounts b CROSS JOIN LATERAL (
       SELECT b.id, b.case_id AS "caseId", b.document_id AS "documentId", b.country_code AS "countryCode", b.first_name AS "firstName",
         b.middle_names AS "middleNames", b.last_name AS "lastName", b.sort_code AS "sortCode", b.account_number AS "accountNumber", b.bank_name AS "bankName"
     ) v
     WHERE b.case_id = $1 AND b.account_id = $2 AND b.deleted_at IS NULL ORDER BY b.id`, [caseId, accountId])
}

export async function findActive (q: Queryable, id: number): Promise<BankAccountRow | undefined> {
  const [row] = await q.query<BankAccountRow>(`SELECT ${COLUMNS} FROM bank_accounts WHERE id = $1 AND deleted_at IS NULL`, [id])
  return row
}

/** Returns whether an active bank account of this case and owner was soft-deleted. */
export async function softDelete (q: Queryable, accountId: number, caseId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE bank_accounts SET deleted_at = now() WHERE id = $1 AND case_id = $2 AND account_id = $3 AND deleted_at IS NULL RETURNING id',
    [id, caseId, accountId])
  return rows.length > 0
}

/**
 * A bank account read from a document: the new id, or undefined when the same details are already
 * active on the case (the unique index decides, so a concurrent create cannot make a second one).
 */
export async function insertFromDocument (tx: Queryable, b: NewBankAccount & { documentId: number }): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bank_accounts (case_id, account_id, document_id, country_code, first_name, middle_names, last_name, sort_code, account_number, bank_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (case_id, sort_code, account_number) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
    [b.caseId, b.accountId, b.documentId, b.countryCode, b.firstName, b.middleNames, b.lastName, b.sortCode, b.accountNumber, b.bankName])
  return row?.id
}
