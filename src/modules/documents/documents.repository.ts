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

/**
 * A document's bytes are read in slices of this size, one row each: node-postgres receives bytea as
 * hex text, and a whole scan's text (twice its size) would be a large object on the API's heap, each
 * one adding to the old generation until a full collection stops every request. Slices stay small
 * enough to die young.
 */
const SLICE_BYTES = 48 * 1024
const SLICES = `generate_series(1, length(c.bytes), ${SLICE_BYTES}) AS slice`
const SLICE = `substring(c.bytes FROM slice FOR ${SLICE_BYTES}) AS part`
/** The slices in one array of its own (a driver's Buffer may be a view of a shared pool). Uploads are never empty. */
function joined (rows: readonly { part: Uint8Array }[]): Uint8Array {
  const bytes = new Uint8Array(rows.reduce((n, r) => n + r.part.length, 0))
  let at = 0
  for (const { part } of rows) {
    bytes.set(part, at)
    at += part.length
  }
  return bytes
}

export const toView = ({ accountId: _owner, createTs, ...row }: DocumentRow): DocumentView => ({ ...row, createTs: new Date(createTs).toISOString() })

/**
 * The document and its bytes in one statement, with its case's type (Person or Business);
 * undefined when `condition` (SQL in which $1 is the
 * case id and $2 the owner) is false.
 */
/** The document and its bytes in one statement (the case's ownership is asked first, in the same transaction). */
export async function insert (tx: Queryable, d: NewDocument, bytes: Uint8Array): Promise<DocumentRow> {
  const [row] = await tx.query<DocumentRow>(
    `WITH d AS (
       INSERT INTO documents (case_id, account_id, document_type, file_name, content_type, size_bytes, sha256, page_count, create_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING ${COLUMNS}
     ), c AS (INSERT INTO document_contents (document_id, bytes) SELECT id, $10::bytea FROM d)
     SELECT * FROM d`,
    [d.caseId, d.accountId, d.documentType, d.fileName, d.contentType, d.sizeBytes, d.sha256, d.pageCount, d.createTs, bytes])
  return row!
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
  const rows = await q.query<{ fileName: string, contentType: string, part: Uint8Array }>(
    `SELECT d.file_name AS "fileName", d.content_type AS "contentType", ${SLICE}
     FROM documents d JOIN document_contents c ON c.document_id = d.id, ${SLICES}
     WHERE d.id = $1 AND d.case_id = $2 AND d.account_id = $3 AND d.deleted_at IS NULL ORDER BY slice`, [id, caseId, accountId])
  return rows[0] && { fileName: rows[0].fileName, contentType: rows[0].contentType, bytes: joined(rows) }
}

/** What a check of the document needs: the row and its bytes; undefined once soft-deleted. */
export async function findActiveWithBytes (q: Queryable, id: number): Promise<(DocumentRow & { bytes: Uint8Array }) | undefined> {
  const rows = await q.query<DocumentRow & { part: Uint8Array }>(
    `SELECT ${columns('d.')}, ${SLICE}
     FROM documents d JOIN document_contents c ON c.document_id = d.id, ${SLICES} WHERE d.id = $1 AND d.deleted_at IS NULL ORDER BY slice`, [id])
  if (!rows[0]) return undefined
  const { part: _first, ...document } = rows[0]
  return { ...document, bytes: joined(rows) }
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

/** A document's page count (1 for an image), 0 when there is no such document. */
export async function pageCount (q: Queryable, id: number): Promise<number> {
  const [row] = await q.query<{ pages: number }>('SELECT page_count::int AS pages FROM documents WHERE id = $1', [id])
  return row ? Number(row.pages) : 0
}
