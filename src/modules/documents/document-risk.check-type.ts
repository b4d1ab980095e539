import { defineCheckType, type ProviderAnswer, riskRatingOf } from '../checks/index.ts'
import type { RiskSignal } from './analysis/analysis-types.ts'
import { type DocumentSubject, documentQueue, finalAboutTheFile, loadDocument, lockDocument } from './document-subject.ts'
import { DocumentRiskResult } from './documents.schemas.ts'
import { DOCUMENT_TASKS } from './parser-task-names.ts'

/** Document risk, run by this engine in both modes: signals the file itself shows (its producer, revisions, dates, hidden content, arithmetic), on every upload. */
export const documentRiskCheckType = defineCheckType<DocumentSubject, DocumentRiskResult>({
  name: 'DocumentRisk',
  service: { id: 5, code: 'document_risk', name: 'Document risk' },
  subjectType: 'document',
  subjectField: 'documentId',
  resultSchema: DocumentRiskResult,
  queue: () => documentQueue('document.risk', 4),
  trigger: { on: 'added' },
  create: ({ clock, use }) => {
    const { parsers, imageIntegrity } = use('documentParsing')
    return {
      provider: {
        name: 'idcheck-document-risk',
        run: (document) => finalAboutTheFile(async (): Promise<ProviderAnswer<DocumentRiskResult>> => {
          // A PDF's own signals first, then those of the scans on its image-only pages.
          const signals = document.kind !== 'pdf'
            ? await imageIntegrity(document)
            : [
                ...await parsers.run<RiskSignal[]>(document.accountId, DOCUMENT_TASKS.assessRisk, { bytes: document.bytes, kind: document.kind, now: new Date(clock.now()) }),
                ...await imageIntegrity(document),
              ]
          const worst = signals.some((s) => s.severity === 'high') ? 3 : signals.some((s) => s.severity === 'medium') ? 2 : 1
          return { riskRating: riskRatingOf(worst), result: { signals } }
        }),
      },
      unavailableReason: null,
      loadSubject: loadDocument,
      lockSubject: lockDocument,
    }
  },
})
