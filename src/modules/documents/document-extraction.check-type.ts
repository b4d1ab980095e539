import type { Queryable } from '../../infra/db/database.ts'
import type { BankAccountsService } from '../bank-accounts/index.ts'
import { checkModulus } from '../bav/index.ts'
import { CheckCannotComplete, defineCheckType, type ProviderAnswer, riskRatingOf } from '../checks/index.ts'
import { type DocumentSubject, documentPages, documentQueue, finalAboutTheFile, loadDocument, lockDocument } from './document-subject.ts'
import { DocumentExtractionResult } from './documents.schemas.ts'
import { extractStatement } from './extraction/index.ts'

type Extracted = DocumentExtractionResult

/** Bank-statement extraction, on every bank statement uploaded: the fields, then (in the result's transaction) the bank account they describe. */
export const documentExtractionCheckType = defineCheckType<DocumentSubject, Extracted>({
  name: 'DocumentExtraction',
  service: { id: 4, code: 'document_extraction', name: 'Document extraction' },
  subjectType: 'document',
  subjectField: 'documentId',
  resultSchema: DocumentExtractionResult,
  // OCR holds a worker for seconds: few at once, so uploads never wait behind a crowd of scans.
  queue: () => documentQueue('document.extraction', 2),
  trigger: { on: 'added', when: (added) => added.documentType === 'BankStatement' },
  create: ({ config, use }) => {
    const { ocr } = use('documentParsing')
    const bankAccounts = use('bankAccounts')
    return {
      provider: {
        name: 'idcheck-document-extraction',
        run: (document) => finalAboutTheFile(async (): Promise<ProviderAnswer<Extracted>> => {
          const { method, fields } = await extractStatement({ bytes: document.bytes, kind: document.kind, ocr: ocr.forTenant(document.accountId), maxPages: config.documents.maxPages })
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
      lockSubject: lockDocument,
      pagesToRead: documentPages,
      prepareResult: async (tx, _check, document, result) => ({ ...result, bankAccount: await bankAccountFrom(tx, bankAccounts, document, result) }),
      onCompleted: async (_tx, check, document, result) =>
        [{ type: 'document.extracted', data: { caseId: document.caseId, documentId: document.id, checkId: check.id, extraction: result } }],
      onFailed: async (_tx, check, document, reason) =>
        [{ type: 'document.extraction_failed', data: { caseId: document.caseId, documentId: document.id, checkId: check.id, reason } }],
    }
  },
})

/** Valid details (6 + 8 digits that pass the modulus check) and a holder's name make a bank account. */
async function bankAccountFrom (tx: Queryable, bankAccounts: BankAccountsService, document: DocumentSubject, { fields }: Extracted): Promise<Extracted['bankAccount']> {
  const sortCode = fields.sortCode!.value
  const accountNumber = fields.accountNumber!.value
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber) || checkModulus(sortCode, accountNumber).result === 'fail') {
    return { outcome: 'not_created', id: null, message: `The sort code ${sortCode} and account number ${accountNumber} are not valid UK account details (modulus check), so no bank account was added.` }
  }
  const names = (fields.accountHolderName?.value ?? '').replace(/^(mr|mrs|ms|miss|dr|mx)\.?\s+/i, '').split(/\s+/).filter(Boolean)
  if (names.length < 2) {
    return { outcome: 'not_created', id: null, message: 'The statement shows no account holder\'s first and last name, so no bank account was added; add it with POST /api/cases/{caseId}/bank-accounts.' }
  }
  const { created, id } = await bankAccounts.createFromDocument(tx, {
    accountId: document.accountId, caseId: document.caseId, documentId: document.id,
    countryCode: fields.iban?.value.slice(0, 2) ?? 'GB',
    firstName: names[0]!, middleNames: names.length > 2 ? names.slice(1, -1).join(' ') : null, lastName: names.at(-1)!,
    sortCode, accountNumber, bankName: fields.bankName?.value ?? null,
  })
  return created
    ? { outcome: 'created', id, message: `Bank account ${id} was added to the case from this statement.` }
    : { outcome: 'already_on_case', id, message: `These account details are already on the case as bank account ${id}; nothing was added.` }
}
