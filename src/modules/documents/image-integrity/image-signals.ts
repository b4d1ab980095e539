import { imageSize } from 'image-size'
import { DocumentUnreadable, type RiskSignal } from '../analysis/analysis-types.ts'
import { editingProgramSignals } from './editing-programs.ts'
import { readImageMetadata } from './image-metadata.ts'
import { doubleCompressionSignals } from './jpeg-recompression.ts'
import { readJpegStructure } from './jpeg-structure.ts'
import { screenshotSignals } from './screenshot.ts'

/** Identity documents (KYC) weigh an editor's mark higher than statement images. */
export type ImagePurpose = 'identity' | 'statement'

export interface ImageSignalOptions {
  /** Names the image inside a PDF (" on page 2"); empty for an uploaded image. */
  where?: string
  /** Programs already judged elsewhere (the PDF's own Producer), left out of image_edited. */
  judgedElsewhere?: (program: string) => boolean
}

/**
 * One PNG's or JPEG's signals, in a stable order: an editing program in its metadata, a screenshot,
 * a JPEG compressed twice. Untrusted bytes: runs in a sandbox process (parser-tasks.ts).
 */
export async function imageSignals (bytes: Uint8Array, kind: 'png' | 'jpeg', purpose: ImagePurpose, { where = '', judgedElsewhere }: ImageSignalOptions = {}): Promise<RiskSignal[]> {
  const metadata = await readImageMetadata(bytes)
  const { width, height } = imageSize(bytes)
  const programs = judgedElsewhere === undefined ? metadata.programs : metadata.programs.filter((program) => !judgedElsewhere(program))
  const signals = [...editingProgramSignals({ ...metadata, programs }, purpose, where), ...screenshotSignals(metadata, { width, height }, where)]
  if (kind === 'jpeg') signals.push(...await decodable(async () => doubleCompressionSignals(bytes, readJpegStructure(bytes), where)))
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
