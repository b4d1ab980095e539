import { createHash } from 'node:crypto'
import type { Database } from '../../infra/db/database.ts'
import { uniqueViolation } from '../../infra/db/database.ts'
import type { TransactionEvents } from '../../infra/events/transaction-events.ts'
import { NotFound, ValidationFailed } from '../../infra/http/api-error.ts'
import type { Caller } from '#shared/caller.ts'
import type { Clock } from '#shared/clock.ts'
import type { DomainEvents } from '#shared/domain-events.ts'
import type { CasesService } from '../cases/index.ts'
import { checkView, type ChecksService } from '../checks/index.ts'
import { DuplicateDocument } from './documents.errors.ts'
import * as repo from './documents.repository.ts'
import type { DocumentType, DocumentView } from './documents.schemas.ts'
import { type DocumentLimits, inspectUpload } from './file-inspection.ts'

export interface Upload { documentType: DocumentType, fileName: string, bytes: Uint8Array }

export type DocumentsService = ReturnType<typeof createDocumentsService>

export interface DocumentsDeps {
  db: Database
  clock: Clock
  cases: CasesService
  checks: ChecksService
  /** Told of each new document in its own transaction: the checks whose triggers match start with it. */
  events: TransactionEvents<DomainEvents>
  limits: DocumentLimits
}

/** The 400 an account gets when none of the checks an upload can start is enabled on it. */
const noDocumentService = (services: readonly string[]) =>
  `No document service is enabled on this account: uploads need ${services.slice(0, -1).join(', ')} or ${services.at(-1)}.`

/** That answer as this deployment's check types make it, for the API description's example. */
export const NO_DOCUMENT_SERVICE = noDocumentService(['KYC', 'Document extraction', 'Document risk'])

export function createDocumentsService ({ db, clock, cases, checks, events, limits }: DocumentsDeps) {
  return {
    limits,

    /**
     * Asked before an upload's body is read, so a stranger's or a refused upload costs no memory
     * and no parsing: the case is the caller's (404), a document service is on (400), and the
     * account has room for the checks the upload may start (429).
     */
    async admit (caller: Caller, caseId: number): Promise<void> {
      await cases.assertOwned(db, caller, caseId)
      const { enabled, services } = await checks.startedBy(db, caller.accountId, 'document')
      const checkTypes = enabled.map((type) => type.name)
      if (checkTypes.length === 0) throw new ValidationFailed([noDocumentService(services)])
      // One page: refused here only when the hour's pages are spent already; the real count is checked once read.
      await checks.assertRoomFor(db, caller.accountId, { checkTypes, ocrPages: 1 })
    },

    /**
     * The document, its bytes and its checks' jobs in one transaction: each check type whose
     * trigger takes this document (risk on any, extraction on a bank statement, KYC on a person's
     * identity document) when its service is enabled on the account.
     */
    async upload (caller: Caller, caseId: number, upload: Upload): Promise<DocumentView> {
      const inspected = await inspectUpload(upload.bytes, limits, caller.accountId)
      const sha256 = createHash('sha256').update(upload.bytes).digest('hex')
      // A duplicate deleted between the failed insert and its lookup frees the bytes: insert again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const caseType = await cases.typeOfOwned(tx, caller.accountId, caseId)
            const row = await repo.insert(tx, {
              accountId: caller.accountId, caseId, documentType: upload.documentType, fileName: upload.fileName,
              contentType: inspected.contentType, sizeBytes: upload.bytes.length, sha256, pageCount: inspected.pageCount, createTs: new Date(clock.now()),
            }, upload.bytes)
            await events.emit(tx, 'subject.added', { subjectType: 'document', subjectId: row.id, accountId: caller.accountId, caseId, caseType, documentType: upload.documentType })
            return repo.toView(row)
          })
        } catch (err) {
          if (uniqueViolation(err) !== 'documents_active_key') throw err
          const duplicateId = await repo.findActiveDuplicate(db, caseId, sha256)
          if (duplicateId !== undefined) throw new DuplicateDocument(duplicateId)
          if (attempt === 5) throw err
        }
      }
    },

    async list (caller: Caller, caseId: number): Promise<DocumentView[]> {
      const rows = await repo.listActive(db, caller.accountId, caseId)
      if (rows.length === 0) await cases.assertOwned(db, caller, caseId) // an empty list, or not the caller's case (404)
      return rows.map(repo.toView)
    },

    async get (caller: Caller, caseId: number, id: number) {
      const row = await repo.findActiveOwned(db, caller.accountId, caseId, id)
      if (!row) throw new NotFound()
      const latest = await checks.latestOf(caller, 'document', id)
      const view = (type: 'DocumentExtraction' | 'DocumentRisk' | 'KYC') => { const c = latest.get(type); return c ? checkView(c) : null }
      return { ...repo.toView(row), latestExtraction: view('DocumentExtraction'), latestRisk: view('DocumentRisk'), latestKyc: view('KYC') }
    },

    async content (caller: Caller, caseId: number, id: number) {
      const content = await repo.findActiveContent(db, caller.accountId, caseId, id)
      if (!content) throw new NotFound()
      return content
    },

    /** Soft delete: the bytes, the results and the bank accounts made from it are kept. */
    async softDelete (caller: Caller, caseId: number, id: number): Promise<void> {
      if (!await repo.softDelete(db, caller.accountId, caseId, id, new Date(clock.now()))) throw new NotFound()
    },
  }
}
