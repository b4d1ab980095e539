import type { Queryable } from '../../infra/db/database.ts'
import { PdfRefused } from '../../infra/ocr/ocr-errors.ts'
import { SandboxTaskFailed } from '../../infra/sandbox/sandbox-errors.ts'
import { CheckCannotComplete, type CheckQueue, type Subject } from '../checks/index.ts'
import { type DocumentKind, DocumentUnreadable } from './analysis/analysis-types.ts'
import * as repo from './documents.repository.ts'
import type { DocumentType } from './documents.schemas.ts'

/** A document as a check of it reads it (KYC's too): its type, kind and bytes. */
export interface DocumentSubject extends Subject { id: number, documentType: DocumentType, kind: DocumentKind, bytes: Uint8Array }

const KIND_OF: Record<string, DocumentKind> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpeg' }

/** An active document with its bytes; undefined when it was deleted. */
export async function loadDocument (q: Queryable, id: number): Promise<DocumentSubject | undefined> {
  const row = await repo.findActiveWithBytes(q, id)
  return row && { accountId: row.accountId, caseId: row.caseId, id: row.id, documentType: row.documentType, kind: KIND_OF[row.contentType]!, bytes: row.bytes }
}

/** A document's page count (1 for an image), 0 when there is no such document: what a check reading it by OCR costs. */
export const documentPages = repo.pageCount

/** Taken before a check's result on a document is recorded: false when it was deleted meanwhile. */
export const lockDocument = repo.lockActive

/** A document check's queue: two retries five seconds apart, `concurrency` jobs at once per process. */
export const documentQueue = (name: string, concurrency: number): CheckQueue => ({ name, retryLimit: 2, retryDelaySeconds: 5, concurrency })

/**
 * An unreadable file, or one that ran its parser over its memory or time budget, is a final answer
 * about the file, not a reason to try again.
 */
export async function finalAboutTheFile<T> (work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof DocumentUnreadable || err instanceof SandboxTaskFailed || err instanceof PdfRefused) throw new CheckCannotComplete(err.message, { cause: err })
    throw err
  }
}
