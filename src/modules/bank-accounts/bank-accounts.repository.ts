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

/** The row and its document in one statement: the document is built from the new row's values, named b as DOCUMENT expects. */
export async function insert (tx: Queryable, b: NewBankAccount): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bank_accounts (id, case_id, account_id, document_id, country_code, first_name, middle_names, last_name, sort_code, account_number, bank_name, document)
     SELECT b.*, (${DOCUMENT}) FROM (
       SELECT nextval(pg_get_serial_sequence('bank_accounts', 'id'))::int AS id, $1::int AS case_id, $2::int AS account_id, NULL::int AS document_id,
         $3::text AS country_code, $4::text AS first_name, $5::text AS middle_names, $6::text AS last_name, $7::text AS sort_code,
         $8::text AS account_number, $9::text AS bank_name
     ) b
     RETURNING id`,
    [b.caseId, b.accountId, b.countryCode, b.firstName, b.middleNames, b.lastName, b.sortCode, b.accountNumber, b.bankName])
  return row!.id
}

export async function findActiveDuplicate (q: Queryable, caseId: number, sortCode: string, accountNumber: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    'SELECT id FROM bank_accounts WHERE case_id = $1 AND sort_code = $2 AND account_number = $3 AND deleted_at IS NULL', [caseId, sortCode, accountNumber])
  return row?.id
}

/**
 * Row b's BankAccount JSON, BAV history (most recent first) included: the shape of the BankAccount
 * schema, compact as JSON.stringify writes it (row_to_json and string_agg; json_build_object and
 * json_agg would add spaces). Kept in bank_accounts.document, so the list only concatenates. Bank accounts are
 * immutable; only a new attempt changes the document.
 */
const DOCUMENT = `SELECT row_to_json(d)::text FROM (
    SELECT b.id, b.case_id AS "caseId", b.document_id AS "documentId", b.country_code AS "countryCode",
      b.first_name AS "firstName", b.middle_names AS "middleNames", b.last_name AS "lastName", b.sort_code AS "sortCode",
      b.account_number AS "accountNumber", b.bank_name AS "bankName", h.attempts -> 0 AS "latestBavAttempt", h.attempts AS "bavAttemptHistory"
    FROM (
      SELECT coalesce('[' || string_agg(x.attempt, ',' ORDER BY a.create_ts DESC, a.id DESC) || ']', '[]')::json AS attempts
      FROM bav_attempts a CROSS JOIN LATERAL (
        SELECT row_to_json(y)::text AS attempt FROM (
          SELECT a.id, to_char(a.create_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createTs", a.bank_name AS "bankName",
            (SELECT row_to_json(r) FROM (SELECT a.risk_rating_id AS id, a.risk_rating_name AS name) r) AS "riskRating"
        ) y
      ) x
      WHERE a.bank_account_id = b.id
    ) h
  ) d`

/** Writes a bank account's document: after its insert, and after each attempt under lockForAttempt. */
export async function refreshDocument (tx: Queryable, id: number): Promise<void> {
  await tx.query(`UPDATE bank_accounts b SET document = (${DOCUMENT}) WHERE b.id = $1`, [id])
}

/**
 * Taken before an attempt is inserted: concurrent attempts for one account then write its document
 * one after the other, each seeing the ones before (without it, the later document could miss the
 * earlier attempt, whose transaction its snapshot does not see). False when the account was
 * deleted meanwhile: it is no longer eligible for BAV, so no attempt is recorded.
 */
export async function lockForAttempt (tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM bank_accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id])
  return rows.length > 0
}

/** The case's active bank accounts as the response's JSON text, in one query; undefined when the case is not the caller's. */
export async function listActiveJson (q: Queryable, accountId: number, caseId: number): Promise<string | undefined> {
  const [row] = await q.query<{ body: string }>(
    `SELECT '[' || coalesce((
       SELECT string_agg(b.document, ',' ORDER BY b.id) FROM bank_accounts b
       WHERE b.case_id = c.id AND b.account_id = c.account_id AND b.deleted_at IS NULL
     ), '') || ']' AS body
     FROM cases c WHERE c.id = $1 AND c.account_id = $2`, [caseId, accountId])
  return row?.body
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
