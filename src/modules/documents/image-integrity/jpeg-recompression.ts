import type { RiskSignal } from '../analysis/analysis-types.ts'
import { blockCoefficients } from './dct-blocks.ts'
import { earlierStepEvidence } from './double-compression.ts'
import { decodeLuma } from './jpeg-luma.ts'
import type { JpegStructure } from './jpeg-structure.ts'

/** The nine lowest AC frequencies (natural indices): where most blocks have coefficients worth counting. */
const FREQUENCIES = [1, 8, 9, 2, 16, 17, 10, 3, 24]
/**
 * Log-likelihood gain per coefficient above which an earlier step explains a frequency better than
 * one compression. On the tune set (seed 1) single saves at quality 60-97 stay below 0.16 (the
 * Laplacian fits coarse steps loosely); a save over an earlier, coarser one reaches 0.2 to 1.4 on
 * most frequencies. A re-save at a lower quality stays in the single saves' range: not detected.
 */
export const GAIN_THRESHOLD = 0.18
/** Frequencies that must agree, so one odd histogram does not decide. */
export const MIN_FREQUENCIES = 3

export interface RecompressionEvidence { frequencies: number, agreeing: number, gains: number[] }

/** How many low frequencies show an earlier, different quantisation step. */
export async function recompressionEvidence (bytes: Uint8Array, structure: JpegStructure): Promise<RecompressionEvidence> {
  const luminance = structure.components[0]
  const table = luminance && structure.tables.get(luminance.tableId)
  if (!table) return { frequencies: 0, agreeing: 0, gains: [] }
  const { luma, width, height } = await decodeLuma(bytes)
  const coefficients = blockCoefficients(luma, width, height, FREQUENCIES)
  const evidence = FREQUENCIES.map((f, i) => earlierStepEvidence(coefficients[i]!, table[f]!)).filter((e) => e.samples > 0)
  // Only a coarser earlier step leaves a trace a finer one cannot mimic (empty bins); a finer one fits as loosely as noise.
  const agreeing = evidence.filter((e) => e.gainPerSample > GAIN_THRESHOLD && (e.earlierStep ?? 0) > e.step)
  return { frequencies: evidence.length, agreeing: agreeing.length, gains: evidence.map((e) => e.gainPerSample) }
}

export async function doubleCompressionSignals (bytes: Uint8Array, structure: JpegStructure, where = ''): Promise<RiskSignal[]> {
  const { agreeing } = await recompressionEvidence(bytes, structure)
  if (agreeing < MIN_FREQUENCIES) return []
  return [{
    code: 'jpeg_double_compression',
    severity: 'medium',
    message: `The JPEG${where} was compressed twice at different qualities (its coefficients keep the trace of an earlier compression): it was re-saved after it was taken, as an editor does; ask for the original file.`,
  }]
}
