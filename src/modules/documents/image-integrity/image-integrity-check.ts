import type { SandboxPool } from '../../../infra/sandbox/sandbox-pool.ts'
import { type RiskRating, riskRatingOf } from '../../checks/index.ts'
import type { RiskSignal } from '../analysis/analysis-types.ts'
import { type DocumentSubject, finalAboutTheFile } from '../document-subject.ts'
import { IDENTITY_DOCUMENT_TYPES } from '../documents.schemas.ts'
import { DOCUMENT_TASKS } from '../parser-task-names.ts'
import type { ImageIntegrityInput } from './assess-image-integrity.ts'

/** The image's integrity signals (a PDF's: those of the JPEGs on its image-only pages), read in a document parser's sandbox. */
export async function imageIntegrityOf (parsers: SandboxPool, document: DocumentSubject): Promise<RiskSignal[]> {
  const purpose = [...IDENTITY_DOCUMENT_TYPES, 'DrivingLicence'].includes(document.documentType) ? 'identity' : 'statement'
  const input: ImageIntegrityInput = { bytes: document.bytes, kind: document.kind, purpose }
  return parsers.run<RiskSignal[]>(document.accountId, DOCUMENT_TASKS.assessImageIntegrity, input)
}

/** A check's answer with the image's signals added, its rating raised to the worst of them (any high → High, any medium → Medium). */
export function withImageSignals<R extends { signals: RiskSignal[] }> (answer: { riskRating: RiskRating, result: R }, signals: RiskSignal[]): { riskRating: RiskRating, result: R } {
  if (signals.length === 0) return answer
  const worst = Math.max(answer.riskRating.id, ...signals.map((s) => SEVERITY_RATING[s.severity]))
  return { riskRating: riskRatingOf(worst), result: { ...answer.result, signals: [...answer.result.signals, ...signals] } }
}

const SEVERITY_RATING = { low: 1, medium: 2, high: 3 } as const

/** A document's image integrity signals, worked out once however many checks ask. */
export type ImageIntegrity = (document: DocumentSubject) => Promise<RiskSignal[]>

/**
 * Image integrity shared by the checks of one process: a passport's upload starts KYC and document
 * risk together, and both weigh the same image, so the second asks for the first's answer (kept for
 * the last `keep` documents; a failure is not kept, so a retry works it out again).
 */
export function sharedImageIntegrity (parsers: SandboxPool, keep = 32): ImageIntegrity {
  const answers = new Map<number, Promise<RiskSignal[]>>()
  return (document) => {
    const known = answers.get(document.id)
    if (known) return known
    const running = imageIntegrityOf(parsers, document)
    answers.set(document.id, running)
    running.catch(() => answers.delete(document.id))
    if (answers.size > keep) answers.delete(answers.keys().next().value!)
    return running
  }
}

/**
 * Starts the image's integrity work beside another (KYC's reading of the same image), so neither
 * waits for the other; the signals when asked, or the failure, final about the file, then.
 */
export function startImageIntegrity (integrity: ImageIntegrity, document: DocumentSubject): () => Promise<RiskSignal[]> {
  const running = finalAboutTheFile(() => integrity(document))
  running.catch(() => {}) // a failure is thrown when the signals are asked for, not as an unhandled rejection before
  return () => running
}
