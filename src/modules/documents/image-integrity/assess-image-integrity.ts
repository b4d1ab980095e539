import { imageSize } from 'image-size'
import { type DocumentKind, DocumentUnreadable, type RiskSignal } from '../analysis/analysis-types.ts'
import { editingProgramSignals } from './editing-programs.ts'
import { readImageMetadata } from './image-metadata.ts'
import { doubleCompressionSignals } from './jpeg-recompression.ts'
import { readJpegStructure } from './jpeg-structure.ts'
import { screenshotSignals } from './screenshot.ts'

/** Identity documents (KYC) weigh an editor's mark higher than statement images. */
export type ImagePurpose = 'identity' | 'statement'

export interface ImageIntegrityInput { bytes: Uint8Array, kind: Exclude<DocumentKind, 'pdf'>, purpose: ImagePurpose }

/**
 * The integrity signals of an uploaded PNG or JPEG, in a stable order: an editing program in its
 * metadata, a screenshot, a JPEG compressed twice. Runs on untrusted bytes in a sandbox process
 * (parser-tasks.ts); the upload already refused what is not a whole image of a sane size.
 */
export async function assessImageIntegrity ({ bytes, kind, purpose }: ImageIntegrityInput): Promise<RiskSignal[]> {
  const metadata = await readImageMetadata(bytes)
  const { width, height } = imageSize(bytes)
  const signals = [...editingProgramSignals(metadata, purpose), ...screenshotSignals(metadata, { width, height })]
  if (kind === 'jpeg') signals.push(...await decodable(async () => doubleCompressionSignals(bytes, readJpegStructure(bytes))))
  return signals
}

/** A JPEG whose markers or pixels cannot be read fails the check once, with what to do about it. */
async function decodable<T> (read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (err) {
    throw new DocumentUnreadable('The JPEG image could not be decoded: it is damaged; upload the photo or scan again.', { cause: err })
  }
}
