import type { Queryable } from '../../infra/db/database.ts'
import { PdfRefused } from '../../infra/ocr/ocr-errors.ts'
import type { Ocr } from '../../infra/ocr/ocr-service.ts'
import { SandboxTaskFailed } from '../../infra/sandbox/sandbox-errors.ts'
import type { SandboxPool } from '../../infra/sandbox/sandbox-pool.ts'
import type { Clock } from '#shared/clock.ts'
import type { NewBankAccount } from '../bank-accounts/index.ts'
import { checkModulus } from '../bav/index.ts'
import { CheckCannotComplete, type CheckType, defineCheckType, type ProviderAnswer, riskRatingOf, type Subject } from '../checks/index.ts'
import { type DocumentKind, DocumentUnreadable, type RiskSignal } from './analysis/analysis-types.ts'
import * as repo from './documents.repository.ts'
import { DocumentExtractionResult, DocumentRiskResult, type DocumentType } from './documents.schemas.ts'
import { extractStatement } from './extraction/index.ts'
import { DOCUMENT_TASKS } from './parser-task-names.ts'

export interface DocumentSubject extends Subject { id: number, documentType: DocumentType, kind: DocumentKind, bytes: Uint8Array }

const KIND_OF: Record<string, DocumentKind> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpeg' }

/** An active document with its bytes, as a check of it needs (KYC's too). */
export async function loadDocument (q: Queryable, id: number): Promise<DocumentSubject | undefined> {
  const row = await repo.findActiveWithBytes(q, id)
  return row && { accountId: row.accountId, caseId: row.caseId, id: row.id, documentType: row.documentType, kind: KIND_OF[row.contentType]!, bytes: row.bytes }
}

/** Taken before a check's result on a document is recorded: false when it was deleted meanwhile. */
export const lockDocument = repo.lockActive

const queue = (name: string, concurrency: number): CheckType['queue'] => ({ name, retryLimit: 2, retryDelaySeconds: 5, concurrency })
const RISK_QUEUE = queue('document.risk', 4)
// OCR holds a worker for seconds: few at once, so uploads never wait behind a crowd of scans.
const EXTRACTION_QUEUE = queue('document.extraction', 2)
/** The document checks' queues, made before the check types (which need the queue). */
export const documentQueues = [RISK_QUEUE, EXTRACTION_QUEUE]

/**
 * An unreadable file, or one that ran its parser over its memory or time budget, is a final answer
 * about the file, not a reason to try again.
 */
async function final<T> (work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof DocumentUnreadable || err instanceof SandboxTaskFailed || err instanceof PdfRefused) throw new CheckCannotComplete(err.message, { cause: err })
    throw err
  }
}

/** Document risk, run by this engine in both modes (it reads the file itself): signals the file itself shows (its producer, revisions, dates, hidden content, arithmetic). */
export function documentRiskCheckType ({ clock, parsers }: { clock: Clock, parsers: SandboxPool }) {
  return defineCheckType<DocumentSubject, DocumentRiskResult>({
    name: 'DocumentRisk',
    subjectType: 'document',
    subjectField: 'documentId',
    resultSchema: DocumentRiskResult,
    queue: RISK_QUEUE,
    provider: {
      name: 'idcheck-document-risk',
      run: (document) => final(async (): Promise<ProviderAnswer<DocumentRiskResult>> => {
        // Images give no signal (assessDocumentRisk): their bytes need not travel to a sandbox.
        const signals = document.kind !== 'pdf'
          ? []
          : await parsers.run<RiskSignal[]>(document.accountId, DOCUMENT_TASKS.assessRisk, { bytes: document.bytes, kind: document.kind, now: new Date(clock.now()) })
        const worst = signals.some((s) => s.severity === 'high') ? 3 : signals.some((s) => s.severity === 'medium') ? 2 : 1
        return { riskRating: riskRatingOf(worst), result: { signals } }
      }),
    },
    unavailableReason: null,
    loadSubject: loadDocument,
    lockSubject: repo.lockActive,
  })
}

