import type { UncheckedField } from './mrz-close-calls.ts'
import { isMrzCountryCode } from './mrz-countries.ts'
import { cleanLine, repairedCandidates } from './mrz-corrections.ts'
import { parseMrzLines } from './mrz-fields.ts'
import type { ParsedMrz } from './mrz-fields.ts'
import { LINE_LENGTH } from './mrz-layout.ts'
import type { MrzFormat } from './mrz-layout.ts'

export interface OcrLine { text: string, confidence: number }

/** A parsed MRZ with tesseract's confidence in the lines it came from. */
export interface MrzCandidate extends ParsedMrz {
  confidence: number
  /** The fields without a check digit that hold a close call (mrz-close-calls.ts); only a glyph reading knows. */
  unsureFields?: UncheckedField[]
}

const LINE_COUNT: Record<MrzFormat, number> = { TD1: 3, TD2: 2, TD3: 2 }
// A line may be misread by a few characters (a filler run miscounted, noise at an edge).
const SLACK = 3

/** Runs of consecutive OCR lines whose lengths fit a format, the lowest on the page first. */
export function mrzLineGroups (ocrLines: OcrLine[]): { format: MrzFormat, lines: string[], confidence: number }[] {
  const cleaned = ocrLines.map((line) => ({ text: cleanLine(line.text), confidence: line.confidence }))
  const groups: { format: MrzFormat, lines: string[], confidence: number }[] = []
  for (let end = cleaned.length; end > 0; end--) {
    for (const format of ['TD3', 'TD1', 'TD2'] as const) {
      const count = LINE_COUNT[format]
      if (end - count < 0) continue
      const group = cleaned.slice(end - count, end)
      if (!group.every((line) => Math.abs(line.text.length - LINE_LENGTH[format]) <= SLACK)) continue
      groups.push({ format, lines: group.map((line) => line.text), confidence: group.reduce((sum, line) => sum + line.confidence, 0) / count })
    }
  }
  return groups
}

const knownCountries = (candidate: MrzCandidate) => [candidate.fields.issuingState, candidate.fields.nationality].filter(isMrzCountryCode).length

/**
 * Better first: all check digits valid, then the fewest failures, then the reading with more codes
 * that are real countries (no check digit covers them), then the surer reading.
 */
export function compareCandidates (a: MrzCandidate, b: MrzCandidate): number {
  return Number(b.valid) - Number(a.valid) || a.failedCheckDigits.length - b.failedCheckDigits.length ||
    knownCountries(b) - knownCountries(a) || b.confidence - a.confidence
}

/**
 * The best parse of one OCR reading: each group of lines that could be an MRZ, with every repair
 * the format allows, judged by the check digits. A look-alike swap (0 for O) is taken only when it
 * makes every check digit hold (unless `lookAlikeSwaps` is false). Null when no line looks like an MRZ.
 */
export function bestCandidate (ocrLines: OcrLine[], now: Date, options: { lookAlikeSwaps?: boolean } = {}): MrzCandidate | null {
  let best: MrzCandidate | null = null
  const groups = mrzLineGroups(ocrLines)
  for (const swaps of options.lookAlikeSwaps === false ? [false] : [false, true]) {
    for (const group of groups) {
      for (const lines of repairedCandidates(group.format, group.lines, swaps)) {
        const parsed = parseMrzLines(lines, now)
        if (!parsed || (swaps && !parsed.valid)) continue
        const candidate = { ...parsed, confidence: group.confidence }
        if (!best || compareCandidates(candidate, best) < 0) best = candidate
        if (candidate.valid) return candidate
      }
    }
  }
  return best
}
