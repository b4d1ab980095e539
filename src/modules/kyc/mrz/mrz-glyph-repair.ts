import { bestCandidate, type MrzCandidate } from './mrz-candidates.ts'
import { unsureFields } from './mrz-close-calls.ts'
import { LAYOUTS, LINE_LENGTH, type MrzFormat, UNCHECKED_LINES } from './mrz-layout.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'

// How much closer O must match than 0 to be read as O where both may stand: as far as a repair
// reaches back (MAX_LOSS), since OCR-B's O and 0 are drawn a little differently by each printer.
const ZERO_MARGIN = 0.15

/**
 * In a document or personal number, 0 where the shapes barely tell it from O: numbers hold far
 * more zeros, and the check digit tells (O weighs 24, not 0), so a real O is swapped back by the repair.
 */
function zerosInNumbers (glyphs: GlyphReading[]): GlyphReading[] {
  const format = (Object.keys(LINE_LENGTH) as MrzFormat[]).find((f) => LAYOUTS[f].length === glyphs.length && LINE_LENGTH[f] === glyphs[0]?.text.length)
  if (!format) return glyphs
  return glyphs.map((line, row) => {
    if (UNCHECKED_LINES[format].includes(row)) return line
    const layout = LAYOUTS[format][row]!
    const symbols = line.symbols.map((symbol, col) => layout[col] === 'x' && symbol.text === 'O' && symbol.second === '0' && symbol.confidence - symbol.secondConfidence < ZERO_MARGIN
      ? { ...symbol, text: '0', confidence: symbol.secondConfidence, second: 'O', secondConfidence: symbol.confidence }
      : symbol)
    return { ...line, symbols, text: symbols.map((symbol) => symbol.text).join('') }
  })
}

// The least sure characters whose runner-up is tried: enough for a smudge or two, few enough to stay fast.
const UNSURE = 6
// A runner-up this much behind is no close call: trying it would be guessing, which check digits pass one time in ten.
const MAX_LOSS = 0.15

/**
 * The reading of a glyph-by-glyph pass, repaired only where the check digits then agree: first as
 * read (with bestCandidate's positional repairs: a digit's place takes the digit its letter looks
 * like), then with one or two of the least sure characters replaced by their runner-up shape when
 * it came close, the smallest loss of score first. A
 * repair that leaves a check digit failing is never taken; the reading as read is returned then.
 * The fields no check digit covers that hold a close call come back as `unsureFields`.
 */
export function glyphCandidate (read: GlyphReading[], now: Date): MrzCandidate | null {
  const glyphs = zerosInNumbers(read)
  const candidate = repairedCandidate(glyphs, now)
  return candidate && { ...candidate, unsureFields: unsureFields(candidate, glyphs) }
}

function repairedCandidate (glyphs: GlyphReading[], now: Date): MrzCandidate | null {
  // No blind look-alike swaps: the matcher's own runner-up is the evidence for a repair, and a swap it
  // did not see can pass the check digits by chance (a 3 read as 9 and a 0 swapped for O cancel out).
  const asRead = bestCandidate(glyphs, now, { lookAlikeSwaps: false })
  if (!asRead || asRead.valid) return asRead
  const unsure = glyphs.flatMap((line, row) => line.symbols.map((symbol, col) => ({ row, col, loss: symbol.confidence - symbol.secondConfidence, second: symbol.second })))
    .filter((option) => option.second !== '' && option.loss < MAX_LOSS)
    .sort((a, b) => a.loss - b.loss)
    .slice(0, UNSURE)
  const changes = [
    ...unsure.map((one) => ({ swaps: [one], loss: one.loss })),
    ...unsure.flatMap((one, i) => unsure.slice(i + 1).map((two) => ({ swaps: [one, two], loss: one.loss + two.loss }))),
  ].sort((a, b) => a.loss - b.loss)
  for (const { swaps } of changes) {
    const lines = glyphs.map((line, row) => ({
      text: [...line.text].map((c, col) => swaps.find((swap) => swap.row === row && swap.col === col)?.second ?? c).join(''),
      confidence: line.confidence,
    }))
    const repaired = bestCandidate(lines, now, { lookAlikeSwaps: false })
    if (repaired?.valid) return repaired
  }
  return asRead
}
