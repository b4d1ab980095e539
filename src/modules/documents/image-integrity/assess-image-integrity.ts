import type { DocumentKind, RiskSignal } from '../analysis/analysis-types.ts'
import { pdfImageSignals } from './pdf-image-signals.ts'
import { type ImagePurpose, imageSignals } from './image-signals.ts'

export type { ImagePurpose } from './image-signals.ts'

export interface ImageIntegrityInput { bytes: Uint8Array, kind: DocumentKind, purpose: ImagePurpose }

/**
 * The integrity signals of an uploaded PNG or JPEG, or of the JPEGs on a PDF's image-only pages (a
 * scan delivered as a PDF). Runs on untrusted bytes in a sandbox process (parser-tasks.ts, which
 * pre-scans a PDF first); the upload already refused an image that is not whole or of a sane size.
 */
export async function assessImageIntegrity ({ bytes, kind, purpose }: ImageIntegrityInput): Promise<RiskSignal[]> {
  return kind === 'pdf' ? pdfImageSignals(bytes, purpose) : imageSignals(bytes, kind, purpose)
}