export interface ExtractionDeps {
  ocr: Ocr
  maxPages: number
  /** Adds the statement's bank account to the case (bank-accounts module), with its BAV check. */
  createBankAccount: (tx: Queryable, input: NewBankAccount & { documentId: number }) => Promise<{ created: boolean, id: number }>
}

type Extracted = DocumentExtractionResult

/** Bank-statement extraction: the fields, then (in the result's transaction) the bank account they describe. */
export function documentExtractionCheckType (deps: ExtractionDeps) {
  return defineCheckType<DocumentSubject, Extracted>({
    name: 'DocumentExtraction',
    subjectType: 'document',
    subjectField: 'documentId',
    resultSchema: DocumentExtractionResult,
    queue: EXTRACTION_QUEUE,
    provider: {
      name: 'idcheck-document-extraction',
      run: (document) => final(async (): Promise<ProviderAnswer<Extracted>> => {
        const { method, fields } = await extractStatement({ bytes: document.bytes, kind: document.kind, ocr: deps.ocr.forTenant(document.accountId), maxPages: deps.maxPages })
        if (!fields.sortCode || !fields.accountNumber) {
          throw new CheckCannotComplete(method === 'ocr'
            ? 'No account details were found: the scan shows no sort code and account number (or GB IBAN). Upload a sharper scan or the PDF from the bank.'
            : 'No account details were found: the statement shows no sort code and account number (or GB IBAN).')
        }
        const sure = [fields.sortCode, fields.accountNumber, fields.accountHolderName].every((f) => f !== null && f.confidence >= 0.8)
        return { riskRating: riskRatingOf(sure ? 1 : 2), result: { method, fields, bankAccount: { outcome: 'not_created', id: null, message: '' } } }
      }),
    },
    unavailableReason: null,
    loadSubject: loadDocument,
    lockSubject: repo.lockActive,
    async prepareResult (tx, check, document, result) {
      return { ...result, bankAccount: await bankAccountFrom(tx, deps, document, result) }
    },
    onCompleted: async (_tx, check, document, result) =>
      [{ type: 'document.extracted', data: { caseId: document.caseId, documentId: document.id, checkId: check.id, extraction: result } }],
    onFailed: async (_tx, check, document, reason) =>
      [{ type: 'document.extraction_failed', data: { caseId: document.caseId, documentId: document.id, checkId: check.id, reason } }],
  })
}

/** Valid details (6 + 8 digits that pass the modulus check) and a holder's name make a bank account. */
async function bankAccountFrom (tx: Queryable, deps: ExtractionDeps, document: DocumentSubject, { fields }: Extracted): Promise<Extracted['bankAccount']> {
  const sortCode = fields.sortCode!.value
  const accountNumber = fields.accountNumber!.value
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber) || checkModulus(sortCode, accountNumber).result === 'fail') {
    return { outcome: 'not_created', id: null, message: `The sort code ${sortCode} and account number ${accountNumber} are not valid UK account details (modulus check), so no bank account was added.` }
  }
  const names = (fields.accountHolderName?.value ?? '').replace(/^(mr|mrs|ms|miss|dr|mx)\.?\s+/i, '').split(/\s+/).filter(Boolean)
  if (names.length < 2) {
    return { outcome: 'not_created', id: null, message: 'The statement shows no account holder\'s first and last name, so no bank account was added; add it with POST /api/cases/{caseId}/bank-accounts.' }
  }
  const { created, id } = await deps.createBankAccount(tx, {
    accountId: document.accountId, caseId: document.caseId, documentId: document.id,
    countryCode: fields.iban?.value.slice(0, 2) ?? 'GB',
    firstName: names[0]!, middleNames: names.length > 2 ? names.slice(1, -1).join(' ') : null, lastName: names.at(-1)!,
    sortCode, accountNumber, bankName: fields.bankName?.value ?? null,
  })
  return created
    ? { outcome: 'created', id, message: `Bank account ${id} was added to the case from this statement.` }
    : { outcome: 'already_on_case', id, message: `These account details are already on the case as bank account ${id}; nothing was added.` }
}
