import { CheckCannotComplete, defineCheckType, type Subject } from '../checks/index.ts'
import { documentPages, type DocumentSubject, DocumentUnreadable, IDENTITY_DOCUMENT_TYPES, loadDocument, lockDocument, startImageIntegrity, withImageSignals } from '../documents/index.ts'
import { pageImages } from './kyc-page-images.ts'
import { assessIdentity, type IdentityDocumentType, type KycPerson } from './assess-identity.ts'
import { KycResult } from './kyc.schemas.ts'
import { MRZ_IMAGE_TASK_MODULE, type MrzReading, readMrz } from './mrz/index.ts'
import { type MrzPageAt, readPrintedZone } from './viz/read-printed-zone.ts'
import { VIZ_IMAGE_TASK_MODULE } from './viz/viz-image-task-names.ts'

export interface IdentityDocumentSubject extends Subject {
  document: DocumentSubject & { pageCount: number }
  caseType: string
  person: KycPerson
}

/** Where the MRZ was read: its printed zone is on that page, the same way up. */
const pageOf = (reading: MrzReading): MrzPageAt => reading.page ?? { index: 0, rotation: 0, tiltDeg: 0 }

/** KYC's one rule about what it reads, for its trigger and for a request: why this document cannot have KYC, or null. */
function refusal (documentType: string, caseType: string, ids: { documentId: number, caseId: number }): string | null {
  if (!(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(documentType)) return `KYC reads a Passport or IdentityCard; document ${ids.documentId} is a ${documentType}.`
  if (caseType !== 'Person') return `KYC checks a person's identity document; case ${ids.caseId} is a ${caseType}.`
  return null
}

/** KYC: a Person case's passport or identity card, its MRZ read and checked against the case (the same engine in both modes). */
export const kycCheckType = defineCheckType<IdentityDocumentSubject, KycResult>({
  name: 'KYC',
  service: { id: 1, code: 'kyc', name: 'KYC' },
  subjectType: 'document',
  subjectField: 'documentId',
  resultSchema: KycResult,
  // OCR holds a worker for seconds: few at once, as for statements.
  queue: () => ({ name: 'kyc.check', retryLimit: 2, retryDelaySeconds: 5, concurrency: 2 }),
  // Its photos' MRZ lines are cut out, and their pages turned upright, in the document parsers' sandbox processes.
  sandboxTaskModules: [MRZ_IMAGE_TASK_MODULE, VIZ_IMAGE_TASK_MODULE],
  trigger: { on: 'added', when: (added) => refusal(added.documentType ?? '', added.caseType ?? '', { documentId: added.subjectId, caseId: added.caseId }) === null },
  create: ({ clock, use }) => {
    const { ocr, imageIntegrity } = use('documentParsing')
    const cases = use('cases')
    return {
      provider: {
        name: 'idcheck-kyc',
        async run ({ document, person }) {
          const now = new Date(clock.now())
          const pool = ocr.forTenant(document.accountId)
          // The image's own integrity (an editor, a screenshot, a re-saved JPEG) weighs on the identity check too.
          const integrity = startImageIntegrity(imageIntegrity, document)
          // A scanned PDF's page is drawn once, for the MRZ, and read again for the printed zone.
          const pages = pageImages(pool, document)
          let reading
          try {
            reading = await readMrz(pool, document, now, pages)
          } catch (err) {
            if (err instanceof DocumentUnreadable) throw new CheckCannotComplete(err.message, { cause: err })
            throw err
          }
          const printed = await readPrintedZone(pool, document, { ...pageOf(reading), format: reading.format }, pages)
          return withImageSignals(assessIdentity(reading, person, document.documentType as IdentityDocumentType, now.toISOString().slice(0, 10), printed), await integrity())
        },
      },
      unavailableReason: null,
      async loadSubject (q, id) {
        const document = await loadDocument(q, id)
        const found = document && await cases.findForCheck(q, document.caseId)
        if (!document || !found) return undefined
        const { givenNames, surname, dobYear, dobMonth, dobDay } = found
        const pageCount = await documentPages(q, id)
        return { accountId: document.accountId, caseId: document.caseId, document: { ...document, pageCount }, caseType: found.type, person: { givenNames, surname, dobYear, dobMonth, dobDay } }
      },
      lockSubject: lockDocument,
      pagesToRead: documentPages,
      refuse: ({ document, caseType, caseId }) => refusal(document.documentType, caseType, { documentId: document.id, caseId }),
    }
  },
})
