import type { SandboxPool } from '../../../infra/sandbox/sandbox-pool.ts'
import type { RiskSignal } from '../analysis/analysis-types.ts'
import type { DocumentSubject } from '../document-subject.ts'
import { IDENTITY_DOCUMENT_TYPES } from '../documents.schemas.ts'
import { DOCUMENT_TASKS } from '../parser-task-names.ts'
import type { ImageIntegrityInput } from './assess-image-integrity.ts'

/** The image's integrity signals, read in a document parser's sandbox; none for a PDF (its own risk signals cover how it was made). */
export async function imageIntegrityOf (parsers: SandboxPool, document: DocumentSubject): Promise<RiskSignal[]> {
  if (document.kind === 'pdf') return []
  const purpose = [...IDENTITY_DOCUMENT_TYPES, 'DrivingLicence'].includes(document.documentType) ? 'identity' : 'statement'
  const input: ImageIntegrityInput = { bytes: document.bytes, kind: document.kind, purpose }
  return parsers.run<RiskSignal[]>(document.accountId, DOCUMENT_TASKS.assessImageIntegrity, input)
}
