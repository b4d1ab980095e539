import { bestCandidate, type MrzCandidate } from './mrz-candidates.ts'
import { LAYOUTS, LINE_LENGTH, type MrzFormat, UNCHECKED_LINES } from './mrz-layout.ts'
import type { GlyphReading } from './mrz-ocr-b.ts'

// How much closer O must match than 0 to be read as O where both may stand.
const ZERO_MARGIN = 0.1

/**
 * In a document or personal number, 0 where the shapes barely tell it from O: the check digit
 * cannot tell them apart either (the mrz library counts O as 0), and numbers hold far more zeros.
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

/**
 * The reading of a glyph-by-glyph pass, repaired only where the check digits then agree: first as
 * read (with bestCandidate's own positional and look-alike repairs), then with one or two of the
 * least sure characters replaced by their runner-up shape, the smallest loss of score first. A
 * repair that leaves a check digit failing is never taken; the reading as read is returned then.
 */
export function glyphCandidate (read: GlyphReading[], now: Date): MrzCandidate | null {
  const glyphs = zerosInNumbers(read)
  const asRead = bestCandidate(glyphs, now)
  if (!asRead || asRead.valid) return asRead
  const unsure = glyphs.flatMap((line, row) => line.symbols.map((symbol, col) => ({ row, col, loss: symbol.confidence - symbol.secondConfidence, second: symbol.second })))
    .filter((option) => option.second !== '')
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
    const repaired = bestCandidate(lines, now)
    if (repaired?.valid) return repaired
  }
  return asRead
}
