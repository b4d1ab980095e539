import type { Queryable } from '../../infra/db/database.ts'
import type { DocumentType, DocumentView } from './documents.schemas.ts'

export interface NewDocument {
  accountId: number
  caseId: number
  documentType: DocumentType
  fileName: string
  contentType: DocumentView['contentType']
  sizeBytes: number
  sha256: string
  pageCount: number
  createTs: Date
}

interface DocumentRow extends Omit<DocumentView, 'createTs'> { accountId: number, createTs: Date }

const columns = (t: string) => `${t}id, ${t}case_id AS "caseId", ${t}account_id AS "accountId", ${t}document_type AS "documentType",
  ${t}file_name AS "fileName", ${t}content_type AS "contentType", ${t}size_bytes AS "sizeBytes", ${t}sha256, ${t}page_count AS "pageCount",
  ${t}create_ts AS "createTs"`
const COLUMNS = columns('')

// Bytes travel as base64 text, encoded and decoded natively on both sides: the drivers' own bytea
// handling (hex, in JavaScript) takes several times as long, on the event loop.
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

export const toView = ({ accountId: _owner, createTs, ...row }: DocumentRow): DocumentView => ({ ...row, createTs: new Date(createTs).toISOString() })

/**
 * The document and its bytes in one statement, with its case's type (Person or Business);
 * undefined when `condition` (SQL in which $1 is the
 * case id and $2 the owner) is false.
 */
export async function insert (tx: Queryable, d: NewDocument, bytes: Uint8Array, condition: string): Promise<(DocumentRow & { caseType: string }) | undefined> {
  const [row] = await tx.query<DocumentRow & { caseType: string }>(
    `WITH d AS (
       INSERT INTO documents (case_id, account_id, document_type, file_name, content_type, size_bytes, sha256, page_count, create_ts)
       SELECT $1::int, $2::int, $3::text, $4::text, $5::text, $6::int, $7::text, $8::int, $9::timestamptz WHERE ${condition}
       RETURNING ${COLUMNS}
     ), c AS (INSERT INTO document_contents (document_id, bytes) SELECT id, decode($10, 'base64') FROM d)
     SELECT d.*, cases.type AS "caseType" FROM d JOIN cases ON cases.id = d."caseId"`,
    [d.caseId, d.accountId, d.documentType, d.fileName, d.contentType, d.sizeBytes, d.sha256, d.pageCount, d.createTs, toBase64(bytes)])
  return row
}

export async function findActiveDuplicate (q: Queryable, caseId: number, sha256: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM documents WHERE case_id = $1 AND sha256 = $2 AND deleted_at IS NULL', [caseId, sha256])
  return row?.id
}

/** The case's active documents, newest first. */
export async function listActive (q: Queryable, accountId: number, caseId: number): Promise<DocumentRow[]> {
  return q.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE case_id = $1 AND account_id = $2 AND deleted_at IS NULL ORDER BY id DESC`, [caseId, accountId])
}

export async function findActiveOwned (q: Queryable, accountId: number, caseId: number, id: number): Promise<DocumentRow | undefined> {
  const [row] = await q.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE id = $1 AND case_id = $2 AND account_id = $3 AND deleted_at IS NULL`, [id, caseId, accountId])
  return row
}

export async function findActiveContent (q: Queryable, accountId: number, caseId: number, id: number): Promise<{ fileName: string, contentType: string, bytes: Uint8Array } | undefined> {
  const [row] = await q.query<{ fileName: string, contentType: string, base64: string }>(
    `SELECT d.file_name AS "fileName", d.content_type AS "contentType", encode(c.bytes, 'base64') AS base64
     FROM documents d JOIN document_contents c ON c.document_id = d.id
     WHERE d.id = $1 AND d.case_id = $2 AND d.account_id = $3 AND d.deleted_at IS NULL`, [id, caseId, accountId])
  return row && { fileName: row.fileName, contentType: row.contentType, bytes: fromBase64(row.base64) }
}

/** What a check of the document needs: the row and its bytes; undefined once soft-deleted. */
export async function findActiveWithBytes (q: Queryable, id: number): Promise<(DocumentRow & { bytes: Uint8Array }) | undefined> {
  const [row] = await q.query<DocumentRow & { base64: string }>(
    `SELECT ${columns('d.')}, encode(c.bytes, 'base64') AS base64
     FROM documents d JOIN document_contents c ON c.document_id = d.id WHERE d.id = $1 AND d.deleted_at IS NULL`, [id])
  if (!row) return undefined
  const { base64, ...document } = row
  return { ...document, bytes: fromBase64(base64) }
}

/** Taken before a check's result is recorded: false when the document was deleted meanwhile. */
export async function lockActive (tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM documents WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id])
  return rows.length > 0
}

export async function softDelete (q: Queryable, accountId: number, caseId: number, id: number, at: Date): Promise<boolean> {
  const rows = await q.query('UPDATE documents SET deleted_at = $4 WHERE id = $1 AND case_id = $2 AND account_id = $3 AND deleted_at IS NULL RETURNING 1', [id, caseId, accountId, at])
  return rows.length > 0
}
