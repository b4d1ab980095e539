import type { RiskSignal } from '../analysis/analysis-types.ts'

// Every save writes a cross-reference section that ends "startxref <offset> %%EOF"; an incremental update
// appends another one after the first, leaving the original bytes in place.
const REVISION_END = /startxref\s+\d+\s+%%EOF/g
const LINEARIZATION = /<<[^>]*\/Linearized[^>]*>>/
const LINEARIZED_LENGTH = /\/L\s+(\d+)/
// A digital signature is always added as an incremental update; a signed statement is not an edited one.
const SIGNATURE = /\/ByteRange\s*\[/

export function incrementalUpdateSignals (raw: string): RiskSignal[] {
  const updates = countUpdates(raw)
  if (updates === 0) return []
  return [{
    code: 'incremental_updates',
    severity: 'medium',
    message: `The PDF has ${updates + 1} revisions: ${updates === 1 ? 'an update was' : `${updates} updates were`} appended after it was first written, the way an editor saves changes.`,
  }]
}

/**
 * Revisions appended after the original. The original ends at its first "%%EOF", except in a linearized file,
 * which may carry a first-page trailer of its own before the main one: there the original ends at the length
 * /L its linearization dictionary records, and only sections past that length count.
 */
export function countUpdates (raw: string): number {
  const ends = [...raw.matchAll(REVISION_END)].map((match) => match.index + match[0].length)
  const originalEnd = linearizedLength(raw) ?? ends[0] ?? raw.length
  let previousEnd = originalEnd
  let updates = 0
  for (const end of ends) {
    if (end <= originalEnd + 2) continue
    if (!SIGNATURE.test(raw.slice(previousEnd, end))) updates++
    previousEnd = end
  }
  return updates
}

function linearizedLength (raw: string): number | undefined {
  const dictionary = LINEARIZATION.exec(raw.slice(0, 1024))?.[0]
  const length = dictionary === undefined ? undefined : LINEARIZED_LENGTH.exec(dictionary)?.[1]
  return length === undefined ? undefined : Number(length)
}
