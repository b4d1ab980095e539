import type { Queryable } from '../../infra/db/database.ts'
import type { Ocr } from '../../infra/ocr/ocr-service.ts'
import type { Clock } from '#shared/clock.ts'
import { CheckCannotComplete, defineCheckType, type Subject } from '../checks/index.ts'
import { type DocumentSubject, DocumentUnreadable, IDENTITY_DOCUMENT_TYPES } from '../documents/index.ts'
import { assessIdentity, type IdentityDocumentType, type KycPerson } from './assess-identity.ts'
import { KycResult } from './kyc.schemas.ts'
import { readMrz } from './mrz/index.ts'

/** What KYC reads of a case (cases module). */
export interface KycCase extends KycPerson { id: number, type: string }

export interface IdentityDocumentSubject extends Subject {
  document: DocumentSubject
  caseType: string
  person: KycPerson
}

// OCR holds a worker for seconds: few at once, as for statements.
export const KYC_QUEUE = { name: 'kyc.check', retryLimit: 2, retryDelaySeconds: 5, concurrency: 2 }

export interface KycDeps {
  clock: Clock
  ocr: Ocr
  loadDocument: (q: Queryable, id: number) => Promise<DocumentSubject | undefined>
  lockDocument: (tx: Queryable, id: number) => Promise<boolean>
  findCase: (q: Queryable, id: number) => Promise<KycCase | undefined>
}

/** KYC: a Person case's passport or identity card, its MRZ read and checked against the case (the same engine in both modes). */
export function kycCheckType (deps: KycDeps) {
  return defineCheckType<IdentityDocumentSubject, KycResult>({
    name: 'KYC',
    subjectType: 'document',
    subjectField: 'documentId',
    resultSchema: KycResult,
    queue: KYC_QUEUE,
    provider: {
      name: 'idcheck-kyc',
      async run ({ document, person }) {
        const now = new Date(deps.clock.now())
        let reading
        try {
          reading = await readMrz(deps.ocr.forTenant(document.accountId), { bytes: document.bytes, kind: document.kind }, now)
        } catch (err) {
          if (err instanceof DocumentUnreadable) throw new CheckCannotComplete(err.message, { cause: err })
          throw err
        }
        return assessIdentity(reading, person, document.documentType as IdentityDocumentType, now.toISOString().slice(0, 10))
      },
    },
    unavailableReason: null,
    async loadSubject (q, id) {
      const document = await deps.loadDocument(q, id)
      const found = document && await deps.findCase(q, document.caseId)
      if (!document || !found) return undefined
      const { givenNames, surname, dobYear, dobMonth, dobDay } = found
      return { accountId: document.accountId, caseId: document.caseId, document, caseType: found.type, person: { givenNames, surname, dobYear, dobMonth, dobDay } }
    },
    lockSubject: deps.lockDocument,
    refuse ({ document, caseType, caseId }) {
      if (!IDENTITY_DOCUMENT_TYPES.includes(document.documentType)) return `KYC reads a Passport or IdentityCard; document ${document.id} is a ${document.documentType}.`
      if (caseType !== 'Person') return `KYC checks a person's identity document; case ${caseId} is a ${caseType}.`
      return null
    },
  })
}
