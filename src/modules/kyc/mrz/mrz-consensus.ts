import { compareCandidates } from './mrz-candidates.ts'
import type { UncheckedField } from './mrz-close-calls.ts'
import type { MrzCandidate } from './mrz-candidates.ts'
import { parseMrzLines } from './mrz-fields.ts'
import { NAME_FIELD } from './mrz-layout.ts'

/**
 * Several readings of the same MRZ voted character by character: independent misreads rarely
 * agree, so the majority is what is printed. Only readings of the same format take part.
 */
export function voteCandidates (candidates: MrzCandidate[], now: Date): MrzCandidate | null {
  const format = candidates[0]?.format
  const same = candidates.filter((candidate) => candidate.format === format)
  if (same.length < 3) return null
  const lines = same[0]!.lines.map((line, row) => [...line].map((_, col) => {
    const counts = new Map<string, number>()
    for (const candidate of same) {
      const c = candidate.lines[row]![col]!
      counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    const [c, votes] = [...counts].sort((a, b) => b[1] - a[1])[0]!
    // no majority: the readings disagree too much for a vote to mean anything
    return votes * 2 > same.length ? c : '?'
  }).join(''))
  if (lines.some((line) => line.includes('?'))) return null
  const parsed = parseMrzLines(lines, now)
  return parsed ? { ...parsed, confidence: same.reduce((sum, candidate) => sum + candidate.confidence, 0) / same.length } : null
}

/**
 * A reading to trust now, or null to read again: a valid reading is taken once another reading saw
 * the same lines, or the vote of three is valid. The name, nationality and codes have no check digit,
 * and a misread document number passes its digit one time in ten (G and 6 even weigh the same).
 */
export function agreedReading (readings: MrzCandidate[], now: Date): MrzCandidate | null {
  for (const candidate of readings.filter((reading) => reading.valid)) {
    if (readings.some((other) => other !== candidate && other.format === candidate.format && other.lines.join('') === candidate.lines.join(''))) return candidate
  }
  const voted = voteCandidates(readings, now)
  return voted?.valid ? voted : null
}

/** When no two readings agreed: a valid reading (with the voted name when there is one), else the least wrong. */
export function finalReading (readings: MrzCandidate[], now: Date): MrzCandidate | null {
  const best = [...readings].sort(compareCandidates)[0]
  if (!best?.valid) return best ?? null
  const voted = voteCandidates(readings, now)
  if (!voted || voted.format !== best.format) return best
  const line = NAME_FIELD[best.format][0]
  const lines = best.lines.map((text, row) => row === line ? voted.lines[row]! : text)
  const withName = parseMrzLines(lines, now)
  return withName?.valid ? { ...withName, confidence: best.confidence } : best
}

const UNCHECKED: UncheckedField[] = ['documentCode', 'issuingState', 'surname', 'givenNames', 'nationality', 'sex']

/**
 * The chosen reading's own close calls, and the fields without a check digit that another valid
 * reading of the same page read otherwise: the check digits cannot say which of them is right.
 */
export function disputedFields (chosen: MrzCandidate, readings: MrzCandidate[]): UncheckedField[] {
  const others = readings.filter((other) => other.valid && other.format === chosen.format && other.lines.join('') !== chosen.lines.join(''))
  const disputed = UNCHECKED.filter((field) => others.some((other) => other.fields[field] !== chosen.fields[field]))
  return [...new Set([...(chosen.unsureFields ?? []), ...disputed])]
}
